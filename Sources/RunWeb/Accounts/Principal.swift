package import RunStore

/// Who a request in server mode is, found before the user's application answers it: the
/// account, and the session it goes with — a login session (the cookie's, kept in the database)
/// or, for an API token, a session of this request alone that no cookie names.
package struct Principal: Sendable {
    package let account: Account
    /// The session as the user's ``WebApplication`` sees it: a login session's id is the digest it
    /// is stored under (never the cookie's value), with its CSRF token.
    let session: Session
    /// Whether an API token (`Authorization: Bearer`) proved who it is: no CSRF token is needed.
    package let isToken: Bool

    /// The identity of `account` (pages are cached per identity).
    static func identity(of account: Account) -> Identity { Identity(id: "user:\(account.id)") }

    /// A request of a login session (its stored `digest`, in hex, and its CSRF token).
    static func loginSession(_ stored: StoredLoginSession, digestHex: String) -> Principal {
        Principal(account: stored.account, session: Session(id: "login:" + digestHex, csrfToken: stored.csrfToken,
                                                            identity: identity(of: stored.account)), isToken: false)
    }

    /// A request authenticated by an API token of `account`: its imports are the account's
    /// token requests' (one owner for them all), its CSRF token unused.
    static func token(of account: Account) -> Principal {
        Principal(account: account, session: Session(id: "token:\(account.id)", csrfToken: LoginSessions.randomHex(),
                                                     identity: identity(of: account)), isToken: true)
    }
}
