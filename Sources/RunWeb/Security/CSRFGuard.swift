package import RunHTTP

/// Cross-site request forgery protection (OWASP's synchronizer token pattern, per session): each
/// session has a random token of its own, embedded in its pages' forms (`csrf` field) and sent by
/// scripts and API clients as the `X-CSRF-Token` header. A POST, PUT, PATCH or DELETE must name a
/// session the server keeps (its `SameSite=Strict`, `HttpOnly` cookie), submit that session's
/// token, and — when the browser sends an `Origin` — come from this server. Pages of other sites
/// can read neither the cookie nor the token, and a token is worth nothing in another session.
package enum CSRFGuard {
    package static let fieldName = "csrf"
    package static let headerName = "x-csrf-token"

    /// Whether an unsafe request proves it comes from its session's own pages or from a client
    /// that asked for the session's token: the session is known, the submitted token equals its
    /// token, and the `Origin`, if any, is this server: `origin` (the public URL's, behind a
    /// reverse proxy) or else `http://` + the request's `Host`.
    package static func accepts(_ request: HTTPRequest, submitted: String?, session: Session?, origin: String? = nil) -> Bool {
        guard let submitted, let session, equal(submitted, session.csrfToken) else { return false }
        return isSameOrigin(request, origin: origin)
    }

    /// Whether the request's `Origin`, if it sends one, is this server: `origin`, or else
    /// `http://` + the request's `Host`.
    package static func isSameOrigin(_ request: HTTPRequest, origin: String?) -> Bool {
        guard let sent = request.header("origin") else { return true }
        if let origin { return sent == origin }
        guard let host = request.header("host") else { return true }
        return sent == "http://" + host
    }

    /// Whether a method changes something (RFC 9110 §9.2.1: not safe).
    package static func isUnsafe(_ method: String) -> Bool { !["GET", "HEAD", "OPTIONS"].contains(method) }

    /// Compares in time independent of where the texts differ.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<x.count { difference |= x[i] ^ y[i] }
        return difference == 0
    }
}
