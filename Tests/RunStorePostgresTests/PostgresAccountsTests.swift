import Foundation
import RunCore
import RunStore
@testable import RunStorePostgres
import Testing
import TestSupport

/// Accounts and API tokens in the PostgreSQL store, through RunStore's `Accounts` (the rules the
/// web's login will call): each check with users of its own in the shared test database.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipNote))
struct PostgresAccountsTests {
    /// Cheap parameters where the cost does not matter (a hash still carries them, so it verifies).
    static let quickHasher = PasswordHasher(parameters: .init(memoryKiB: 64, iterations: 1, lanes: 1))

    func accounts(hasher: PasswordHasher = quickHasher) throws -> Accounts {
        Accounts(store: try PostgresStorage.openAccountStore(url: try TestDatabase.requireURL()), hasher: hasher)
    }

    func freshName(_ label: String) -> String { "\(label)-\(UUID().uuidString.lowercased())" }

    @Test func addListAndLogIn() throws {
        let accounts = try accounts()
        let name = freshName("anna")
        let added = try accounts.add(name: name, role: .admin, password: "correct horse battery", nowSeconds: 1_800_000_000)
        #expect(added.name == name && added.role == .admin && !added.isDisabled && added.hasPassword)
        #expect(added.createdAtSeconds == 1_800_000_000 && added.lastLoginAtSeconds == nil)
        #expect(try accounts.list().first { $0.name == name } == added)
        #expect { try accounts.add(name: name, role: .runner, password: "another password", nowSeconds: 0) } throws: {
            ($0 as? AccountError)?.code == .userExists
        }

