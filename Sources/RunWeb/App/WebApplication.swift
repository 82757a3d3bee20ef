import Foundation
import RunCore
import RunFormats
public import RunHTTP
import RunStore
import RunUI

/// The web UI and the JSON API as an ``HTTPHandler``: checks the host and the CSRF token, routes,
/// serves pages from the cache while the stores are unchanged, and adds the security headers.
/// Pages and API handlers live in `Pages/` and `API/`; this type knows none of them.
public final class WebApplication: HTTPHandler {
    public let configuration: WebConfiguration
    public let pool: StorePool
    public let csrf: CSRFGuard
    let assets: StaticAssets
    let router: Router<WebRoute>
    private let cache: PageCache
    /// Wakes the live event streams (one store observer for all of them) and counts them.
    public let liveFeed: LiveFeed

    /// - Parameters:
    ///   - pool: the library and settings connections.
    ///   - csrf: the process's token (a new random one by default).
    public init(pool: StorePool, configuration: WebConfiguration = WebConfiguration(), csrf: CSRFGuard = CSRFGuard()) {
        self.pool = pool
        self.configuration = configuration
        self.csrf = csrf
        assets = StaticAssets(leafletDirectory: configuration.leafletDirectory)
        cache = PageCache(budgetBytes: configuration.cacheBudgetBytes)
        liveFeed = LiveFeed(streamLimit: configuration.liveStreamLimit)
        var router = Router<WebRoute>()
        PageRoutes.register(in: &router, configuration: configuration)
        APIRoutes.register(in: &router, configuration: configuration)
        self.router = router
    }

    /// Every route's method and pattern.
    public var routes: [(method: String, pattern: String)] { router.patterns }

    // MARK: HTTPHandler

    public func bodyLimit(for head: HTTPRequest) -> Int {
        if case .found(let route, _) = router.match(method: head.method, path: head.path) {
            return route.bodyLimit ?? configuration.formLimitBytes
        }
        return configuration.formLimitBytes
    }

    public func respondPayloadTooLarge(to head: HTTPRequest, limit: Int) -> HTTPResponse {
        let isAPI = head.path.hasPrefix("/api/")
        let error = WebError(413, "tooLarge", "the body is over the limit of \(limit) bytes")
        return finish(errorResponse(error, api: isAPI, request: head, tooLargeLimit: limit), request: head, tileOrigin: nil)
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        if configuration.requiresLoopbackHost, !Self.isLoopbackHost(request.header("host")) {
            let error = WebError(403, "host", "this server answers requests for localhost only (the Host header names another)")
            return finish(errorResponse(error, api: true, request: request), request: request, tileOrigin: nil)
        }
        if let asset = assets.asset(at: request.path) {
            return finish(assetResponse(asset, request: request), request: request, tileOrigin: nil)
        }
        switch router.match(method: request.method, path: request.path) {
        case .notFound:
            return finish(errorResponse(.notFound(), api: request.path.hasPrefix("/api/"), request: request), request: request, tileOrigin: nil)
        case .methodNotAllowed(let allowed):
            var response = errorResponse(WebError(405, "methodNotAllowed", "\(request.method) is not allowed here; this address takes "
                                                  + allowed.joined(separator: ", ")), api: request.path.hasPrefix("/api/"), request: request)
            response.add("Allow", allowed.joined(separator: ", "))
            return finish(response, request: request, tileOrigin: nil)
        case .found(let route, let parameters):
            var multipart: MultipartForm?
            if CSRFGuard.isUnsafe(request.method) {
                let submitted = submittedToken(request)
                multipart = submitted.multipart
                if !csrf.accepts(request, submitted: submitted.token) {
                    let error = WebError(403, "csrf", "the request did not carry this server's CSRF token (form field csrf or header X-CSRF-Token, "
                                         + "and the runlog_csrf cookie): reload the page, or GET /api/v1/session first")
                    return finish(errorResponse(error, api: route.kind == .api, request: request), request: request, tileOrigin: nil)
                }
            }
            return handle(request, route: route, parameters: parameters, multipart: multipart)
        }
    }

    // MARK: Handling

    private func handle(_ request: HTTPRequest, route: WebRoute, parameters: [String: String], multipart: MultipartForm?) -> HTTPResponse {
        do {
            return try pool.withWorkspace { workspace in
                let reading = try workspace.reading()
                let (formatter, calendar) = RequestContext.formatting(reading.snapshot)
                let live = route.showsLiveState ? LivePresentation(state: try workspace.shared.live().current(),
                                                                   now: Date().timeIntervalSince1970) : nil
                let context = RequestContext(request: request, parameters: parameters, workspace: workspace, reading: reading,
                                             formatter: formatter, calendar: calendar, csrf: csrf, configuration: configuration,
                                             live: live, pool: pool, assets: assets, liveFeed: liveFeed, preparsedMultipart: multipart)
                let tileOrigin = context.tileServer?.origin
                let cacheKey = route.isCacheable && request.isRead ? cacheKey(request, live: live) : nil
                if let cacheKey, let cached = cache.response(for: cacheKey) {
                    return finish(HTTPResponse(status: cached.status, headers: cached.headers, body: .bytes(cached.body)),
                                  request: request, tileOrigin: tileOrigin)
                }
                var response: HTTPResponse
                do {
                    response = try route.handle(context)
                } catch {
                    response = errorResponse(Self.webError(error), api: route.kind == .api, request: request, context: context)
                }
                if let cacheKey, response.status == 200, let bytes = response.bytes {
                    cache.store(PageCache.CachedResponse(status: response.status, headers: response.headers, body: bytes), for: cacheKey)
                }
                return finish(response, request: request, tileOrigin: tileOrigin)
            }
        } catch {
            return finish(errorResponse(Self.webError(error), api: route.kind == .api, request: request), request: request, tileOrigin: nil)
        }
    }

