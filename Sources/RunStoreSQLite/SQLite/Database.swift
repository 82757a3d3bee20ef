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

    /// Opens (creating if needed) the database at `path`.
    /// - Parameters:
    ///   - busyTimeoutMilliseconds: how long a statement waits for another connection's lock.
    ///   - synchronous: `NORMAL` (safe against process crashes; the last commits may roll back on power loss) or `FULL`.
    /// - Throws: ``SQLiteError`` when the file cannot be opened, is not a database, or WAL cannot be enabled.
    /// - Parameter readOnly: open without writing anything (no WAL switch, no pragmas that write);
    ///   `immutable` also tells SQLite the file cannot change (for files in read-only folders).
    package init(path: String, busyTimeoutMilliseconds: Int32 = 5000, synchronous: String = "NORMAL",
                readOnly: Bool = false, immutable: Bool = false) throws {
        self.path = path
        self.isReadOnly = readOnly
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
            sqlite3_close_v2(db)
            throw SQLiteError(code: status, message: "cannot open \(path): \(message)")
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

    /// Runs one or more statements without parameters.
    package func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if status != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? lastErrorMessage
            sqlite3_free(errorMessage)
            throw SQLiteError(code: status, message: message, sql: sql, path: path)
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
