import Foundation

/// Server mode's login sessions, with their rules written once over any ``LoginSessionStore``:
/// what a browser holds after logging in, valid on every server process sharing the database.
///
/// - **Ids.** 256 bits from the system's cryptographic generator (`getrandom`), 64 hex digits in
///   the cookie; the store keeps only their SHA-256 (a random 256-bit value needs no slow hash),
///   so a copy of the database lets no one in.
/// - **A new id at every login** (``begin(for:nowSeconds:)``): a session is never relabelled, so an
///   id planted before the login is worth nothing after it (session fixation; OWASP Session
///   Management Cheat Sheet, "Renew the Session ID After Any Privilege Level Change").
/// - **A CSRF token per session**, 256 random bits too, fixed for the session's life.
/// - **Expiry.** Unused for ``idleSeconds`` (12 hours) or older than ``absoluteSeconds`` (7 days)
///   and it is over, whatever its use. A use is written at most once a minute
///   (``touchIntervalSeconds``), so the idle time is exact to a minute and a page view writes
///   nothing most of the time.
/// - **Ended** by logging out, by the account's password reset, disabling or deletion
///   (``Accounts``), and expired rows are deleted at each login.
package struct LoginSessions {
    package let store: any LoginSessionStore
    /// A session unused for longer than this is over, in seconds.
    package let idleSeconds: Double
    /// A session older than this is over however much it is used, in seconds.
    package let absoluteSeconds: Double

    /// 12 hours: a day's use of a page left open, or a long recording followed on the live page.
    package static let defaultIdleSeconds: Double = 12 * 3600
    /// 7 days: a week's logins at most from one sign-in, then the password again.
    package static let defaultAbsoluteSeconds: Double = 7 * 86_400
    /// A session's use is written when the last one written is older than this, in seconds.
    package static let touchIntervalSeconds: Double = 60

    package init(store: any LoginSessionStore, idleSeconds: Double = defaultIdleSeconds,
                 absoluteSeconds: Double = defaultAbsoluteSeconds) {
        self.store = store
        self.idleSeconds = idleSeconds
        self.absoluteSeconds = absoluteSeconds
    }

    /// What a session id names.
    package enum Lookup: Equatable, Sendable {
        /// A session in use, marked as used now.
        case active(StoredLoginSession)
        /// A session that was, and expired (it is deleted now); its account is disabled counts as none.
        case expired
        /// None: never one, ended, or not shaped like an id.
        case unknown
    }

    /// Begins a session of `account` (its login succeeded), deleting expired sessions of anyone.
    /// - Returns: the new session's id (for the cookie only: it is not kept) and its CSRF token.
    /// - Throws: ``StorageFailure``.
    package func begin(for account: Account, nowSeconds: Double) throws -> (id: String, csrfToken: String) {
        try store.deleteSessions(lastUsedBefore: nowSeconds - idleSeconds, createdBefore: nowSeconds - absoluteSeconds)
        let id = Self.randomHex(), csrfToken = Self.randomHex()
        try store.insertSession(ofAccount: account.id, digest: SHA256.hash(Array(id.utf8)), csrfToken: csrfToken, nowSeconds: nowSeconds)
        return (id, csrfToken)
    }

    /// The session `id` names, at `nowSeconds`: active (its use noted, at most once a minute),
    /// expired (deleted now), or unknown — also for a disabled account's.
    /// - Throws: ``StorageFailure``.
    package func lookup(id: String, nowSeconds: Double) throws -> Lookup {
        guard let digest = Self.digest(of: id), let found = try store.session(forDigest: digest) else { return .unknown }
        if found.account.isDisabled { return .unknown }
        if nowSeconds - found.lastUsedAtSeconds > idleSeconds || nowSeconds - found.createdAtSeconds > absoluteSeconds {
            try store.deleteSession(digest: digest)
            return .expired
        }
        if nowSeconds - found.lastUsedAtSeconds >= Self.touchIntervalSeconds { try store.touchSession(digest: digest, nowSeconds: nowSeconds) }
        return .active(found)
    }

    /// Ends the session `id` names (logging out); nothing when there is none.
    /// - Throws: ``StorageFailure``.
    package func end(id: String) throws {
        guard let digest = Self.digest(of: id) else { return }
        try store.deleteSession(digest: digest)
    }

    /// The digest a session id is stored under; nil when `id` is not 64 lowercase hex digits.
    package static func digest(of id: String) -> [UInt8]? {
        let bytes = Array(id.utf8)
        guard bytes.count == 64, bytes.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        return SHA256.hash(bytes)
    }

    /// 32 bytes from the system's cryptographic generator (`getrandom(2)`), in lowercase hex.
    package static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for _ in 0..<4 {
            let word = generator.next()
            for shift in stride(from: 60, through: 0, by: -4) { text.append(digits[Int((word >> UInt64(shift)) & 0xF)]) }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