    /// The store's generation, the hour (weeks turn at midnight), the request's path and query,
    /// and the live state a page shows (the recording's newest state and whether it answers).
    private func cacheKey(_ request: HTTPRequest, live: LivePresentation?) -> String {
        let hour = Int(Date().timeIntervalSince1970 / 3600)
        let query = request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        var liveKey = ""
        if let live, live.isActive, let state = live.state { liveKey = "|live \(state.sessionID) \(state.sequence) \(live.isStale)" }
        return "\(pool.generation)|\(hour)|\(request.path)?\(query)\(liveKey)"
    }

    /// The token a request submits: the `X-CSRF-Token` header, or the `csrf` field of its form;
    /// with the multipart form it parsed for it, kept for the handler.
    private func submittedToken(_ request: HTTPRequest) -> (token: String?, multipart: MultipartForm?) {
        if let header = request.header(CSRFGuard.headerName) { return (header, nil) }
        switch request.mediaType {
        case "application/x-www-form-urlencoded": return (URLEncodedForm(request.body)[CSRFGuard.fieldName], nil)
        case "multipart/form-data":
            let form = try? MultipartForm(body: request.body, contentType: request.header("content-type") ?? "")
            return (form?[CSRFGuard.fieldName], form)
        default: return (nil, nil)
        }
    }

    static func webError(_ error: any Error) -> WebError {
        switch error {
        case let error as WebError: return error
        case let error as StoreError where error.code == .runNotFound: return WebError(404, error.code.rawValue, error.message)
        case let error as StoreError where error.code == .noRecording: return WebError(409, error.code.rawValue, error.message)
        case let error as SearchError where error.code == .unknownSet: return WebError(404, error.code.rawValue, error.message)
        case let error as SearchError: return WebError(422, error.code.rawValue, error.message)
        case let error as StoreError where [.invalidSetting, .invalidEdit, .unknownSetting, .unknownProfile].contains(error.code):
            return WebError(422, error.code.rawValue, error.message)
        case let error as StoreError: return WebError(500, error.code.rawValue, error.message)
        case let error as FormError: return WebError(400, "badForm", error.message)
        case let error as ReadError: return WebError(422, error.code.rawValue, error.message)
        case let error as any StorageFailure where error.isBusy:
            return WebError(503, "busy", "the library is busy (another runlog is writing to it); try again")
        default: return WebError(500, "internal", "\(error)")
        }
    }

    private func errorResponse(_ error: WebError, api: Bool, request: HTTPRequest, context: RequestContext? = nil,
                               tooLargeLimit: Int? = nil) -> HTTPResponse {
        if api { return APIResponses.error(error) }
        let formatter = context?.formatter ?? (try? pool.withWorkspace { RequestContext.formatting(try $0.reading().snapshot).0 })
            ?? DisplayFormatter()
        return ErrorPage.response(error, formatter: formatter, csrfToken: csrf.token, tooLargeLimit: tooLargeLimit)
    }

    private func assetResponse(_ asset: StaticAssets.Asset, request: HTTPRequest) -> HTTPResponse {
        guard request.isRead else {
            var response = errorResponse(WebError(405, "methodNotAllowed", "static files take GET only"), api: false, request: request)
            response.add("Allow", "GET, HEAD")
            return response
        }
        if request.header("if-none-match") == asset.etag {
            return HTTPResponse(status: 304, headers: [("ETag", asset.etag), ("Cache-Control", "public, max-age=3600")])
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", asset.contentType), ("ETag", asset.etag),
                                                   ("Cache-Control", "public, max-age=3600")], body: .bytes(asset.bytes))
    }

    /// Adds the security headers, the CSRF cookie on pages, and `Cache-Control: no-store` where none was set.
    private func finish(_ response: HTTPResponse, request: HTTPRequest, tileOrigin: String?) -> HTTPResponse {
        var response = response
        for header in SecurityHeaders.headers(tileOrigin: tileOrigin) { response.add(header.name, header.value) }
        if response.header("cache-control") == nil { response.add("Cache-Control", "no-store") }
        if response.header("content-type")?.hasPrefix("text/html") == true || request.path == "/api/v1/session" {
            response.add("Set-Cookie", csrf.cookie)
        }
        return response
    }

    /// Whether a `Host` header names this machine: localhost, an address in 127.0.0.0/8, or [::1], with any port.
    static func isLoopbackHost(_ host: String?) -> Bool {
        guard var host = host?.lowercased() else { return false }
        if host.hasPrefix("[") {
            return host.hasPrefix("[::1]")
        }
        if let colon = host.lastIndex(of: ":") { host = String(host[..<colon]) }
        if host == "localhost" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