        let loggedIn = try accounts.authenticate(name: name, password: "correct horse battery", nowSeconds: 1_800_000_100)
        #expect(loggedIn.id == added.id && loggedIn.lastLoginAtSeconds == 1_800_000_100)
        #expect(try accounts.account(named: name).lastLoginAtSeconds == 1_800_000_100)
        // The store keeps the Argon2id string, never the password.
        let stored = try TestDatabase.adminConnection().scalarText("SELECT password_hash FROM users WHERE name = $1", name)
        #expect(stored?.hasPrefix("$argon2id$v=19$m=64,t=1,p=1$") == true)
        #expect(stored?.contains("correct horse") == false)
        // A user made by the storage alone (before accounts) has no password and cannot log in.
        let bare = try TestDatabase.freshUser("bare")
        #expect(try accounts.account(named: bare.user).hasPassword == false)
        #expect { try accounts.authenticate(name: bare.user, password: "", nowSeconds: 0) } throws: {
            ($0 as? AccountError)?.code == .invalidCredentials
        }
    }

    /// An unknown name and a wrong password get the same error — and cost the same: the unknown
    /// name is checked against a decoy hash with the same parameters (medians of five logins
    /// each, with runlog's own parameters, within a factor of two of each other).
    @Test func anUnknownUserAndAWrongPasswordAreAlike() throws {
        let accounts = try accounts(hasher: PasswordHasher())
        let name = freshName("bert")
        try accounts.add(name: name, role: .runner, password: "the right one", nowSeconds: 0)
        func refusal(_ user: String) -> (code: AccountError.Code?, seconds: Double) {
            let start = ContinuousClock.now
            var code: AccountError.Code?
            do { _ = try accounts.authenticate(name: user, password: "the wrong one", nowSeconds: 0) } catch { code = (error as? AccountError)?.code }
            let elapsed = ContinuousClock.now - start
            return (code, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        _ = refusal(freshName("nobody"))   // the decoy is made once per parameters
        var wrong: [Double] = [], unknown: [Double] = []
        for _ in 0..<5 {
            let a = refusal(name), b = refusal(freshName("nobody"))
            #expect(a.code == .invalidCredentials && b.code == .invalidCredentials)
            wrong.append(a.seconds)
            unknown.append(b.seconds)
        }
        let ratio = unknown.sorted()[2] / wrong.sorted()[2]
        #expect(ratio > 0.5 && ratio < 2, "median refusal: unknown user \(unknown.sorted()[2]) s, wrong password \(wrong.sorted()[2]) s")
    }

    @Test func disableEnableResetAndRehash() throws {
        let accounts = try accounts()
        let name = freshName("carla")
        try accounts.add(name: name, role: .runner, password: "first password", nowSeconds: 0)
        #expect(try accounts.setDisabled(true, name: name).isDisabled == false)
        #expect(try accounts.account(named: name).isDisabled)
        #expect { try accounts.authenticate(name: name, password: "first password", nowSeconds: 0) } throws: {
            ($0 as? AccountError)?.code == .accountDisabled
        }
        // A wrong password of a disabled account says nothing more than any wrong password.
        #expect { try accounts.authenticate(name: name, password: "wrong password", nowSeconds: 0) } throws: {
            ($0 as? AccountError)?.code == .invalidCredentials
        }
        try accounts.setDisabled(false, name: name)
        try accounts.resetPassword(of: name, to: "second password")
        #expect { try accounts.authenticate(name: name, password: "first password", nowSeconds: 0) } throws: {
            ($0 as? AccountError)?.code == .invalidCredentials
        }
        // A login with the current parameters stores the hash again, with them.
        let current = try self.accounts(hasher: PasswordHasher())
        _ = try current.authenticate(name: name, password: "second password", nowSeconds: 5)
        let stored = try TestDatabase.adminConnection().scalarText("SELECT password_hash FROM users WHERE name = $1", name)
        #expect(stored?.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$") == true)
        _ = try current.authenticate(name: name, password: "second password", nowSeconds: 6)

        for (call, code) in [({ try accounts.setDisabled(true, name: "nobody-\(UUID())") } as () throws -> Void, AccountError.Code.unknownUser),
                             ({ try accounts.resetPassword(of: "nobody-\(UUID())", to: "long enough") }, .unknownUser),
                             ({ try accounts.resetPassword(of: name, to: "short") }, .passwordTooShort),
                             ({ _ = try accounts.delete(name: "nobody-\(UUID())") }, .unknownUser)] {
            #expect(throws: AccountError.self) { try call() }
            #expect { try call() } throws: { ($0 as? AccountError)?.code == code }
        }
    }

    @Test(arguments: [("", "it is empty"), (String(repeating: "a", count: 65), "longer than 64"), ("-rf", "starts with '-'"),
                      ("anna berg", "U+20"), ("anna/berg", "'/'"), ("tab\there", "U+9"), ("emoji✓", "'✓'")])
    func namesOutsideTheRules(_ name: String, _ reason: String) {
        #expect { try Accounts.validateName(name) } throws: {
            ($0 as? AccountError)?.code == .invalidName && ($0 as? AccountError)?.reason?.contains(reason) == true
        }
    }

    @Test(arguments: ["anna", "Anna.Berg", "a_b-c@club.example", "x+y", "Jürgen", "李小龙", String(repeating: "a", count: 64)])
    func namesWithinTheRules(_ name: String) throws {
        try Accounts.validateName(name)
    }

    @Test func tokensResolveToTheirUserUntilRevoked() throws {
        let accounts = try accounts()
        let dora = freshName("dora"), emil = freshName("emil")
        try accounts.add(name: dora, role: .runner, password: "dora's password", nowSeconds: 0)
        try accounts.add(name: emil, role: .runner, password: "emil's password", nowSeconds: 0)
        let watch = try accounts.createToken(for: dora, label: "watch", nowSeconds: 1_000)
        let script = try accounts.createToken(for: dora, label: "", nowSeconds: 2_000)
        let emils = try accounts.createToken(for: emil, label: "phone", nowSeconds: 3_000)
        #expect(try accounts.tokens(of: dora).map(\.label) == ["watch", ""])
        #expect(try accounts.tokens(of: dora).map(\.hint) == [String(watch.token.prefix(13)), String(script.token.prefix(13))])
        // Only the digest is stored.
        let admin = try TestDatabase.adminConnection()
        let digests = try admin.query("SELECT token_sha256 FROM api_tokens WHERE id = $1", watch.info.id).all.map { $0.bytes(0) }
        #expect(digests == [SHA256.hash(Array(watch.token.utf8))])
        #expect(try admin.scalarInt("SELECT count(*) FROM api_tokens WHERE label = $1 OR hint = $1", watch.token) == 0)

        #expect(try accounts.account(authorization: "Bearer \(watch.token)", nowSeconds: 5_000)?.name == dora)
        #expect(try accounts.account(authorization: "Bearer \(emils.token)", nowSeconds: 5_000)?.name == emil)
        #expect(try accounts.tokens(of: dora).first?.lastUsedAtSeconds == 5_000)
        _ = try accounts.account(token: watch.token, nowSeconds: 5_030)
        #expect(try accounts.tokens(of: dora).first?.lastUsedAtSeconds == 5_000, "a use is noted at most once a minute")
        _ = try accounts.account(token: watch.token, nowSeconds: 5_061)
        #expect(try accounts.tokens(of: dora).first?.lastUsedAtSeconds == 5_061)
        for refused in ["Basic \(watch.token)", "Bearer runlog_" + String(repeating: "A", count: 43), "Bearer \(watch.token)x", ""] {
            #expect(try accounts.account(authorization: refused, nowSeconds: 0) == nil, "\(refused)")
        }
        // Another user's token is unknown to revoke; a disabled user's tokens are refused, and work again when enabled.
        #expect { try accounts.revokeToken(emils.info.id, of: dora) } throws: { ($0 as? AccountError)?.code == .unknownToken }
        try accounts.setDisabled(true, name: dora)
        #expect(try accounts.account(token: script.token, nowSeconds: 0) == nil)
        try accounts.setDisabled(false, name: dora)
        #expect(try accounts.account(token: script.token, nowSeconds: 0)?.name == dora)
        try accounts.revokeToken(watch.info.id, of: dora)
        #expect(try accounts.account(token: watch.token, nowSeconds: 0) == nil)
        #expect(try accounts.account(token: script.token, nowSeconds: 0)?.name == dora)
        #expect(try accounts.tokens(of: dora).map(\.id) == [script.info.id])
    }

    /// Deleting a user deletes every row of theirs in every table (walked in the catalog: a new
    /// table holding a user's rows without the cascade fails here) and no one else's.
    @Test func deletingAUserDeletesAllTheirData() throws {
        let accounts = try accounts()
        let name = freshName("fritz"), neighbour = freshName("gerda")
        try accounts.add(name: name, role: .runner, password: "fritz's password", nowSeconds: 0)
        try accounts.add(name: neighbour, role: .runner, password: "gerda's password", nowSeconds: 0)
        var ids: [Int64] = []
        for user in [name, neighbour] {
            let storage = PostgresStorage(url: try TestDatabase.requireURL(), user: user)
            let library = try storage.openLibrary(creating: true)
            _ = try RunImporter(library: library).importFile(atPath: SharedData.repository("samples/runs/morning-10k.gpx"))
            try library.createSearchSet(named: "Long", definition: SearchDefinition(distanceMeters: ValueRange(minimum: 15_000)))
            try storage.openSharedStorage().write([.set(.string("imperial"), forKey: "units", in: "settings:default")])
            _ = try accounts.createToken(for: user, label: "t", nowSeconds: 0)
            ids.append(try accounts.account(named: user).id)
        }
        let admin = try TestDatabase.adminConnection()
        let ownedTables = try admin.query("""
            SELECT table_name::text FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'owner' ORDER BY 1
            """).all.compactMap { $0.text(0) }
        func rows(of id: Int64) throws -> [String: Int64] {
            try Dictionary(uniqueKeysWithValues: ownedTables.map { ($0, try admin.scalarInt("SELECT count(*) FROM \($0) WHERE owner = $1", id) ?? -1) })
        }
        let before = try rows(of: ids[0])
        for table in ["libraries", "originals", "original_chunks", "runs", "segments", "search_sets", "shared_stores", "entries", "api_tokens"] {
            #expect((before[table] ?? 0) > 0, "\(table) holds nothing of the user before: the check would prove nothing")
        }
        let neighbourBefore = try rows(of: ids[1])

        try accounts.delete(name: name)
        #expect(try rows(of: ids[0]).filter { $0.value != 0 } == [:])
        #expect(try admin.scalarInt("SELECT count(*) FROM users WHERE id = $1", ids[0]) == 0)
        #expect(try rows(of: ids[1]) == neighbourBefore)
        #expect { try PostgresStorage(url: try TestDatabase.requireURL(), user: name).openLibrary(creating: false) } throws: {
            ($0 as? StorageOpenError)?.reason?.contains("there is no user") == true
        }
    }
}
