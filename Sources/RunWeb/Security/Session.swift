import RunStore

/// A browser's or an API client's session: a random id kept in an `HttpOnly`, `SameSite=Strict`
/// cookie, the CSRF token its unsafe requests must carry, and who it belongs to (the local user
/// until accounts exist).
package struct Session: Sendable, Equatable {
    /// 32 random bytes in hex; the value of the ``cookieName`` cookie.
    package let id: String
    /// 32 random bytes in hex, unrelated to the id: the form field `csrf` or the `X-CSRF-Token` header.
    package let csrfToken: String
    package let identity: Identity

    package static let cookieName = "runlog_session"

    /// `Set-Cookie` for the session (RFC 6265; `HttpOnly`: scripts cannot read it; `SameSite=Strict`:
    /// browsers send it from this site's pages only).
    package var cookie: String { "\(Self.cookieName)=\(id); Path=/; HttpOnly; SameSite=Strict" }

    init(identity: Identity) {
        id = Self.randomHex()
        csrfToken = Self.randomHex()
        self.identity = identity
    }

    /// A session kept elsewhere (server mode's login sessions, in the database), as this process
    /// sees it for one request: `id` names it in memory only (never a cookie's value).
    init(id: String, csrfToken: String, identity: Identity) {
        self.id = id
        self.csrfToken = csrfToken
        self.identity = identity
    }

    /// 32 bytes from the system's cryptographic generator (`getrandom(2)`), in lowercase hex.
    static func randomHex() -> String { LoginSessions.randomHex() }
}
