import RunHTTP

/// Refuses a request whose `Host` header names another machine, when the server listens on a
/// loopback address (``WebConfiguration/requiresLoopbackHost``): against DNS rebinding, a
/// foreign site whose name resolves to 127.0.0.1 would otherwise read the pages, tokens included.
/// The refusal is JSON, never a page (a page would carry a session's token).
///
/// The header is parsed strictly (``RunHTTP/HostAuthority``: `uri-host [ ":" port ]`, no
/// userinfo, no path, IPv6 in brackets, no trailing dot): a malformed `Host` — two of them
/// included, which arrive joined with `, ` — is 400 `badHost` whatever the server listens on
/// (RFC 9112 §3.2). An absolute-form request target (`GET http://evil.example/ HTTP/1.1`) names
/// its host too (RFC 9112 §3.2.2: it takes the place of `Host`): on loopback, every host a
/// request names must be this machine — the target's and the header's —, else 403 `host`. A
/// target that passes is then routed by its path, as the origin-form it stands for
/// (`GET http://localhost:8080/runs` is `GET /runs`: breaker finding L, it was 404).
struct HostCheckMiddleware: Middleware {
    func respond(to context: inout RequestContext, next: Responder) throws -> HTTPResponse {
        if let refusal = Self.refusal(of: context.request, requiresLoopbackHost: context.configuration.requiresLoopbackHost) {
            return refusal
        }
        // An absolute-form target that passed names this server: routed by its path, as origin-form.
        if !context.request.path.hasPrefix("/"), let target = HostAuthority.absoluteForm(context.request.path) {
            context.request.path = target.path
        }
        return try next(&context)
    }

    /// The answer to a request whose `Host` is malformed (400 `badHost`), or names another
    /// machine when `requiresLoopbackHost` (403 `host`); nil for one that passes.
    static func refusal(of request: HTTPRequest, requiresLoopbackHost: Bool) -> HTTPResponse? {
        let header = request.header("host")
        let parsed = header.map { HostAuthority(parsing: $0) }
        let target = request.path.hasPrefix("/") ? nil : HostAuthority.absoluteForm(request.path)
        if case .some(nil) = parsed {
            return APIResponses.error(WebError(400, "badHost", "the Host header is not a host and an optional port "
                                               + "(RFC 9110 §7.2; one Host header, no user name, path or spaces)"))
        }
        if requiresLoopbackHost {
            let named = [parsed ?? nil] + (target.map { [$0.authority] } ?? [])
            if named.contains(where: { $0?.isLoopback != true }) {
                return APIResponses.error(WebError(403, "host", "this server answers requests for localhost only "
                                                   + "(the Host header or the request's target names another)"))
            }
        }
        return nil
    }

    /// Whether a `Host` header names this machine: localhost, an address in 127.0.0.0/8, or [::1]
    /// (or ::ffff:127.x.x.x), with any port, parsed strictly (``RunHTTP/HostAuthority``).
    static func isLoopbackHost(_ host: String?) -> Bool {
        host.flatMap { HostAuthority(parsing: $0) }?.isLoopback ?? false
    }
}
