import RunCore
package import RunStore
import Foundation

/// The "app group" store every runlog process opens at once (`group.sqlite`): typed values by
/// domain and key — settings per profile, the active profile, and (later) the live session.
///
/// SQLite in WAL mode with `synchronous=FULL`: a writer killed at any moment leaves each value
/// either old or new (research/components.md measured 200/200 intact after kill -9, where
/// Foundation's UserDefaults lost the whole file in 33/100). Writes are atomic across keys;
/// read-modify-write runs under `BEGIN IMMEDIATE`. After every commit the writer touches the
/// wake-up file beside the database, so observers in other processes learn of it within
/// milliseconds (``StoreObserver``).
///
/// One `SharedStore` per thread (it owns one SQLite connection).
package final class SharedStore: SharedStorage {
    let database: Database
    /// Path of the database file.
    package var path: String { database.path }
    package var location: String { database.path }
    /// The file touched after each commit.
    package let wakeUpPath: String

    /// How long a writer waits for another's transaction: 30 s. Transactions here are short, but
    /// on a loaded machine a process holding the lock may not run for seconds; failing a setting
    /// or a pause command then would be worse than waiting.
    static let busyTimeoutMilliseconds: Int32 = 30_000

    /// 1: entries (settings, profiles). 2: the live session, its points and the command queue.
    package static let schemaVersion = 2

    /// Opens (creating if needed) the store at `path`.
    /// - Throws: ``StorageOpenError`` `.damagedStore` when the file is not a database or fails SQLite's
    ///   integrity check (a copy of it is kept beside it, named in the message; the file itself
    ///   is left as it was — never replaced by defaults), `.cannotOpen`.
    package init(path: String) throws {
        let directory = PathText.folder(of: path)
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw StorageOpenError(.cannotOpen, "cannot create the folder of the settings store \(directory): \(error.localizedDescription)",
                                       store: .shared, location: path, reason: error.localizedDescription)
            }
        }
        wakeUpPath = path + ".wakeup"
        do {
            database = try Self.open(path)
        } catch let error as SQLiteError where [11, 26].contains(error.primaryCode) {
            // The failed connection is closed by now: the copy below is the process's only
            // handle on the file (closing another one would drop SQLite's POSIX locks).
            throw Self.damaged(path, error)
        }
    }

    /// Opens an existing store only to read it, when it cannot be written here (a read-only file
    /// or folder): nothing is written, not even defaults; writes fail with SQLite's "readonly".
    /// - Throws: ``StorageOpenError`` `.cannotOpen` when the store needs an upgrade it cannot get,
    ///   `.damagedStore`, ``SQLiteError``.
    /// - Parameter fullDisk: the failure of opening it to write when that was a full disk (writes
    ///   are then refused as a full disk, and it is opened immutable only when no WAL holds commits).
    package init(readingOnly path: String, onFullDisk fullDisk: SQLiteError? = nil) throws {
        wakeUpPath = path + ".wakeup"
        do {
            let database = if let fullDisk { try Database.readingOnFullDisk(path, after: fullDisk) }
                else { try (try? Database(path: path, readOnly: true)) ?? Database(path: path, readOnly: true, immutable: true) }
            let version = Int(try database.scalarInt("PRAGMA user_version") ?? 0)
            guard version == Self.schemaVersion else {
                var error = StorageOpenError(.cannotOpen, "the settings store \(path) has schema \(version), this version reads \(Self.schemaVersion), "
                                             + "and it cannot be upgraded because it is read-only here", store: .shared, location: path, reason: "read-only")
                error.needsUpgrade = true
                (error.schemaVersion, error.supportedSchemaVersion) = (version, Self.schemaVersion)
                throw error
            }
            self.database = database
        } catch let error as SQLiteError where [11, 26].contains(error.primaryCode) {
            throw Self.damaged(path, error)
        }
    }

    /// Whether the store was opened only to read it.
    package var isReadOnly: Bool { database.isReadOnly }

    /// Opens the connection, checks the file's structure and brings the schema up to date.
    ///
    /// When several processes open a store that does not exist yet, `PRAGMA journal_mode=WAL`
    /// can answer `SQLITE_BUSY` at once, without waiting through the busy timeout: the open is
    /// retried then, for up to 5 s.
    private static func open(_ path: String) throws -> Database {
        try Database.retryingWhileBusy { try openOnce(path) }
    }

    private static func openOnce(_ path: String) throws -> Database {
        let database = try Database(path: path, busyTimeoutMilliseconds: SharedStore.busyTimeoutMilliseconds, synchronous: "FULL")
        let check = try database.scalarText("PRAGMA quick_check") ?? "no answer"
        guard check == "ok" else {
            throw SQLiteError(code: 11, message: "PRAGMA quick_check found: \(check)")
        }
        try migrate(database)
        return database
    }

    /// A damaged store: keeps a copy, and explains.
    private static func damaged(_ path: String, _ error: SQLiteError) -> StorageOpenError {
        let copy = keepCopy(of: path)
        var damaged = StorageOpenError(.damagedStore, "the settings store \(path) is damaged (\(error.message)); "
            + (copy.map { "a copy is kept at \($0). " } ?? "")
            + "Nothing was changed: remove \(path) to start again with default settings, or restore it from a backup",
            store: .shared, location: path, reason: error.message)
        damaged.copy = copy
        return damaged
    }

    /// Copies the damaged file to `PATH.damaged-STAMP` beside it, unless a copy with the same bytes
    /// is there already (opening a damaged store again does not pile up copies).
    /// - Returns: the copy's path, or nil when none could be made.
    static func keepCopy(of path: String) -> String? {
        let files = FileManager.default
        guard let bytes = files.contents(atPath: path) else { return nil }
        let folder = PathText.folder(of: path)
        let prefix = (path as NSString).lastPathComponent + ".damaged-"
        for name in ((try? files.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []).sorted()
        where name.hasPrefix(prefix) {
            let candidate = folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
            let size = (try? files.attributesOfItem(atPath: candidate)[.size] as? NSNumber)?.intValue
            if size == bytes.count, files.contents(atPath: candidate) == bytes { return candidate }
        }
        let stamp = UTCDateTimeStamp.now()
        for attempt in 1...100 {
            let copy = "\(path).damaged-\(stamp)" + (attempt == 1 ? "" : "-\(attempt)")
            do {
                try bytes.write(to: URL(fileURLWithPath: copy), options: .withoutOverwriting)
                return copy
            } catch {
                if !files.fileExists(atPath: copy) { return nil }  // not a name clash: the folder is not writable
            }
        }
        return nil
    }

    /// Creates or updates the schema. The version is read again under the write lock: processes
    /// opening a new store at once all see version 0 at first, and only the first creates it.
    private static func migrate(_ database: Database) throws {
        func storedVersion() throws -> Int {
            let version = Int(try database.scalarInt("PRAGMA user_version") ?? 0)
            guard version <= schemaVersion else {
                var error = StorageOpenError(.newerSchema, "\(database.path) was written by a newer version (store schema \(version))",
                                             store: .shared, location: database.path)
                (error.schemaVersion, error.supportedSchemaVersion) = (version, schemaVersion)
                throw error
            }
            return version
        }
        if try storedVersion() == schemaVersion { return }
        try database.immediateTransaction {
            let version = try storedVersion()
            if version == schemaVersion { return }
            if version < 1 {
                try database.execute("""
                    CREATE TABLE entries (
                        domain TEXT NOT NULL,
                        key TEXT NOT NULL,
                        kind TEXT NOT NULL,               -- bool, int, double, string, date, data, strings
                        value,
                        origin TEXT NOT NULL,             -- 'user' or 'default'
                        updated_at REAL NOT NULL,
                        PRIMARY KEY (domain, key)
                    ) WITHOUT ROWID;
                    """)
            }
            if version < 2 {
                try database.execute("""
                    CREATE TABLE live_session (               -- one row, replaced by the recorder (LiveStore)
                        slot INTEGER PRIMARY KEY CHECK (slot = 1),
                        session_id TEXT NOT NULL,
                        sequence INTEGER NOT NULL,
                        state TEXT NOT NULL,
                        heartbeat REAL NOT NULL,
                        recorder_pid INTEGER NOT NULL,
                        state_json TEXT NOT NULL,             -- LiveState
                        setup_json TEXT NOT NULL,             -- RecordingSetup
                        laps_json TEXT NOT NULL
                    );
                    CREATE TABLE live_history (               -- the newest published states (a ring), so followers miss none
                        sequence INTEGER PRIMARY KEY,
                        state_json TEXT NOT NULL
                    );
                    CREATE TABLE live_points (                -- the recording's points, written as they arrive
                        session_id TEXT NOT NULL,
                        number INTEGER NOT NULL,
                        segment INTEGER NOT NULL,
                        latitude REAL NOT NULL,
                        longitude REAL NOT NULL,
                        elevation REAL,
                        time REAL,
                        time_digits INTEGER NOT NULL,
                        heart_rate REAL,
                        cadence REAL,
                        air_temperature REAL,
                        PRIMARY KEY (session_id, number)
                    ) WITHOUT ROWID;
                    CREATE TABLE live_commands (              -- pause, resume, lap, finish, discard from any process
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        session_id TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        created_at REAL NOT NULL,
                        applied_at REAL,
                        outcome TEXT
                    );
                    """)
            }
            try database.execute("PRAGMA user_version = \(schemaVersion)")
        }
    }

    // MARK: - Reading

    /// The entry for `key` in `domain`, if any.
    package func entry(_ key: String, in domain: String) throws -> StoredEntry? {
        try SharedStoreTransaction(database: database).entry(key, in: domain)
    }

    /// All entries of a domain.
    package func entries(in domain: String) throws -> [String: StoredEntry] {
        try SharedStoreTransaction(database: database).entries(in: domain)
    }

    /// The domains that have entries, sorted.
    package func domains() throws -> [String] {
        let statement = try database.prepare("SELECT DISTINCT domain FROM entries ORDER BY domain")
        var result: [String] = []
        while try statement.step() { result.append(statement.text(0) ?? "") }
        return result
    }

    /// SQLite's `data_version`: changes whenever another connection commits.
    package var changeToken: Int64 { database.changeToken }

    // MARK: - Live session and observers

    package func live() -> any LiveStorage { LiveStore(store: self) }

    package func observeChanges(fallbackSeconds: Double, handler: @escaping @Sendable () -> Void) throws -> any ChangeObservation {
        try StoreObserver(store: self, fallbackSeconds: fallbackSeconds, handler: handler)
    }

    // MARK: - Writing

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction (the write lock is taken first, so a
    /// read-modify-write is never interleaved with another writer), commits, then rings the
    /// wake-up file.
    package func update<T>(_ body: (any EntryTransaction) throws -> T) throws -> T {
        let result = try database.immediateTransaction { try body(SharedStoreTransaction(database: database)) }
        WakeUpFile.ring(wakeUpPath)
        return result
    }
}

/// Reads and writes inside a transaction of a ``SharedStore``.
package struct SharedStoreTransaction: EntryTransaction {
    let database: Database

    package func entry(_ key: String, in domain: String) throws -> StoredEntry? {
        let statement = try database.prepare("SELECT kind, value, origin FROM entries WHERE domain = ?1 AND key = ?2")
        try statement.bind([domain, key])
        guard try statement.step() else { return nil }
        return StoredEntry(value: try StoredValue.decode(kind: statement.text(0) ?? "", from: statement, column: 1),
                           origin: ValueOrigin(rawValue: statement.text(2) ?? "") ?? .user)
    }

    package func entries(in domain: String) throws -> [String: StoredEntry] {
        let statement = try database.prepare("SELECT key, kind, value, origin FROM entries WHERE domain = ?1")
        try statement.bind([domain])
        var result: [String: StoredEntry] = [:]
        while try statement.step() {
            result[statement.text(0) ?? ""] = StoredEntry(
                value: try StoredValue.decode(kind: statement.text(1) ?? "", from: statement, column: 2),
                origin: ValueOrigin(rawValue: statement.text(3) ?? "") ?? .user)
        }
        return result
    }

    package func apply(_ write: StoreWrite) throws {
        if let entry = write.entry {
            try database.run("""
                INSERT INTO entries (domain, key, kind, value, origin, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                ON CONFLICT (domain, key) DO UPDATE SET kind = excluded.kind, value = excluded.value,
                    origin = excluded.origin, updated_at = excluded.updated_at
                """, write.domain, write.key, entry.value.kind, entry.value.sqliteValue, entry.origin.rawValue,
                Date().timeIntervalSince1970)
        } else {
            try database.run("DELETE FROM entries WHERE domain = ?1 AND key = ?2", write.domain, write.key)
        }
    }

    /// Removes every entry of a domain.
    package func removeDomain(_ domain: String) throws {
        try database.run("DELETE FROM entries WHERE domain = ?1", domain)
    }

    /// Copies every entry of `source` into `destination` (replacing what is there).
    package func copyDomain(_ source: String, to destination: String) throws {
        try database.run("DELETE FROM entries WHERE domain = ?1", destination)
        try database.run("""
            INSERT INTO entries (domain, key, kind, value, origin, updated_at)
            SELECT ?2, key, kind, value, origin, updated_at FROM entries WHERE domain = ?1
            """, source, destination)
    }
}

/// A compact UTC time stamp for file names: `20261130T010203Z`.
enum UTCDateTimeStamp {
    static func now() -> String {
        var t = time(nil)
        var parts = tm()
        gmtime_r(&t, &parts)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }
}
