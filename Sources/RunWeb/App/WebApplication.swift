package import RunHTTP
import RunCore

/// The web UI and the JSON API as an ``HTTPHandler``: a chain of ``Middleware`` in front of the
/// routes' handlers. Outermost first:
///
/// 1. ``RetryAfterMiddleware`` — every 503 and 429 says when to try again;
/// 2. ``SecurityHeadersMiddleware`` — CSP and the other security headers, `no-store` by default;
/// 3. ``SessionMiddleware`` — the session cookie, when a session was made for the request;
/// 4. ``ErrorMappingMiddleware`` — errors thrown below become JSON or an error page;
/// 5. ``HostCheckMiddleware`` — localhost only, when listening on loopback;
/// 6. ``StaticAssetsMiddleware`` — `/static/…`;
/// 7. ``RoutingMiddleware`` — the route and its parameters, 404, 405;
/// 8. ``CSRFMiddleware`` — unsafe methods carry their session's token;
/// 9. ``IdentityMiddleware`` — who is asking;
/// 10. ``WorkspaceMiddleware`` — the store connections, settings, formatting and live state;
/// 11. ``ChangeTrackingMiddleware`` — an unsafe request notes a change;
/// 12. ``CacheMiddleware`` — pages and API answers kept per identity until something they show changes;
///
/// then the route's handler. Pages and API handlers live in `Pages/`, `API/` and `Handlers/`;
/// this type knows none of them.
package final class WebApplication: HTTPHandler {
    package let configuration: WebConfiguration
    package let pool: StorePool
    /// The sessions and their CSRF tokens.
    package let sessions: SessionStore
    let assets: StaticAssets
    let router: Router<WebRoute>
    let cache: PageCache
    /// Wakes the live event streams (one store observer for all of them) and counts them.
    package let liveFeed: LiveFeed
    /// The uploads waiting to be imported, imported one at a time off the server's threads.
    package let imports: ImportQueue
    /// Bodies being spooled at once (``WebConfiguration/spoolBudget``).
    package let spoolBudget: SpoolBudget
    private let admission: UploadAdmission

    /// The places for downloads being written at once.
    let downloads: WorkSlots
    /// The places for tracks cleaned again from their points.
    let trackWork: WorkSlots

    /// Recomputes the runs after a change of the analysis settings, one pass at a time, off the server's threads.
    package let recompute: RecomputeWorker
    /// Stores, off the server's threads, the sketch a run page computed for a run stored without one.
    package let sketches: SketchKeeper

    /// Downloads being written now (each holding a place of ``WebConfiguration/downloadLimit``).
    package var downloadsInProgress: Int { downloads.count }
    private let chain: MiddlewareChain
    /// What a body over the limit goes through: headers, session and error mapping only.
    private let outerMiddleware: [any Middleware]
    /// What a request's head goes through before its body is read: the outer middleware, the
    /// host check, static files, the route and the CSRF check of the head (``CSRFHeadMiddleware``);
    /// a head that passes them all is answered ``headPassed``.
    private let headChain: MiddlewareChain
    /// The status the head chain's end answers with: 100 Continue, "send the body" (RFC 9110 §15.2.1).
    private static let headPassed = 100

    /// - Parameters:
    ///   - pool: the library and settings connections.
    ///   - identify: who a request is (after its session is known); by default the session's
    ///     identity, else the anonymous local user.
    ///   - shared: the spool budget, download and track places and static files of the server,
    ///     when several applications share them (server mode's users); nil: this one's own.
    package init(pool: StorePool, configuration: WebConfiguration = WebConfiguration(),
                identify: (@Sendable (RequestContext) -> Identity)? = nil, shared: ServerWideResources? = nil) {
        let shared = shared ?? ServerWideResources(configuration: configuration)
        self.pool = pool
        self.configuration = configuration
        ServerPaths.register(configuration.serverFolders + [configuration.spoolDirectory])
        sessions = SessionStore(limit: configuration.sessionLimit, perAddressLimit: configuration.sessionsPerAddress,
                                idleSeconds: configuration.sessionIdleSeconds,
                                now: configuration.sessionClock)
        let assets = shared.assets
        let cache = PageCache(budgetBytes: configuration.cacheBudgetBytes)
        self.assets = assets
        self.cache = cache
        liveFeed = LiveFeed(streamLimit: configuration.liveStreamLimit, perAddressLimit: configuration.liveStreamsPerAddress)
        imports = ImportQueue(pool: pool, configuration: configuration)
        spoolBudget = shared.spoolBudget
        admission = UploadAdmission(configuration: configuration, sessions: sessions, imports: imports, budget: spoolBudget, pool: pool)
        downloads = shared.downloads
        trackWork = shared.trackWork
        recompute = RecomputeWorker(pool: pool, willStart: configuration.recomputeWillStart)
        sketches = SketchKeeper(pool: pool)
        var router = Router<WebRoute>()
        PageRoutes.register(in: &router, configuration: configuration)
        APIRoutes.register(in: &router, configuration: configuration)
        self.router = router
        let errors = ErrorMappingMiddleware(pool: pool)
        chain = MiddlewareChain(middleware: [
            RetryAfterMiddleware(),
            SecurityHeadersMiddleware(),
            SessionMiddleware(),
            errors,
            HostCheckMiddleware(),
            StaticAssetsMiddleware(assets: assets),
            RoutingMiddleware(router: router),
            CSRFMiddleware(),
            IdentityMiddleware(resolve: identify ?? IdentityMiddleware.sessionOrLocalUser),
            WorkspaceMiddleware(pool: pool),
            ChangeTrackingMiddleware(pool: pool),
            CacheMiddleware(cache: cache, pool: pool),
        ], endpoint: { context in
            guard let route = context.route else { throw WebError.notFound() }
            return try route.handle(context)
        })
        outerMiddleware = [RetryAfterMiddleware(), SecurityHeadersMiddleware(), SessionMiddleware(), errors]
        headChain = MiddlewareChain(middleware: outerMiddleware + [HostCheckMiddleware(), StaticAssetsMiddleware(assets: assets),
                                                                   RoutingMiddleware(router: router), CSRFHeadMiddleware()],
                                    endpoint: { _ in HTTPResponse(status: WebApplication.headPassed) })
    }

    /// Every route's method and pattern.
    package var routes: [(method: String, pattern: String)] { router.patterns }

    // MARK: HTTPHandler

    package func bodyLimit(for head: HTTPRequest) -> Int {
        if case .found(let route, _) = router.match(method: head.method, path: head.path) {
            return route.bodyLimit ?? configuration.formLimitBytes
        }
        return configuration.formLimitBytes
    }

    /// Uploads are written to ``WebConfiguration/spoolDirectory`` as they arrive; other bodies stay in memory.
    package func spoolDirectory(for head: HTTPRequest) -> String? {
        if case .found(let route, _) = router.match(method: head.method, path: head.path), route.spoolsBody {
            return configuration.spoolDirectory
        }
        return nil
    }

    /// An upload is admitted from its head before a byte of it is written (``UploadAdmission``:
    /// host, session and token, declared length, queue, spool budget), or refused at once. Any
    /// other body is read into memory only when its head passes what the whole request will be
    /// checked for (``headChain``: the host, a route that takes this method, the session and its
    /// token where the head can show them); else it is answered at once, its body never read
    /// (issue 16, breaker finding C: 512 POSTs dripping bodies to a missing path held 1 MiB each).
    package func admitBody(of head: HTTPRequest, declaredLength: Int?) -> BodyAdmission {
        admitBody(of: head, declaredLength: declaredLength, as: nil)
    }

    /// ``admitBody(of:declaredLength:)`` for a request whose sender is known already (server
    /// mode: ``ServerModeApplication`` found the login session or the API token).
    package func admitBody(of head: HTTPRequest, declaredLength: Int?, as principal: Principal?) -> BodyAdmission {
        guard let directory = spoolDirectory(for: head) else {
            let answer = respond(to: head, through: headChain, principal: principal)
            return answer.status == Self.headPassed ? .memory : .refuse(answer)
        }
        let refusal: any Error
        if configuration.requiresLoopbackHost, !HostCheckMiddleware.isLoopbackHost(head.header("host")) {
            return .refuse(respond(to: head, through: MiddlewareChain(middleware: outerMiddleware + [HostCheckMiddleware()],
                                                                      endpoint: { _ in throw WebError.notFound() })))
        }
        do {
            let reservation = try admission.admit(head, declaredLength: declaredLength, principal: principal)
            return .spool(directory: directory, reservation: reservation)
        } catch {
            refusal = error
        }
        return .refuse(respond(to: head, through: MiddlewareChain(middleware: outerMiddleware, endpoint: { _ in throw refusal })))
    }

    package func respondPayloadTooLarge(to head: HTTPRequest, limit: Int) -> HTTPResponse {
        refuse(head, with: WebError(413, "tooLarge", "the body is over the limit of \(limit) bytes", limitBytes: limit))
    }

    /// An answer the server had no room to hold while it is written (``RunHTTP/AnswerBudget``):
    /// 503 `answersBusy` in all, 429 `tooManyAnswers` for the client's address, with `Retry-After`
    /// and the bound in `limitBytes`.
    package func respondAnswersBusy(to head: HTTPRequest, refusal: AnswerRefusal) -> HTTPResponse {
        var error = WebError(refusal.status, refusal.code, refusal.sentence).retryingAfter(seconds: AnswerRefusal.retryAfterSeconds)
        error.data["limitBytes"] = .integer(Int64(refusal.limitBytes))
        return refuse(head, with: error)
    }

    /// The answer to a request refused before its handler: through the outer middleware only
    /// (headers, session, error mapping), as JSON or an error page.
    private func refuse(_ head: HTTPRequest, with error: WebError) -> HTTPResponse {
        respond(to: head, through: MiddlewareChain(middleware: outerMiddleware, endpoint: { _ in throw error }))
    }

    package func respond(to request: HTTPRequest) -> HTTPResponse {
        respond(to: request, through: chain)
    }

    /// Answers a request whose sender is known already (server mode: ``ServerModeApplication``
    /// found the login session or the API token): its session is that one — no cookie is set,
    /// none is looked up here —, and one authenticated by a token needs no CSRF token.
    package func respond(to request: HTTPRequest, as principal: Principal) -> HTTPResponse {
        respond(to: request, through: chain, principal: principal)
    }

    private func respond(to request: HTTPRequest, through chain: MiddlewareChain, principal: Principal? = nil) -> HTTPResponse {
        var context = RequestContext(request: request, configuration: configuration, sessions: sessions, pool: pool, assets: assets,
                                     liveFeed: liveFeed, imports: imports, downloads: downloads,
                                     trackWork: trackWork, recompute: recompute, sketches: sketches, principal: principal)
        do {
            return try chain.respond(to: &context)
        } catch {
            // The chain maps every error; this is for one thrown by the mapping middleware's outer neighbours.
            return RetryAfterMiddleware.ensured(APIResponses.error(ErrorMappingMiddleware.webError(error)))
        }
    }
}
