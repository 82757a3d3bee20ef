import RunStore
import RunStoreSQLite
import StorageConformance
import Testing
import TestSupport

/// The storage conformance suite (Tests/StorageConformance) on the SQLite implementation: each
/// check on a fresh library and shared store in a folder of its own.
struct SQLiteConformanceTests {
    @Test(arguments: StorageConformance.checks)
    func sqliteConforms(_ check: StorageConformance.Check) throws {
        let home = TemporaryDirectory("runlog-conformance")
        try check.run(SQLiteStorage(libraryLocation: home.file("library.sqlite"), sharedLocation: home.file("group.sqlite")))
    }
}
