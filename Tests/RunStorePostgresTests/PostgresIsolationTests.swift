import Foundation
import RunCore
import RunStore
@testable import RunStorePostgres
import Testing
import TestSupport

/// Each user's data is theirs at the storage level: two users of one database share nothing —
/// runs and originals, numbers, search sets, settings, the live recording, change tokens — and
/// every table but the users' own carries an owner in its primary key.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipNote))
struct PostgresIsolationTests {
    static let sample = SharedData.repository("samples/runs/morning-10k.gpx")

    @Test func twoUsersRunsAreApart() throws {
        let alice = try TestDatabase.freshUser("alice"), bob = try TestDatabase.freshUser("bob")
        let aliceLibrary = try alice.openLibrary(creating: true), bobLibrary = try bob.openLibrary(creating: true)
        let imported = try RunImporter(library: aliceLibrary).importFile(atPath: Self.sample)
        guard case .imported(let run)? = imported.outcomes.first else { Issue.record("not imported: \(imported.outcomes)"); return }
        #expect(run.id == 1 && run.originalID == 1, "a user's first run and original are their number 1")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.sample)))

        // Bob sees none of it: not the run, not its number, not its original by content.
        #expect(try bobLibrary.count() == 0)
        #expect(try bobLibrary.runs().isEmpty)
        #expect(try bobLibrary.runIDs(contentSHA256: SHA256.hash(bytes)).isEmpty)
        #expect(try bobLibrary.runs(startingNear: run.startTimeSeconds ?? 0, toleranceSeconds: 86_400).isEmpty)
        #expect { _ = try bobLibrary.run(id: run.id) } throws: { ($0 as? LibraryError)?.code == .runNotFound }
        #expect { _ = try bobLibrary.header(id: run.id) } throws: { ($0 as? LibraryError)?.code == .runNotFound }
        #expect { _ = try bobLibrary.original(id: run.id) } throws: { ($0 as? LibraryError)?.code == .runNotFound }
        #expect { try bobLibrary.rename(id: run.id, to: "mine now") } throws: { ($0 as? LibraryError)?.code == .runNotFound }
        #expect { try bobLibrary.delete(id: run.id) } throws: { ($0 as? LibraryError)?.code == .runNotFound }
        #expect(try bobLibrary.records().isEmpty)

        // The same file is Bob's own first run, not a duplicate of Alice's.
        let bobsImport = try RunImporter(library: bobLibrary).importFile(atPath: Self.sample)
        guard case .imported(let bobsRun)? = bobsImport.outcomes.first else { Issue.record("Bob's import: \(bobsImport.outcomes)"); return }
        #expect(bobsRun.id == 1 && bobsRun.originalID == 1)
        try bobLibrary.rename(id: 1, to: "Bob's 10k")
        try bobLibrary.delete(id: 1)
        #expect(try aliceLibrary.run(id: 1).name == run.name, "Bob's edits reached Alice's run")
        #expect(try aliceLibrary.original(id: 1) == bytes)
        // Numbers are never reused, per user: Bob's next run is 2; Alice's library did not move.
        _ = try RunImporter(library: bobLibrary).importFile(atPath: Self.sample)
        #expect(try bobLibrary.runIDs() == [2])
        #expect(try aliceLibrary.runIDs() == [1])
    }

    @Test func searchSetsSettingsAndLiveAreApart() throws {
        let alice = try TestDatabase.freshUser("alice"), bob = try TestDatabase.freshUser("bob")
        let aliceLibrary = try alice.openLibrary(creating: true), bobLibrary = try bob.openLibrary(creating: true)
        try aliceLibrary.createSearchSet(named: "Long", definition: SearchDefinition(distanceMeters: ValueRange(minimum: 15_000)))
        #expect(try bobLibrary.searchSets().map(\.name) == [SearchSet.allRunsName])
        try bobLibrary.createSearchSet(named: "long", definition: SearchDefinition())   // not taken: Alice's name is hers

        let aliceStore = try alice.openSharedStorage(), bobStore = try bob.openSharedStorage()
        try aliceStore.write([.set(.string("imperial"), forKey: "units", in: "settings:default")])
        #expect(try bobStore.entry("units", in: "settings:default") == nil)
        #expect(try bobStore.domains().isEmpty)

        let bobToken = bobStore.changeToken, bobLibraryToken = bobLibrary.changeToken
        try aliceStore.write([.set(.int(1), forKey: "k", in: "d")])
        try aliceLibrary.createSearchSet(named: "Short", definition: SearchDefinition())
        #expect(bobStore.changeToken == bobToken, "Alice's commit moved Bob's shared store's token")
        #expect(bobLibrary.changeToken == bobLibraryToken, "Alice's commit moved Bob's library's token")

        let now = Date().timeIntervalSince1970
        var state = LiveState(sessionID: "alice-run", recorderPID: getpid(), source: "test")
        state.state = .running
        state.heartbeatTime = now
        let setup = RecordingSetup(parameters: AnalysisParameters(), autoPause: false, splitUnitMeters: 1000, name: "T", type: nil, source: "test")
        try aliceStore.live().begin(state, setup: setup, now: now)
        #expect(try bobStore.live().current() == nil)
        #expect { _ = try bobStore.live().enqueue(.pause, now: now) } throws: { ($0 as? LiveError)?.code == .noRecording }
        let command = try aliceStore.live().enqueue(.pause, now: now)
        #expect(command == 1, "a user's commands are numbered from 1")
        #expect(try bobStore.live().command(id: command) == nil)
        // Bob may record at the same time: his session is his.
        var bobsState = LiveState(sessionID: "bob-run", recorderPID: getpid(), source: "test")
        bobsState.state = .running
        bobsState.heartbeatTime = now
        try bobStore.live().begin(bobsState, setup: setup, now: now)
        #expect(try aliceStore.live().current()?.sessionID == "alice-run")
    }

    /// Every table but `users` and `schema_migrations` has `owner` as the first column of its
    /// primary key: walked in the catalog, so a new table without one fails here.
    @Test func everyTableIsOwnedThroughItsPrimaryKey() throws {
        _ = try TestDatabase.freshUser("catalog")   // the schema is there
        let connection = try TestDatabase.adminConnection()
        let rows = try connection.query("""
            SELECT c.relname::text, a.attname::text
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
            JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]
            WHERE n.nspname = 'public' AND c.relkind = 'r'
            """).all
        let firstKeyColumn = Dictionary(uniqueKeysWithValues: rows.map { ($0.text(0) ?? "", $0.text(1) ?? "") })
        let tables = try connection.query("""
            SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'
            """).all.compactMap { $0.text(0) }
        #expect(tables.count >= 15)
        for table in tables where !["users", "schema_migrations"].contains(table) {
            #expect(firstKeyColumn[table] == "owner", "\(table)'s primary key begins with \(firstKeyColumn[table] ?? "nothing")")
        }
    }
}
