import Foundation
package import RunStore

/// The accounts and API tokens of a PostgreSQL database (server mode): the `users` and
/// `api_tokens` tables, every user's, for operators (`runlog users`, `runlog tokens`) and the web's
/// login. Storage only: ``RunStore/Accounts`` holds the rules and the hashing.
///
/// Deleting a user deletes their rows everywhere in one statement: every table's rows hang off
/// `users` through `ON DELETE CASCADE` (libraries → originals, runs → segments, best efforts,
/// sketches, packed analyses; shared stores → entries, the live tables; API tokens).
///
/// One thread at a time (it owns one connection).
package final class PostgresAccountStore: AccountStore {
    let connection: PostgresConnection

    init(connection: PostgresConnection) {
        self.connection = connection
    }

    private static let accountColumns = "id, name, role, disabled, password_hash IS NOT NULL, created_at, last_login_at"

    /// ``accountColumns`` of `users u` in a join.
    private static let joinedAccountColumns = accountColumns.split(separator: ", ").map { "u." + $0 }.joined(separator: ", ")

    private static func account(_ row: PostgresRow) -> Account {
        Account(id: row.int64(0), name: row.text(1) ?? "", role: AccountRole(rawValue: row.text(2) ?? "") ?? .runner,
                isDisabled: row.bool(3), hasPassword: row.bool(4), createdAtSeconds: row.double(5), lastLoginAtSeconds: row.optionalDouble(6))
    }

    package func accounts() throws -> [Account] {
        try connection.query("SELECT \(Self.accountColumns) FROM users ORDER BY name COLLATE \"C\"").all.map(Self.account)
    }

    package func credentials(named name: String) throws -> (account: Account, passwordHash: String?)? {
        guard let row = try connection.query("SELECT \(Self.accountColumns), password_hash FROM users WHERE name = $1", name).first else {
            return nil
        }
        return (Self.account(row), row.text(7))
    }

    package func insertAccount(name: String, role: AccountRole, passwordHash: String, nowSeconds: Double) throws -> Account {
        let rows = try connection.query("""
            INSERT INTO users (name, role, password_hash, created_at) VALUES ($1, $2, $3, $4)
            ON CONFLICT (name) DO NOTHING RETURNING \(Self.accountColumns)
            """, name, role.rawValue, passwordHash, nowSeconds)
        guard let row = rows.first else { throw AccountError.userExists(name) }
        return Self.account(row)
    }

    package func setPasswordHash(_ hash: String, ofAccount id: Int64) throws {
        try connection.query("UPDATE users SET password_hash = $2 WHERE id = $1", id, hash)
    }

    package func setDisabled(_ disabled: Bool, ofAccount id: Int64) throws {
        try connection.query("UPDATE users SET disabled = $2 WHERE id = $1", id, disabled)
    }

    package func recordLogin(ofAccount id: Int64, nowSeconds: Double) throws {
        try connection.query("UPDATE users SET last_login_at = $2 WHERE id = $1", id, nowSeconds)
    }

    package func deleteAccount(_ id: Int64) throws {
        try connection.query("DELETE FROM users WHERE id = $1", id)
    }

    // MARK: - API tokens

    private static let tokenColumns = "id, label, hint, created_at, last_used_at"

    private static func token(_ row: PostgresRow) -> APITokenInfo {
        APITokenInfo(id: row.int64(0), label: row.text(1) ?? "", hint: row.text(2) ?? "", createdAtSeconds: row.double(3),
                     lastUsedAtSeconds: row.optionalDouble(4))
    }

    package func insertToken(ofAccount owner: Int64, label: String, digest: [UInt8], hint: String, nowSeconds: Double) throws -> APITokenInfo {
        let rows = try connection.query("""
            INSERT INTO api_tokens (owner, label, token_sha256, hint, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING \(Self.tokenColumns)
            """, owner, label, digest, hint, nowSeconds)
        guard let row = rows.first else { throw PostgresError(state: nil, message: "the new token was not stored", location: connection.location) }
        return Self.token(row)
    }

    package func tokens(ofAccount owner: Int64) throws -> [APITokenInfo] {
        try connection.query("SELECT \(Self.tokenColumns) FROM api_tokens WHERE owner = $1 ORDER BY id", owner).all.map(Self.token)
    }

    package func deleteToken(_ id: Int64, ofAccount owner: Int64) throws -> Bool {
        try connection.query("DELETE FROM api_tokens WHERE owner = $1 AND id = $2", owner, id).changes > 0
    }

    /// A token's use is written at most once a minute: a script calling the API in a loop does
    /// not turn every request into a write.
    package func account(forTokenDigest digest: [UInt8], nowSeconds: Double) throws -> Account? {
        try connection.query("""
            WITH found AS (SELECT owner, id, last_used_at FROM api_tokens WHERE token_sha256 = $1),
            used AS (
                UPDATE api_tokens t SET last_used_at = $2 FROM found
                WHERE t.owner = found.owner AND t.id = found.id AND (found.last_used_at IS NULL OR found.last_used_at < $2 - 60)
            )
            SELECT \(Self.joinedAccountColumns) FROM found JOIN users u ON u.id = found.owner
            """, digest, nowSeconds).first.map(Self.account)
    }

    // MARK: - Login sessions

    package func insertSession(ofAccount owner: Int64, digest: [UInt8], csrfToken: String, nowSeconds: Double) throws {
        try connection.query("""
            INSERT INTO web_sessions (owner, id_sha256, csrf_token, created_at, last_used_at) VALUES ($1, $2, $3, $4, $4)
            """, owner, digest, csrfToken, nowSeconds)
    }

    package func session(forDigest digest: [UInt8]) throws -> StoredLoginSession? {
        try connection.query("""
            SELECT \(Self.joinedAccountColumns), s.csrf_token, s.created_at, s.last_used_at
            FROM web_sessions s JOIN users u ON u.id = s.owner WHERE s.id_sha256 = $1
            """, digest).first.map { row in
                StoredLoginSession(account: Self.account(row), csrfToken: row.text(7) ?? "", createdAtSeconds: row.double(8),
                                   lastUsedAtSeconds: row.double(9))
            }
    }

    package func touchSession(digest: [UInt8], nowSeconds: Double) throws {
        try connection.query("UPDATE web_sessions SET last_used_at = $2 WHERE id_sha256 = $1", digest, nowSeconds)
    }

    package func deleteSession(digest: [UInt8]) throws {
        try connection.query("DELETE FROM web_sessions WHERE id_sha256 = $1", digest)
    }

    package func deleteSessions(ofAccount owner: Int64) throws -> Int {
        try connection.query("DELETE FROM web_sessions WHERE owner = $1", owner).changes
    }

    package func deleteSessions(lastUsedBefore: Double, createdBefore: Double) throws {
        try connection.query("DELETE FROM web_sessions WHERE last_used_at < $1 OR created_at < $2", lastUsedBefore, createdBefore)
    }

    package func deleteTokens(ofAccount owner: Int64) throws -> Int {
        try connection.query("DELETE FROM api_tokens WHERE owner = $1", owner).changes
    }

    package func schemaVersions() throws -> (found: Int, expected: Int) {
        (try PostgresSchema.currentVersion(connection), PostgresSchema.latestVersion)
    }
}
