import RunStore
import CSQLite
import Foundation

/// One open SQLite database: the only owner of its `sqlite3*` handle, closed in `deinit`.
///
/// Opened in WAL mode with a busy timeout, foreign keys on and extended result codes. Not
/// thread-safe: use one `Database` per thread (SQLite's "multi-thread" mode).
package final class Database {
    private let handle: OpaquePointer
    /// `PRAGMA data_version`, prepared once (``changeToken`` runs it on every web request).
    private var dataVersionStatement: OpaquePointer?
    /// Path of the database file.
    package let path: String
    /// Whether the database was opened read-only.
    package let isReadOnly: Bool
    /// Whether it was opened read-only because the disk is full: a write it refuses is said as a
    /// full disk (``SQLiteError/isFull``), not as a file the user may not write.
    package let isReadOnlyForLackOfSpace: Bool

    /// Opens (creating if needed) the database at `path`.
    /// - Parameters:
    ///   - busyTimeoutMilliseconds: how long a statement waits for another connection's lock.
    ///   - synchronous: `NORMAL` (safe against process crashes; the last commits may roll back on power loss) or `FULL`.
    /// - Throws: ``SQLiteError`` when the file cannot be opened, is not a database, or WAL cannot be enabled.
    /// - Parameter readOnly: open without writing anything (no WAL switch, no pragmas that write);
    ///   `immutable` also tells SQLite the file cannot change (for files in read-only folders, or
    ///   on a full disk, where even the WAL index cannot be made); `forLackOfSpace`: read-only
    ///   because the disk is full (writes refused are said so).
    package init(path: String, busyTimeoutMilliseconds: Int32 = 5000, synchronous: String = "NORMAL",
                readOnly: Bool = false, immutable: Bool = false, forLackOfSpace: Bool = false) throws {
        self.path = path
        self.isReadOnly = readOnly
        self.isReadOnlyForLackOfSpace = readOnly && forLackOfSpace
        var db: OpaquePointer?
        var flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        var name = path
        if immutable {
            flags |= SQLITE_OPEN_URI
            name = "file:" + path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)! + "?immutable=1"
        }
        let status = sqlite3_open_v2(name, &db, flags, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            let systemErrno = db.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close_v2(db)
            var error = SQLiteError(code: status, message: "cannot open \(path): \(message)", path: path)
            error.isOutOfSpace = SQLiteError.meansFullDisk(code: status, systemErrno: systemErrno, path: path)
            throw error
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
        if readOnly {
            _ = try scalarText("PRAGMA schema_version")  // fails here, not later, if the file is not a database
            return
        }
        let mode = try scalarText("PRAGMA journal_mode=WAL")
        guard mode?.lowercased() == "wal" else {
            throw SQLiteError(code: SQLITE_ERROR, message: "cannot switch \(path) to WAL mode (journal_mode answered \(mode ?? "nothing"))")
        }
        try execute("PRAGMA synchronous=\(synchronous)")
        try execute("PRAGMA foreign_keys=ON")
    }

    deinit {
        sqlite3_finalize(dataVersionStatement)
        sqlite3_close_v2(handle)
    }

    /// Opens an existing database only to read it, because opening it to write failed for a full
    /// disk: read-only; when even that needs space (the WAL index, `-shm`, cannot be made),
    /// immutable — but only when no WAL file holds commits the database file lacks (none, or
    /// empty: the last connection checkpointed it), since an immutable connection reads the file
    /// alone. Writes are then refused as a full disk (``isReadOnlyForLackOfSpace``).
    /// - Throws: `failure` (the full disk) when neither can be done.
    static func readingOnFullDisk(_ path: String, after failure: SQLiteError) throws -> Database {
        if let database = try? Database(path: path, readOnly: true, forLackOfSpace: true) { return database }
        let walBytes = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int ?? 0
        guard walBytes == 0 else { throw failure }
        if let database = try? Database(path: path, readOnly: true, immutable: true, forLackOfSpace: true) { return database }
        throw failure
    }

    /// Runs one or more statements without parameters.
    package func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if status != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? lastErrorMessage
            sqlite3_free(errorMessage)
            throw failure(status, message: message, sql: sql)
        }
    }

    /// Prepares a statement.
    package func prepare(_ sql: String) throws -> Statement {
        try Statement(database: self, handle: handle, sql: sql)
    }

    /// Runs a statement with parameters, ignoring rows.
    package func run(_ sql: String, _ values: any SQLiteBindable...) throws {
        let statement = try prepare(sql)
        try statement.bind(values)
        while try statement.step() {}
    }

    /// The first column of the first row as text.
    package func scalarText(_ sql: String, _ values: any SQLiteBindable...) throws -> String? {
        let statement = try prepare(sql)
        try statement.bind(values)
        return try statement.step() ? statement.text(0) : nil
    }

    /// The first column of the first row as an integer.
    package func scalarInt(_ sql: String, _ values: any SQLiteBindable...) throws -> Int64? {
        let statement = try prepare(sql)
        try statement.bind(values)
        return try statement.step() ? statement.optionalInt64(0) : nil
    }

    /// Runs `body` in a transaction that takes the write lock at once (`BEGIN IMMEDIATE`), so that
    /// read-modify-write sequences are not interleaved with other writers. Commits when `body`
    /// returns, rolls back when it throws.
    package func immediateTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The error for `status` of the last call on this connection, with whether a full disk caused it.
    func failure(_ status: Int32, message: String, sql: String?) -> SQLiteError {
        if isReadOnlyForLackOfSpace && status & 0xFF == 8 {
            // SQLite's "attempt to write a readonly database" would point at permissions.
            var error = SQLiteError(code: status, message: "no space left on the disk (opened only to read)", sql: sql, path: path)
            error.isOutOfSpace = true
            return error
        }
        var error = SQLiteError(code: status, message: message, sql: sql, path: path)
        error.isOutOfSpace = SQLiteError.meansFullDisk(code: status, systemErrno: sqlite3_system_errno(handle), path: path)
        return error
    }

    /// Row id of the last insert on this connection.
    package var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last statement.
    package var changes: Int { Int(sqlite3_changes(handle)) }

    /// A number that changes with every commit to the file, by this connection or another:
    /// `PRAGMA data_version` (changes when another connection commits; it starts a read, so it
    /// sees the newest commit) and `sqlite3_total_changes64` (rows this connection changed)
    /// together. For caches: it is read on every web request, so its statement is prepared once.
    package var changeToken: Int64 {
        if dataVersionStatement == nil { sqlite3_prepare_v2(handle, "PRAGMA data_version", -1, &dataVersionStatement, nil) }
        var dataVersion: Int64 = 0
        if let statement = dataVersionStatement {
            if sqlite3_step(statement) == SQLITE_ROW { dataVersion = sqlite3_column_int64(statement, 0) }
            sqlite3_reset(statement)
        }
        return (dataVersion &<< 32) ^ sqlite3_total_changes64(handle)
    }

    var lastErrorMessage: String { String(cString: sqlite3_errmsg(handle)) }
}
