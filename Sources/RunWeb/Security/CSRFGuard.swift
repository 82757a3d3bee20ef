public import RunHTTP
/// Cross-site request forgery protection (OWASP's synchronizer token with a double-submit
/// cookie): one random token per server process, embedded in every form (`csrf` field) and sent
/// by scripts as the `X-CSRF-Token` header; the same token in a `SameSite=Strict` cookie. A POST,
/// PUT, PATCH or DELETE must carry both, equal to the process's token; and its `Origin`, when the
/// browser sends one, must be this server. Pages of other sites can read neither.
public struct CSRFGuard: Sendable {
    /// The process's token: 32 random bytes in hex.
    public let token: String
    public static let cookieName = "runlog_csrf"
    public static let fieldName = "csrf"
    public static let headerName = "x-csrf-token"

    public init(token: String? = nil) {
        if let token {
            self.token = token
        } else {
            var generator = SystemRandomNumberGenerator()
            self.token = (0..<32).map { _ in
                let byte = UInt8.random(in: 0...255, using: &generator)
                return (byte < 16 ? "0" : "") + String(byte, radix: 16)
            }.joined()
        }
    }

    /// `Set-Cookie` for the token (RFC 6265; `SameSite=Strict`: browsers send it from this site's pages only).
    public var cookie: String { "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict" }

    /// Whether an unsafe request proves it comes from this server's own pages or a client that
    /// asked for the token: the submitted token (form field or header) and the cookie both equal
    /// the token, and the `Origin`, if any, is `http://` + the request's `Host`.
    public func accepts(_ request: HTTPRequest, submitted: String?) -> Bool {
        guard let submitted, Self.equal(submitted, token), let cookie = request.cookies[Self.cookieName], Self.equal(cookie, token)
        else { return false }
        if let origin = request.header("origin"), let host = request.header("host") {
            return origin == "http://" + host
        }
        return true
    }

    /// Whether a method changes something (RFC 9110 §9.2.1: not safe).
    public static func isUnsafe(_ method: String) -> Bool { !["GET", "HEAD", "OPTIONS"].contains(method) }

    /// Compares in time independent of where the texts differ.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<x.count { difference |= x[i] ^ y[i] }
        return difference == 0
    }
}
