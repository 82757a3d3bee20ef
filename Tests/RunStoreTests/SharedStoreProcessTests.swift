import Foundation
import RunCore
import RunStore
import RunStoreSQLite
import Synchronization
import TestSupport
import Testing

/// The shared store (`group.sqlite`) used by several real processes at once: the probe
/// (Tests/Probes/runlog-store-probe) writes, increments, reads defaults; this process kills it,
/// damages files and observes.
@Suite struct SharedStoreProcessTests {
    let directory = TemporaryDirectory("runlog-shared")

    // MARK: - kill -9

    /// SIGKILL of a writer at random moments (0–30 ms after its first commit), 200 times on the
    /// same file: the file stays intact, the ten keys and the blob of one commit always agree, and
    /// the stored n is the last one the writer reported — or the one it was writing, when the
    /// kill came after that commit reached the WAL.
    @Test func killedWriterLeavesOneWholeCommit() throws {
        let path = directory.file("group.sqlite")
        var outcomes: [String: Int] = [:]
        var storedBefore = 0
        let attempts = 200
        for attempt in 0..<attempts {
            let probe = try StoreProbe(["write-loop", path])
            // Started committing: its first commit is reported.
            while let line = probe.nextLine(), !line.hasPrefix("c ") {}
            usleep(UInt32.random(in: 0...30_000))
            probe.kill()
            let ended = probe.finish()
            try #require(ended.killed, "attempt \(attempt): the writer ended by itself (\(ended.status)): \(ended.errors)")
            let begun = ended.lines.compactMap { $0.hasPrefix("b ") ? Int($0.dropFirst(2)) : nil }
            let committed = ended.lines.compactMap { $0.hasPrefix("c ") ? Int($0.dropFirst(2)) : nil }
            let lastBegun = try #require(begun.last), lastCommitted = try #require(committed.last)
            // The writer continued from what the last kill left.
            #expect(begun.first == storedBefore + 1, "attempt \(attempt): started at \(begun.first ?? -1) after \(storedBefore)")

            // The next process to open it is SharedStore on even attempts, sqlite3 on odd ones.
            if attempt % 2 == 1 {
                let check = try ExternalTools.run("/usr/bin/sqlite3", [path, "PRAGMA integrity_check;"])
                #expect(check.output == "ok\n", "attempt \(attempt): sqlite3: \(check.output) \(check.error)")
            }
            let stored = try Self.storedWrite(path: path)
            #expect(stored.integrity == "ok", "attempt \(attempt)")
            let n = try #require(stored.n, "attempt \(attempt): the keys disagree: \(stored.values)")
            #expect(stored.blobMatches, "attempt \(attempt): the blob is not that of \(n)")
            if lastBegun == lastCommitted {
                #expect(n == lastCommitted, "attempt \(attempt): \(n) after commit \(lastCommitted) was reported")
                outcomes["between writes: last reported commit kept", default: 0] += 1
            } else {
                #expect(lastBegun == lastCommitted + 1)
                #expect(n == lastCommitted || n == lastBegun, "attempt \(attempt): \(n), reported \(lastCommitted), writing \(lastBegun)")
                outcomes[n == lastCommitted ? "inside a write: rolled back to the last reported commit"
                                            : "inside a write, after its commit reached the WAL: new n kept", default: 0] += 1
            }
            storedBefore = n
            // A pause leaves the CPUs and the disk to the tests running beside this one (one of
            // them times imports to kill them at a fraction of the time measured first).
            usleep(25_000)
        }
        let summary = outcomes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: "; ")
        print("SIGKILL of a writer x\(attempts), 0–30 ms after its first commit; \(storedBefore) commits in all: \(summary); integrity ok, no torn write")
        // Kills did land inside writes (a writer spends nearly all its time in one).
        #expect(outcomes.keys.contains { $0.hasPrefix("inside a write") }, "\(outcomes)")
    }

    /// What a write-loop left: `PRAGMA integrity_check`, the ten keys, n when they agree, and
    /// whether the blob is that of n (computed here as the probe does).
    static func storedWrite(path: String) throws -> (integrity: String?, values: [StoredValue?], n: Int?, blobMatches: Bool) {
        let store = try SharedStore(path: path)
        let integrity = try Database(path: path, synchronous: "FULL").scalarText("PRAGMA integrity_check")
        let entries = try store.entries(in: "loop")
        let values = (0..<10).map { entries["k\($0)"]?.value }
        guard case .int(let n)? = values[0], values.allSatisfy({ $0 == .int(n) }) else { return (integrity, values, nil, false) }
        return (integrity, values, n, entries["blob"]?.value == .data(blob(n)))
    }

    /// The probe's blob of n: 4 KiB of xorshift64 seeded with n × the golden ratio.
    static func blob(_ n: Int) -> [UInt8] {
        var x = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15 | 1
        return (0..<4096).map { _ in
            x ^= x << 13
            x ^= x >> 7
            x ^= x << 17
            return UInt8(truncatingIfNeeded: x)
        }
    }

    // MARK: - Concurrent writers and readers

    /// Two processes, 500 read-modify-write increments each under `BEGIN IMMEDIATE`: none is lost.
    @Test func twoProcessesIncrementingLoseNothing() throws {
        let path = directory.file("group.sqlite")
        let probes = try (0..<2).map { _ in try StoreProbe(["increment", path, "count", "500"]) }
        for probe in probes { #expect(probe.nextLine() == "ready") }
        for probe in probes { probe.send("go") }
        for probe in probes {
            let ended = probe.finish()
            #expect(ended.status == 0 && !ended.killed && ended.lines.last == "done", "\(ended.errors)")
        }
        #expect(try SharedStore(path: path).entry("count", in: "counter")?.value == .int(1000))
    }

    /// Eight processes read the settings of a store that holds none yet, at once: each reads the
    /// defaults, and each setting's default is written exactly once (counted by triggers on the
    /// entries table, which log every insert and update in the same transaction).
    @Test func eightReadersWriteEachDefaultOnce() throws {
        let home = directory.file("home")
        let path = home + "/group.sqlite"
        _ = try SharedStore(path: path)   // the schema, no entries
        try Database(path: path).execute("""
            CREATE TABLE write_log (domain TEXT, key TEXT, origin TEXT, operation TEXT);
            CREATE TRIGGER log_insert AFTER INSERT ON entries BEGIN
                INSERT INTO write_log VALUES (new.domain, new.key, new.origin, 'insert'); END;
            CREATE TRIGGER log_update AFTER UPDATE ON entries BEGIN
                INSERT INTO write_log VALUES (new.domain, new.key, new.origin, 'update'); END;
            """)
        let key = Settings.maximumHeartRate.key
        let probes = try (0..<8).map { _ in try StoreProbe(["read-default", home, key]) }
        for probe in probes { #expect(probe.nextLine() == "ready") }
        for probe in probes { probe.send("go") }
        for probe in probes {
            let ended = probe.finish()
            #expect(ended.status == 0 && !ended.killed, "\(ended.errors)")
            #expect(ended.lines.last == "190 default")
        }
        let database = try Database(path: path)
        let log = try database.prepare("SELECT domain, key, origin, operation, count(*) FROM write_log GROUP BY 1, 2, 3, 4 ORDER BY 1, 2")
        var writes: [String: [String]] = [:]
        while try log.step() {
            writes["\(log.text(0) ?? "")/\(log.text(1) ?? "")", default: []].append("\(log.text(3) ?? "") \(log.text(2) ?? "") ×\(log.int(4))")
        }
        for definition in Settings.all {
            #expect(writes["settings:default/\(definition.key)"] == ["insert default ×1"], "\(definition.key)")
        }
        #expect(writes["settings:default/\(key)"] == ["insert default ×1"])
        for appKey in ["activeProfile", "profiles", "settingsVersion"] {
            #expect(writes["app/\(appKey)"] == ["insert user ×1"], "\(appKey): \(writes["app/\(appKey)"] ?? [])")
        }
        #expect(writes.count == Settings.all.count + 3, "\(writes.keys.sorted())")
    }

    /// Eight processes open a store that does not exist yet, at once, in 10 rounds: all of them
    /// succeed (the schema is created once, under the write lock).
    @Test func eightProcessesCreateTheStoreAtOnce() throws {
        var failures: [String] = []
        for round in 0..<10 {
            let home = directory.file("fresh-\(round)")
            let probes = try (0..<8).map { _ in try StoreProbe(["read-default", home, Settings.units.key]) }
            for probe in probes { #expect(probe.nextLine() == "ready") }
            for probe in probes { probe.send("go") }
            for probe in probes {
                let ended = probe.finish()
                if ended.status != 0 || ended.lines.last != "metric default" { failures.append("round \(round): \(ended.errors)") }
            }
        }
        #expect(failures.count == 0, "of 80; the first: \(failures.first ?? "")")
    }

    // MARK: - Damaged files

    enum Damage: String, CaseIterable, Sendable {
        case truncated, garbageInAPage, notADatabase
    }

    /// A damaged `group.sqlite` is refused with `.damagedStore` naming it; a copy with the same
    /// bytes is kept beside it (one, however often it is opened); the file is left byte for byte
    /// as it was — never replaced by defaults.
    @Test(arguments: Damage.allCases)
    func damagedStoreIsRefusedKeptAndLeftAlone(damage: Damage) throws {
        let home = directory.file("home")
        let path = home + "/group.sqlite"
        do {
            let store = try SharedStore(path: path)
            try store.write((0..<300).map { .set(.string(String(repeating: "v", count: 20 + $0 % 50)), forKey: "k\($0)", in: "d") })
        }   // closed: the WAL is checkpointed into the file and removed
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        try #require(bytes.count >= 6 * 4096)
        switch damage {
        case .truncated:
            bytes.removeLast(bytes.count / 2 + 1000)
        case .garbageInAPage:
            // 512 bytes in the middle of a leaf page of the entries table (the last page): cells
            // and their pointers. (Garbage in free space or inside a value is not detectable:
            // SQLite keeps no checksums.)
            let page = (bytes.count / 4096 - 1) * 4096
            var x: UInt64 = 0x2545_F491_4F6C_DD1D
            for i in page + 1792..<page + 2304 {
                x ^= x << 13
                x ^= x >> 7
                x ^= x << 17
                bytes[i] = UInt8(truncatingIfNeeded: x)
            }
        case .notADatabase:
            bytes = Array(String(repeating: "units = metric\n", count: 300).utf8)
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))

        var copiesNamed: Set<String> = []
        for _ in 0..<3 {
            let error = try #require(throws: StorageOpenError.self) { try SettingsStore(home: home) }
            #expect(error.code == .damagedStore)
            #expect(error.message.contains(path) && error.message.contains("is damaged"), "\(error.message)")
            let copies = try FileManager.default.contentsOfDirectory(atPath: home).filter { $0.hasPrefix("group.sqlite.damaged-") }
            #expect(copies.count == 1, "\(copies)")
            for copy in copies {
                #expect(Array(try Data(contentsOf: URL(fileURLWithPath: home + "/" + copy))) == bytes)
                #expect(error.message.contains("a copy is kept at \(home)/\(copy)"), "\(error.message)")
                copiesNamed.insert(copy)
            }
            #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == bytes, "the damaged file was changed")
        }
        #expect(copiesNamed.count == 1)
        let direct = try #require(throws: StorageOpenError.self) { try SharedStore(path: path) }
        #expect(direct.code == .damagedStore)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
    }

    /// A copy is made again when the file is damaged differently.
    @Test func differentDamageKeepsAnotherCopy() throws {
        let path = directory.file("group.sqlite")
        for text in ["first damage\n", "second damage\n"] {
            try Data(String(repeating: text, count: 100).utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: StorageOpenError.self) { try SharedStore(path: path) }
        }
        let copies = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("group.sqlite.damaged-") }
        #expect(copies.count == 2, "\(copies)")
    }

    // MARK: - Observer

    /// A commit by another process calls the handler (the wake-up file; the fallback is an hour
    /// away), and the handler sees the new value. Once `stop()` returns the handler is not
    /// called again, though the next commit wakes an observer still running.
    @Test func observerHearsAnotherProcessAndStops() throws {
        let path = directory.file("group.sqlite")
        let store = try SharedStore(path: path)
        let calls = Mutex(0)
        let called = DispatchSemaphore(value: 0)
        let observer = try StoreObserver(store: store, fallbackSeconds: 3600) {
            calls.withLock { $0 += 1 }
            called.signal()
        }
        #expect(try StoreProbe(["set", path, "x", "42"]).finish().lines == ["committed"])
        #expect(called.wait(timeout: .now() + 10) == .success, "no call within 10 s")
        #expect(try store.entry("x", in: "loop")?.value == .int(42))

        observer.stop()
        observer.stop()   // twice is fine
        let callsAtStop = calls.withLock { $0 }
        let witnessCalled = DispatchSemaphore(value: 0)
        let witness = try StoreObserver(store: store, fallbackSeconds: 3600) { witnessCalled.signal() }
        #expect(try StoreProbe(["set", path, "x", "43"]).finish().lines == ["committed"])
        #expect(witnessCalled.wait(timeout: .now() + 10) == .success, "the running observer was not called")
        usleep(200_000)
        #expect(calls.withLock { $0 } == callsAtStop, "called after stop()")
        witness.stop()
    }

    /// A commit that rings no wake-up (sqlite3 writing directly) is still noticed, by the slow
    /// `data_version` check.
    @Test func observerNoticesAMissedWakeUp() throws {
        let path = directory.file("group.sqlite")
        let store = try SharedStore(path: path)
        try store.write([.set(.int(1), forKey: "x", in: "loop")])
        let called = DispatchSemaphore(value: 0)
        let observer = try StoreObserver(store: store, fallbackSeconds: 0.2) { called.signal() }
        defer { observer.stop() }
        let rungBefore = try FileManager.default.attributesOfItem(atPath: store.wakeUpPath)[.modificationDate] as? Date
        let update = try ExternalTools.run("/usr/bin/sqlite3", [path, "UPDATE entries SET value = 2 WHERE domain = 'loop' AND key = 'x';"])
        #expect(update.status == 0, "\(update.error)")
        #expect(called.wait(timeout: .now() + 10) == .success, "the change was not noticed within 10 s")
        let rungAfter = try FileManager.default.attributesOfItem(atPath: store.wakeUpPath)[.modificationDate] as? Date
        #expect(rungBefore == rungAfter, "the wake-up file was touched")
        #expect(try store.entry("x", in: "loop")?.value == .int(2))
    }
}
