import Foundation
import RunCore
package import RunHTTP
import RunStore
import RunUI

/// `runlog serve` in server mode: many users on one PostgreSQL database, each logging in. An
/// ``HTTPHandler`` in front of every user's own ``WebApplication`` (``Tenants``):
///
/// 1. the `Host` check, static files, `GET /healthz` (no login needed: ``HealthCheck``);
/// 2. `GET`/`POST /login`, `POST /logout` (``LoginRoutes``);
/// 3. who is asking: an `Authorization: Bearer runlog_…` header (an API token: no CSRF token
///    needed, no cookie set; a header that proves nothing is 401 `invalidToken`), else the
///    `runlog_session` cookie's login session, kept in the database (``RunStore/LoginSessions``)
///    so that every server process sharing it knows it;
/// 4. nobody: a page redirects to the login page, the API answers 401 `unauthenticated` with
///    `WWW-Authenticate`; an admin gets 403 `adminAccount` (an admin manages accounts, not runs);
/// 5. a runner: their own application answers, with the login session as its session.
///
/// Every request gets a line on standard error (``AccessLog``) unless ``ServerMode/logsRequests`` is off.
package final class ServerModeApplication: HTTPHandler {
    package let mode: ServerMode
    /// What every user's application is made with.
    package let configuration: WebConfiguration
    /// Every user's application, made on their first request.
    package let tenants: Tenants
    let accounts: AccountStorePool
    package let throttle: LoginThrottle
    package let hashSlots: HashSlots
    /// The routes, their body limits and the static files: an application whose storage is never
    /// opened (it answers no route that reads data).
    package let routeTable: WebApplication

    /// The login's CSRF cookie (``LoginRoutes``).
    static let loginCookieName = "runlog_login"

    package init(mode: ServerMode, configuration: WebConfiguration = WebConfiguration()) {
        var configuration = configuration
        configuration.publicOrigin = mode.publicOrigin
        // One page cache per user: the budget is shared out (at least 2 MiB each).
        configuration.cacheBudgetBytes = max(2 << 20, configuration.cacheBudgetBytes / max(1, mode.userLimit))
        self.mode = mode
        self.configuration = configuration
        tenants = Tenants(limit: mode.userLimit, idleWorkspaces: mode.idleWorkspaces, configuration: configuration, storage: mode.storage)
        accounts = AccountStorePool(open: mode.openAccounts)
        throttle = LoginThrottle(perName: mode.throttleRules.perName, perAddress: mode.throttleRules.perAddress)
        hashSlots = HashSlots(limit: mode.hashLimit, waitLimit: mode.hashWaitLimit)
        routeTable = WebApplication(pool: StorePool(storage: mode.storage(""), idleLimit: 0), configuration: configuration)
    }

    /// Every route's method and pattern (the users' applications' routes).
    package var routes: [(method: String, pattern: String)] { routeTable.routes }

    /// The login sessions' rules over `store`.
    func sessions(_ store: any AccountStore) -> LoginSessions {
        LoginSessions(store: store, idleSeconds: mode.sessionIdleSeconds, absoluteSeconds: mode.sessionAbsoluteSeconds)
    }

    // MARK: HTTPHandler

    package func bodyLimit(for head: HTTPRequest) -> Int { routeTable.bodyLimit(for: head) }

    package func spoolDirectory(for head: HTTPRequest) -> String? { routeTable.spoolDirectory(for: head) }

    /// A body is admitted by its user's application, from its head (whose it is, then that
    /// application's checks: an upload's before a byte of it is written, any other's before it
    /// is buffered); a body of nobody, or of an admin, is refused at once. The login's and the
    /// logout's forms (small: the form limit) are read and checked whole.
    package func admitBody(of head: HTTPRequest, declaredLength: Int?) -> BodyAdmission {
        if [LoginRoutes.loginPath, LoginRoutes.logoutPath].contains(head.path) { return .memory }
        let started = ProcessInfo.processInfo.systemUptime
        var userID: Int64?
        let refusal: HTTPResponse
        if let wrongHost = HostCheckMiddleware.refusal(of: head, requiresLoopbackHost: configuration.requiresLoopbackHost) {
            refusal = finished(wrongHost)
        } else {
            do {
                let found = try authenticate(head)
                if let principal = found.principal, principal.account.role == .runner {
                    return try tenants.application(for: principal.account).admitBody(of: head, declaredLength: declaredLength, as: principal)
                }
                userID = found.principal?.account.id
                refusal = finished(found.principal.map { adminAnswer(head, $0) } ?? anonymousAnswer(head, clearsCookie: found.clearsCookie))
            } catch {
                refusal = finished(errorAnswer(error, head))
            }
        }
        log(head, refusal, since: started, userID: userID)
        return .refuse(refusal)
    }

    package func respondPayloadTooLarge(to head: HTTPRequest, limit: Int) -> HTTPResponse {
        let started = ProcessInfo.processInfo.systemUptime
        let response = finished(errorAnswer(WebError(413, "tooLarge", "the body is over the limit of \(limit) bytes", limitBytes: limit), head))
        log(head, response, since: started, userID: nil)
        return response
    }

    package func respond(to request: HTTPRequest) -> HTTPResponse {
        let started = ProcessInfo.processInfo.systemUptime
        var userID: Int64?
        let response = answer(request, userID: &userID)
        log(request, response, since: started, userID: userID)
        return response
    }

    // MARK: Answering

    private func answer(_ request: HTTPRequest, userID: inout Int64?) -> HTTPResponse {
        if let refusal = HostCheckMiddleware.refusal(of: request, requiresLoopbackHost: configuration.requiresLoopbackHost) {
            return finished(refusal)
        }
        if request.path.hasPrefix("/static/") { return routeTable.respond(to: request) }
        do {
            switch request.path {
            case HealthCheck.path: return finished(try HealthCheck.response(to: request, accounts: accounts))
            case LoginRoutes.loginPath: return finished(try LoginRoutes.login(request, application: self))
            case LoginRoutes.logoutPath: return finished(try LoginRoutes.logout(request, application: self))
            default: break
            }
            let found = try authenticate(request)
            guard let principal = found.principal else { return finished(anonymousAnswer(request, clearsCookie: found.clearsCookie)) }
            userID = principal.account.id
            guard principal.account.role == .runner else { return finished(adminAnswer(request, principal)) }
            let application = try tenants.application(for: principal.account)
            return PageLayout.$signedInName.withValue(principal.isToken ? nil : principal.account.name) {
                application.respond(to: request, as: principal)
            }
        } catch {
            return finished(errorAnswer(error, request))
        }
    }

    /// Who `request` is: an API token's account (a token that proves nothing throws 401
    /// `invalidToken`), a login session's, or nobody — with whether the cookie named a session
    /// that is over (it is then cleared).
    func authenticate(_ request: HTTPRequest) throws -> (principal: Principal?, clearsCookie: Bool) {
        if let authorization = request.header("authorization") {
            let account = try accounts.withAccounts { try $0.account(authorization: authorization, nowSeconds: mode.clock()) }
            guard let account else { throw Self.invalidToken }
            return (Principal.token(of: account), false)
        }
        guard let id = request.cookies[Session.cookieName] else { return (nil, false) }
        switch try lookup(sessionID: id) {
        case .active(let stored):
            let digest = LoginSessions.digest(of: id) ?? []
            return (Principal.loginSession(stored, digestHex: digest.map { String(format: "%02x", $0) }.joined()), false)
        case .expired, .unknown:
            return (nil, true)
        }
    }

    /// The login session `id` names now.
    func lookup(sessionID id: String) throws -> LoginSessions.Lookup {
        try accounts.withStore { try sessions($0).lookup(id: id, nowSeconds: mode.clock()) }
    }

    /// A request of nobody: the API's 401 `unauthenticated` (with `WWW-Authenticate`), a page's
    /// redirect to the login page (which comes back to it).
    private func anonymousAnswer(_ request: HTTPRequest, clearsCookie: Bool) -> HTTPResponse {
        var response: HTTPResponse
        if Self.isAPI(request) {
            response = APIResponses.error(WebError(401, "unauthenticated", "log in first: send an API token (Authorization: Bearer "
                                                   + "runlog_…; runlog tokens create makes one), or the cookie of a login session"))
            response.add("WWW-Authenticate", "Bearer realm=\"runlog\"")
        } else {
            response = LoginRoutes.redirectToLogin(from: request)
        }
        if clearsCookie { response.add("Set-Cookie", clearedSessionCookie) }
        return response
    }

    /// An admin's request: accounts are managed with `runlog users` and `runlog tokens`; an admin has no runs.
    private func adminAnswer(_ request: HTTPRequest, _ principal: Principal) -> HTTPResponse {
        let strings = AccountStrings.english
        if Self.isAPI(request) || principal.isToken {
            return APIResponses.error(WebError(403, "adminAccount", "an admin account manages accounts, not runs: use a runner's account or token"))
        }
        return LoginPage.note(strings.adminHasNoRuns, strings: strings, csrfToken: principal.session.csrfToken, status: 403)
    }

    /// An error of this layer's own answers: the API's JSON, or a page.
    func errorAnswer(_ error: any Error, _ request: HTTPRequest) -> HTTPResponse {
        let webError = WebError(from: error, language: .english)
        if webError.status >= 500 { ErrorMappingMiddleware.log("\(request.method) \(request.path): \(webError.code): \(error)") }
        var response = Self.isAPI(request) ? APIResponses.error(webError)
            : ErrorPage.response(webError, formatter: DisplayFormatter(), csrfToken: "", tooLargeLimit: webError.limitBytes)
        for header in webError.headers { response.add(header.name, header.value) }
        return response
    }

    /// Whether a request is the API's (its answers are JSON).
    static func isAPI(_ request: HTTPRequest) -> Bool { request.path.hasPrefix("/api/") }

    /// 401 `invalidToken` (RFC 6750 §3.1: `error="invalid_token"`): an `Authorization` header
    /// that is not a live token of an enabled account — malformed, unknown, revoked, disabled alike.
    static let invalidToken = WebError(401, "invalidToken", "the Authorization header holds no valid API token (Bearer runlog_…): "
                                       + "it is malformed, unknown or revoked, or its user is disabled",
                                       headers: [("WWW-Authenticate", "Bearer realm=\"runlog\", error=\"invalid_token\"")])

    // MARK: Cookies and the frame

    /// `Set-Cookie` of a login session: `HttpOnly`, `SameSite=Lax` (a link from elsewhere opens a
    /// page logged in; unsafe requests still carry the session's CSRF token), `Secure` when the
    /// public URL is https.
    func sessionCookie(_ id: String) -> String {
        "\(Session.cookieName)=\(id); Path=/; HttpOnly; SameSite=Lax" + (mode.isSecure ? "; Secure" : "")
    }

    var clearedSessionCookie: String {
        "\(Session.cookieName)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax" + (mode.isSecure ? "; Secure" : "")
    }

    /// What every answer made here carries (the users' applications add their own): the security
    /// headers, `Cache-Control: no-store`, `Retry-After` on a 503 or 429.
    func finished(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        for header in SecurityHeaders.headers(tileOrigin: nil) { response.add(header.name, header.value) }
        if response.header("cache-control") == nil { response.add("Cache-Control", "no-store") }
        return RetryAfterMiddleware.ensured(response)
    }

    private func log(_ request: HTTPRequest, _ response: HTTPResponse, since started: Double, userID: Int64?) {
        guard mode.logsRequests else { return }
        AccessLog.write(AccessLog.line(request, response, durationSeconds: ProcessInfo.processInfo.systemUptime - started, userID: userID))
    }
}
