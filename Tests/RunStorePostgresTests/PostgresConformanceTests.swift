import RunStore
import RunStorePostgres
import StorageConformance
import Testing

/// The storage conformance suite (Tests/StorageConformance) on the PostgreSQL implementation, the
/// same checks `SQLiteConformanceTests` runs on SQLite: each on a new user of the test database —
/// an empty library and shared store of their own beside every other check's.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipNote))
struct PostgresConformanceTests {
    @Test(arguments: StorageConformance.checks)
    func postgresConforms(_ check: StorageConformance.Check) throws {
        try check.run(try TestDatabase.freshUser("conformance"))
    }
}
