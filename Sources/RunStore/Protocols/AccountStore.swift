/// Where a server keeps its accounts and API tokens: storage only (rows in, rows out); the rules —
/// names, passwords, hashing, what a login or a token proves — are ``Accounts``', written once over
/// this protocol.
///
/// Only a database backend has accounts: ``DatabaseStorageBackend/openAccountStore(url:)`` opens
/// them (PostgreSQL's `PostgresAccountStore`). The embedded SQLite backend is one person's
/// library, so ``FileStorageBackend`` has no such requirement and a front end holding one cannot
/// ask for accounts — the type says so, not a runtime refusal.
///
/// Like the other stores, one thread at a time uses an account store (a web server opens one per
/// request, or keeps one per thread).
package protocol AccountStore: LoginSessionStore {
    /// Every account, by name.
    /// - Throws: ``StorageFailure``.
    func accounts() throws -> [Account]
    /// The account named `name` (names match exactly), with its password's stored hash (nil when none is set).
    func credentials(named name: String) throws -> (account: Account, passwordHash: String?)?
    /// Adds an account.
    /// - Throws: ``AccountError`` `.userExists`; ``StorageFailure``.
    func insertAccount(name: String, role: AccountRole, passwordHash: String, nowSeconds: Double) throws -> Account
    /// Replaces the password hash of the account numbered `id`.
    func setPasswordHash(_ hash: String, ofAccount id: Int64) throws
    /// Disables or enables the account numbered `id`.
    func setDisabled(_ disabled: Bool, ofAccount id: Int64) throws
    /// Notes a successful login.
    func recordLogin(ofAccount id: Int64, nowSeconds: Double) throws
    /// Deletes the account numbered `id` with everything of theirs — runs, originals, settings,
    /// search sets, the live session, API tokens — in one transaction.
    func deleteAccount(_ id: Int64) throws

    /// Stores a new API token of the account numbered `owner` by its digest.
    func insertToken(ofAccount owner: Int64, label: String, digest: [UInt8], hint: String, nowSeconds: Double) throws -> APITokenInfo
    /// The account's API tokens, oldest first.
    func tokens(ofAccount owner: Int64) throws -> [APITokenInfo]
    /// Deletes the account's token numbered `id`. - Returns: whether there was one.
    func deleteToken(_ id: Int64, ofAccount owner: Int64) throws -> Bool
    /// The account whose token has `digest`, noting the token's use at `nowSeconds`; nil when no
    /// token has it. The account may be disabled (``Accounts`` refuses it then).
    func account(forTokenDigest digest: [UInt8], nowSeconds: Double) throws -> Account?
}

/// A login session as an ``AccountStore`` keeps it (server mode's web sessions): whose it is, its
/// CSRF token, and its times. The session's id is never stored, only its SHA-256.
package struct StoredLoginSession: Sendable, Equatable {
    package var account: Account
    /// The token its unsafe requests carry (form field `csrf` or `X-CSRF-Token`).
    package var csrfToken: String
    /// When it began (the login), in seconds since 1970 UTC.
    package var createdAtSeconds: Double
    /// When it was last used as written (at most once a minute), in seconds since 1970 UTC.
    package var lastUsedAtSeconds: Double

    package init(account: Account, csrfToken: String, createdAtSeconds: Double, lastUsedAtSeconds: Double) {
        self.account = account
        self.csrfToken = csrfToken
        self.createdAtSeconds = createdAtSeconds
        self.lastUsedAtSeconds = lastUsedAtSeconds
    }
}

/// Where a server keeps its login sessions, so that every server process sharing the database
/// knows them: rows only, by the SHA-256 of the session's id; the rules (ids, expiry, when they
/// end) are ``LoginSessions``'.
package protocol LoginSessionStore: AnyObject {
    /// Stores a new session of the account numbered `owner`.
    /// - Throws: ``StorageFailure``.
    func insertSession(ofAccount owner: Int64, digest: [UInt8], csrfToken: String, nowSeconds: Double) throws
    /// The session whose id has `digest`, with its account; nil when there is none.
    func session(forDigest digest: [UInt8]) throws -> StoredLoginSession?
    /// Notes a use of the session whose id has `digest`.
    func touchSession(digest: [UInt8], nowSeconds: Double) throws
    /// Ends the session whose id has `digest`.
    func deleteSession(digest: [UInt8]) throws
    /// Ends every session of the account numbered `owner`. - Returns: how many there were.
    @discardableResult
    func deleteSessions(ofAccount owner: Int64) throws -> Int
    /// Forgets every session last used before `lastUsedBefore` or begun before `createdBefore`.
    func deleteSessions(lastUsedBefore: Double, createdBefore: Double) throws
    /// Revokes every API token of the account numbered `owner`. - Returns: how many there were.
    @discardableResult
    func deleteTokens(ofAccount owner: Int64) throws -> Int
    /// The schema's version in the database and the newest this program knows: equal when it is current.
    /// - Throws: ``StorageFailure`` when the database cannot be reached.
    func schemaVersions() throws -> (found: Int, expected: Int)
}
