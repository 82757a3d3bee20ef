import Foundation
import RunCore
import RunStore
@testable import RunStorePostgres
import Testing
import TestSupport

/// The schema's migrations: recorded once each, idempotent, safe when several processes open a
/// new database at once, and a database of a newer version is refused.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipNote))
struct PostgresSchemaTests {
    @Test func migrationsApplyOnceEachAndAgainNothing() throws {
        try TestDatabase.withFreshDatabase { location in
            let connection = try PostgresConnection(conninfo: location.conninfo, location: location.display)
            #expect(try PostgresSchema.currentVersion(connection) == 0)
            let all = Array(1...PostgresSchema.latestVersion)
            #expect(try PostgresSchema.migrate(connection) == all)
            #expect(try PostgresSchema.migrate(connection) == [])
            let recorded = try connection.query("SELECT version FROM schema_migrations ORDER BY version").all.map { Int($0.int64(0)) }
            #expect(recorded == all)
            // The tables the schema is documented to have (docs/ARCHITECTURE.md), no more, no fewer.
            let tables = try connection.query("""
                SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name
                """).all.compactMap { $0.text(0) }
            #expect(tables == ["analyses", "api_tokens", "best_efforts", "entries", "libraries", "live_commands", "live_history", "live_points", "live_sessions",
                               "original_chunks", "originals", "runs", "schema_migrations", "search_sets", "segments", "shared_stores",
                               "sketches", "users", "web_sessions"])
            #expect(try connection.scalarText("SELECT extname::text FROM pg_extension WHERE extname = 'pg_trgm'") == "pg_trgm")
        }
    }

    /// Eight connections open a new database at once (as eight server processes starting): the
    /// advisory lock lets one migrate; all succeed, and each version is recorded once.
    @Test func concurrentOpenersMigrateOnce() throws {
        try TestDatabase.withFreshDatabase { location in
            let storages = (0..<8).map { PostgresStorage(url: location.conninfo, user: "user\($0)") }
            let failures = FailureList()
            DispatchQueue.concurrentPerform(iterations: storages.count) { index in
                do {
                    try storages[index].createUser()
                    _ = try storages[index].openLibrary(creating: true)
                    _ = try storages[index].openSharedStorage()
                } catch {
                    failures.append("\(index): \(error)")
                }
            }
            #expect(failures.all.isEmpty, "\(failures.all)")
            let connection = try PostgresConnection(conninfo: location.conninfo, location: location.display)
            let recorded = try connection.query("SELECT version FROM schema_migrations ORDER BY version").all.map { Int($0.int64(0)) }
            #expect(recorded == Array(1...PostgresSchema.latestVersion))
            #expect(try connection.scalarInt("SELECT count(*) FROM users") == 8)
        }
    }

    @Test func aDatabaseOfANewerVersionIsRefused() throws {
        try TestDatabase.withFreshDatabase { location in
            let storage = PostgresStorage(url: location.conninfo, user: "runner")
            try storage.createUser()
            let connection = try PostgresConnection(conninfo: location.conninfo, location: location.display)
            let newer = PostgresSchema.latestVersion + 1
            try connection.query("INSERT INTO schema_migrations (version, description) VALUES ($1, 'from the future')", Int32(newer))
            #expect {
                _ = try storage.openLibrary(creating: true)
            } throws: { error in
                let error = error as? StorageOpenError
                return error?.code == .newerSchema && error?.schemaVersion == newer && error?.supportedSchemaVersion == PostgresSchema.latestVersion
            }
        }
    }

    /// A database of version 3 (analyses as JSON only) is brought to version 4 with every user's
    /// stored analyses packed: they read back as they did from their JSON.
    @Test func versionFourPacksTheAnalysesStoredBefore() throws {
        try TestDatabase.withFreshDatabase { location in
            var before: [[RunAnalysis?]] = []
            for user in ["alice", "bob"] {
                let storage = PostgresStorage(url: location.conninfo, user: user)
                try storage.createUser()
                let library = try storage.openLibrary(creating: true)
                for file in ["samples/runs/morning-10k.gpx", "samples/runs/trail-hill-run.gpx"] {
                    _ = try RunImporter(library: library).importFile(atPath: SharedData.repository(file))
                }
                before.append(try library.runIDs().map { try library.analysis(id: $0) })
            }
            let connection = try PostgresConnection(conninfo: location.conninfo, location: location.display)
            // Back to version 3: the versions after it undone too (5: the web's login sessions).
            try connection.execute("DROP TABLE analyses; DROP TABLE web_sessions; DELETE FROM schema_migrations WHERE version >= 4")
            #expect(try PostgresSchema.migrate(connection) == [4, 5])
            #expect(try connection.scalarInt("SELECT count(*) FROM analyses WHERE version = \(PackedAnalysis.version)") == 4)
            for (k, user) in ["alice", "bob"].enumerated() {
                let library = try PostgresStorage(url: location.conninfo, user: user).openLibrary(creating: false)
                let after = try library.runIDs().map { try library.analysis(id: $0) }
                #expect(after == before[k] && after.allSatisfy { !($0?.splitsPerKilometer.isEmpty ?? true) }, "\(user)")
            }
        }
    }

    /// Reading does not create: no schema is made in an empty database by asking for a library.
    @Test func readingAnEmptyDatabaseCreatesNothing() throws {
        try TestDatabase.withFreshDatabase { location in
            let storage = PostgresStorage(url: location.conninfo, user: "runner")
            #expect(!storage.libraryExists)
            #expect { _ = try storage.openLibrary(creating: false) } throws: { ($0 as? StorageOpenError)?.code == .noLibrary }
            let connection = try PostgresConnection(conninfo: location.conninfo, location: location.display)
            #expect(try PostgresSchema.currentVersion(connection) == 0)
        }
    }
}

/// Failures collected from several threads.
final class FailureList: @unchecked Sendable {  // `lock` guards `items`
    private let lock = NSLock()
    private var items: [String] = []
    func append(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}
