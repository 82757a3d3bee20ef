import Foundation
import RunCore
import RunStore
@testable import RunStorePostgres
import Testing
import TestSupport

/// PostgreSQL's SQLSTATEs as the storage protocol's failures (PostgreSQL's Appendix A), and the
/// real ones: a lock held past the timeout is busy, a read-only database reads and refuses writes,
/// a server that is not there is said without the password.
struct PostgresFailureMappingTests {
    @Test(arguments: [
        ("40001", "busy"), ("40P01", "busy"), ("55P03", "busy"), ("53300", "busy"), ("57P03", "busy"), ("57014", "busy"),
        ("53100", "full"), ("XX001", "damage"), ("XX002", "damage"), ("25006", "readOnly"), ("42501", "readOnly"),
        ("23505", "none"), ("42P01", "none"), ("08006", "none"), ("22P02", "none"),
    ])
    func sqlStatesMapToTheProtocolsFlags(_ state: String, _ expected: String) {
        let error = PostgresError(state: PostgresError.State(state), message: "m")
        let flags = [error.isBusy ? "busy" : nil, error.isFull ? "full" : nil, error.isDamage ? "damage" : nil,
                     error.isReadOnly ? "readOnly" : nil].compactMap { $0 }
        #expect(flags == (expected == "none" ? [] : [expected]), "\(state): \(flags)")
    }

    @Test func aServerThatIsNotThereIsSaidWithoutThePassword() throws {
        let folder = TemporaryDirectory("runlog-no-server")
        let storage = PostgresStorage(url: "postgresql://runner:s3cret-word@/runlog?host=\(folder.path)", user: "alice")
        #expect(!storage.libraryExists)
        #expect(!storage.libraryLocation.contains("s3cret"))
        #expect(storage.libraryLocation == "postgresql://runner@/runlog?host=\(folder.path), user alice")
        #expect { _ = try storage.openLibrary(creating: true) } throws: { error in
            guard let error = error as? StorageOpenError else { return false }
            return error.code == .cannotOpen && error.reason?.contains(folder.path) == true && !error.message.contains("s3cret")
                && !(error.reason ?? "").contains("s3cret")
        }
        #expect { _ = try PostgresStorage(url: "postgresql://x/y?nonsense=1", user: "a").openSharedStorage() } throws: { error in
            (error as? StorageOpenError)?.code == .cannotOpen && (error as? StorageOpenError)?.reason?.contains("nonsense") == true
        }
    }
}

@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipNote))
struct PostgresFailureTests {
    /// Another transaction holds Alice's library write lock: her write waits `lock_timeout`
    /// (lowered here to 200 ms), then fails as busy, and nothing is written.
    @Test func aWriteLockHeldPastTheTimeoutIsBusy() throws {
        let storage = try TestDatabase.freshUser("busy")
        let library = try #require(try storage.openLibrary(creating: true) as? PostgresLibrary)
        try library.createSearchSet(named: "Before", definition: SearchDefinition())
        try library.connection.execute("SET lock_timeout = 200")
        let holder = try TestDatabase.adminConnection()
        try holder.execute("BEGIN")
        try holder.query("UPDATE libraries SET version = version WHERE owner = $1", library.owner)
        let started = Date()
        #expect { try library.renameSearchSet("Before", to: "After") } throws: { error in
            guard let failure = error as? any StorageFailure else { return false }
            return failure.isBusy && (error as? PostgresError)?.state == .lockNotAvailable
        }
        #expect(Date().timeIntervalSince(started) >= 0.2)
        try holder.execute("ROLLBACK")
        #expect(try library.searchSets().map(\.name) == [SearchSet.allRunsName, "Before"])
        try library.renameSearchSet("Before", to: "After")   // the connection is usable again
        #expect(try library.searchSets().map(\.name) == [SearchSet.allRunsName, "After"])
    }

    /// A database that may only be read (as a standby is): the library opens read-only, reads,
    /// and a write fails as read-only.
    @Test func aReadOnlyDatabaseReadsAndRefusesWrites() throws {
        try TestDatabase.withFreshDatabase { location in
            let storage = PostgresStorage(url: location.conninfo, user: "reader")
            try storage.createUser()
            _ = try RunImporter(library: try storage.openLibrary(creating: true))
                .importFile(atPath: SharedData.repository("samples/runs/morning-10k.gpx"))
            let admin = try TestDatabase.adminConnection()
            try admin.execute("ALTER DATABASE \(location.database ?? "") SET default_transaction_read_only = on")
            let library = try storage.openLibrary(creating: false)
            #expect(library.isReadOnly)
            #expect(try library.count() == 1)
            #expect { try library.rename(id: 1, to: "x") } throws: { ($0 as? any StorageFailure)?.isReadOnly == true }
            #expect(try library.run(id: 1).name != "x")
        }
    }

    /// The observer's connection is cut (a server restart, a proxy's timeout): it connects again,
    /// listens again, and commits are still heard.
    @Test func anObserverConnectsAgainAfterItsConnectionIsCut() throws {
        let storage = try TestDatabase.freshUser("observer")
        let store = try storage.openSharedStorage() as? PostgresSharedStore
        let observed = try #require(store)
        let heard = DispatchSemaphore(value: 0)
        let observation = try observed.observeChanges(fallbackSeconds: 60) { heard.signal() }
        defer { observation.stop() }
        let admin = try TestDatabase.adminConnection()
        let cut = try admin.query("""
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1
            """, "runlog-observer \(PostgresSharedStore.channel(owner: observed.owner))")
        #expect(cut.count == 1, "the observer's connection was not found")
        // The observer finds its connection closed at once (the socket says so), connects again and
        // tells of the commit it may have missed.
        #expect(heard.wait(timeout: .now() + 10) == .success, "no call after the connection was cut")
        let writer = try storage.openSharedStorage()
        try writer.write([.set(.int(1), forKey: "k", in: "observed")])
        #expect(heard.wait(timeout: .now() + 10) == .success, "a commit after the new connection was not heard")
    }
}
