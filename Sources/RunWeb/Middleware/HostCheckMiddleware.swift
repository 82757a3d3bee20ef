import RunHTTP

/// Refuses a request whose `Host` header names another machine, when the server listens on a
/// loopback address (``WebConfiguration/requiresLoopbackHost``): against DNS rebinding, a
/// foreign site whose name resolves to 127.0.0.1 would otherwise read the pages, tokens included.
/// The refusal is JSON, never a page (a page would carry a session's token).
struct HostCheckMiddleware: Middleware {
    func respond(to context: inout RequestContext, next: Responder) throws -> HTTPResponse {
        if context.configuration.requiresLoopbackHost, !Self.isLoopbackHost(context.request.header("host")) {
            return APIResponses.error(WebError(403, "host", "this server answers requests for localhost only (the Host header names another)"))
        }
        return try next(&context)
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
