import Foundation
@testable import RunStorePostgres
import Testing
import TestSupport

/// The PostgreSQL server the tests use: `RUNLOG_TEST_DATABASE_URL`, which `make test` sets by
/// running the tests through `scripts/test-postgres.sh run` (a private server in a temporary
/// directory). Without it the tests are skipped with a note — unless they must run
/// (`RUNLOG_TEST_POSTGRES_REQUIRED`, which the script sets, or `CI`): then each fails, saying why.
enum TestDatabase {
    static let url = TestPostgres.url
    static let isEnabled = TestPostgres.isEnabled
    static let skipNote = TestPostgres.skipNote

    /// The server's address; records a failure when there is none.
    static func requireURL() throws -> String { try TestPostgres.requireURL() }

    /// A backend of a new user of the test database (a fresh, empty library and shared store).
    static func freshUser(_ label: String) throws -> PostgresStorage {
        let storage = PostgresStorage(url: try requireURL(), user: "\(label)-\(UUID().uuidString)")
        try storage.createUser()
        return storage
    }

    /// A connection to the test database (as its administrator: the tests make and drop databases).
    static func adminConnection() throws -> PostgresConnection {
        try PostgresConnection(conninfo: try requireURL(), location: "the test database")
    }

    /// Runs `body` with a new, empty database of the test server, dropped after.
    static func withFreshDatabase<T>(_ body: (PostgresLocation) throws -> T) throws -> T {
        let name = "runlog_t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = try adminConnection()
        try admin.execute("CREATE DATABASE \(name)")
        defer { try? admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
        return try body(PostgresLocation(try requireURL()).naming(database: name))
    }
}
