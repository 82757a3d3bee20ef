import Foundation
import Synchronization

/// A server's accounts, with their rules written once over any ``AccountStore``: valid names and
/// passwords, Argon2id hashing (``PasswordHasher``), logins that say the same for an unknown name
/// and a wrong password, and API tokens. The CLI's `runlog users` and `runlog tokens` call it; the
/// web's login and its `Authorization: Bearer` check will.
package struct Accounts {
    package let store: any AccountStore
    package let hasher: PasswordHasher

    package init(store: any AccountStore, hasher: PasswordHasher = PasswordHasher()) {
        self.store = store
        self.hasher = hasher
    }

    /// The fewest characters a password has: NIST SP 800-63B §5.1.1.2 (and OWASP's Authentication
    /// Cheat Sheet) — at least 8, no rules on what they are, at least 64 allowed (runlog takes
    /// ``PasswordHasher/maximumPasswordBytes``).
    package static let minimumPasswordCharacters = 8
    /// The most characters a user name has.
    package static let maximumNameCharacters = 64

    // MARK: - Users

    /// Every account, by name.
    package func list() throws -> [Account] { try store.accounts() }

    /// The account named `name`.
    /// - Throws: ``AccountError`` `.unknownUser`.
    package func account(named name: String) throws -> Account {
        guard let found = try store.credentials(named: name) else { throw AccountError.unknownUser(name) }
        return found.account
    }

    /// Adds a user with a password.
    /// - Throws: ``AccountError`` `.invalidName`, `.passwordTooShort`, `.passwordTooLong`, `.userExists`, `.hashingFailed`.
    @discardableResult
    package func add(name: String, role: AccountRole, password: String, nowSeconds: Double) throws -> Account {
        try Self.validateName(name)
        try Self.validatePassword(password)
        return try store.insertAccount(name: name, role: role, passwordHash: try hasher.hash(password), nowSeconds: nowSeconds)
    }

    /// Sets a user's password, ends every login session of theirs and revokes every API token
    /// of theirs: a reset is what follows a password that leaked, and whoever used it may hold a
    /// session or have made a token meanwhile. - Returns: the sessions ended and the tokens revoked.
    /// - Throws: ``AccountError`` `.unknownUser`, `.passwordTooShort`, `.passwordTooLong`, `.hashingFailed`.
    @discardableResult
    package func resetPassword(of name: String, to password: String) throws -> (sessions: Int, tokens: Int) {
        let account = try account(named: name)
        try Self.validatePassword(password)
        try store.setPasswordHash(try hasher.hash(password), ofAccount: account.id)
        return (try store.deleteSessions(ofAccount: account.id), try store.deleteTokens(ofAccount: account.id))
    }

    /// Disables or enables a user; disabling ends every login session of theirs (their tokens
    /// are kept, and refused while the account is disabled). - Returns: the account as it was before.
    /// - Throws: ``AccountError`` `.unknownUser`.
    @discardableResult
    package func setDisabled(_ disabled: Bool, name: String) throws -> Account {
        let account = try account(named: name)
        if account.isDisabled != disabled { try store.setDisabled(disabled, ofAccount: account.id) }
        if disabled { try store.deleteSessions(ofAccount: account.id) }
        return account
    }

    /// Deletes a user and all their data. - Returns: the account deleted.
    /// - Throws: ``AccountError`` `.unknownUser`.
    @discardableResult
    package func delete(name: String) throws -> Account {
        let account = try account(named: name)
        try store.deleteAccount(account.id)
        return account
    }

    /// Checks a login. An unknown name, an account without a password and a wrong password are
    /// all refused as `.invalidCredentials`, after the same work (a decoy hash is verified when
    /// there is none to check), so neither the answer nor its time tells whether a user exists.
    /// A right password of a disabled account is refused as `.accountDisabled`. On success the
    /// login is noted, and a hash made with older parameters is replaced by one with the current.
    /// - Throws: ``AccountError`` `.invalidCredentials`, `.accountDisabled`, `.hashingFailed`; ``StorageFailure``.
    package func authenticate(name: String, password: String, nowSeconds: Double) throws -> Account {
        let found = try store.credentials(named: name)
        guard let found, let hash = found.passwordHash else {
            _ = try hasher.verify(password, against: try decoyHash())
            throw AccountError.invalidCredentials
        }
        guard try hasher.verify(password, against: hash) else { throw AccountError.invalidCredentials }
        guard !found.account.isDisabled else { throw AccountError.accountDisabled(name) }
        if hasher.needsRehash(hash) { try store.setPasswordHash(try hasher.hash(password), ofAccount: found.account.id) }
        try store.recordLogin(ofAccount: found.account.id, nowSeconds: nowSeconds)
        var account = found.account
        account.lastLoginAtSeconds = nowSeconds
        return account
    }

    // MARK: - API tokens

    /// Makes an API token for a user. - Returns: the token — shown once, never stored — and what is kept of it.
    /// - Throws: ``AccountError`` `.unknownUser`.
    package func createToken(for name: String, label: String, nowSeconds: Double) throws -> (token: String, info: APITokenInfo) {
        let account = try account(named: name)
        let made = APIToken.make()
        let info = try store.insertToken(ofAccount: account.id, label: label, digest: made.digest, hint: made.hint, nowSeconds: nowSeconds)
        return (made.token, info)
    }

    /// A user's API tokens, oldest first.
    /// - Throws: ``AccountError`` `.unknownUser`.
    package func tokens(of name: String) throws -> [APITokenInfo] { try store.tokens(ofAccount: try account(named: name).id) }

    /// Revokes a user's token: it is refused from now on.
    /// - Throws: ``AccountError`` `.unknownUser`, `.unknownToken` (another user's token is unknown too).
    package func revokeToken(_ id: Int64, of name: String) throws {
        guard try store.deleteToken(id, ofAccount: try account(named: name).id) else { throw AccountError.unknownToken(id, of: name) }
    }

    /// The account an `Authorization` header's value (`Bearer runlog_…`) speaks for, noting the
    /// token's use; nil for another scheme, a malformed, unknown or revoked token, or a disabled
    /// account — the web answers all of them alike (401).
    /// - Throws: ``StorageFailure`` only.
    package func account(authorization: String, nowSeconds: Double) throws -> Account? {
        guard let token = APIToken.bearerToken(fromAuthorization: authorization) else { return nil }
        return try account(token: token, nowSeconds: nowSeconds)
    }

    /// The account a token speaks for (see ``account(authorization:nowSeconds:)``).
    package func account(token: String, nowSeconds: Double) throws -> Account? {
        guard let digest = APIToken.digest(of: token),
              let account = try store.account(forTokenDigest: digest, nowSeconds: nowSeconds), !account.isDisabled else { return nil }
        return account
    }

    // MARK: - Rules

    /// A user name: 1 to 64 characters, each a letter, a digit or one of `. _ - @ +`, not starting
    /// with `-` (it would read as an option). Names are compared exactly.
    /// - Throws: ``AccountError`` `.invalidName` with the reason.
    package static func validateName(_ name: String) throws {
        if name.isEmpty { throw AccountError.invalidName(name, reason: "it is empty") }
        if name.count > maximumNameCharacters {
            throw AccountError.invalidName(name, reason: "it is longer than \(maximumNameCharacters) characters")
        }
        if name.hasPrefix("-") { throw AccountError.invalidName(name, reason: "it starts with '-'") }
        let allowed = CharacterSet.letters.union(.decimalDigits).union(CharacterSet(charactersIn: "._-@+"))
        if let bad = name.unicodeScalars.first(where: { !allowed.contains($0) }) {
            let shown = bad.properties.generalCategory == .control || bad == " " ? "U+" + String(bad.value, radix: 16, uppercase: true) : String(bad)
            throw AccountError.invalidName(name, reason: "it holds '\(shown)' (letters, digits and . _ - @ + only)")
        }
    }

    /// A password: at least ``minimumPasswordCharacters`` characters, at most
    /// ``PasswordHasher/maximumPasswordBytes`` bytes of UTF-8; anything else goes.
    /// - Throws: ``AccountError`` `.passwordTooShort`, `.passwordTooLong`.
    package static func validatePassword(_ password: String) throws {
        if password.count < minimumPasswordCharacters { throw AccountError.passwordTooShort(minimumCharacters: minimumPasswordCharacters) }
        if password.utf8.count > PasswordHasher.maximumPasswordBytes {
            throw AccountError.passwordTooLong(limitBytes: PasswordHasher.maximumPasswordBytes)
        }
    }

    /// A hash of a random password with this hasher's parameters, made once per parameters: what
    /// a login of an unknown user is checked against, so it costs what a real check costs.
    private func decoyHash() throws -> String {
        if let known = Self.decoys.withLock({ $0[hasher.parameters.phcPrefix] }) { return known }
        let decoy = try hasher.hash(APIToken.make().token)
        Self.decoys.withLock { $0[hasher.parameters.phcPrefix] = decoy }
        return decoy
    }

    private static let decoys = Mutex<[String: String]>([:])
}
