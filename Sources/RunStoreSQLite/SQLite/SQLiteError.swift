public import RunStore

/// A failed SQLite call: the extended result code, SQLite's message, and the statement (without
/// bound values).
public struct SQLiteError: StorageFailure, Sendable {
    /// SQLite's extended result code (e.g. 2067 `SQLITE_CONSTRAINT_UNIQUE`).
    public var code: Int32
    public var message: String
    public var sql: String?
    /// The database file, when known.
    public var path: String?

    public init(code: Int32, message: String, sql: String? = nil, path: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
        self.path = path
    }

    /// Whether the file is damaged (`SQLITE_CORRUPT`) or not a database (`SQLITE_NOTADB`).
    public var isDamage: Bool { primaryCode == 11 || primaryCode == 26 }

    /// Whether another connection held the lock past the busy timeout (`SQLITE_BUSY`, `SQLITE_LOCKED`).
    public var isBusy: Bool { primaryCode == 5 || primaryCode == 6 }

    /// `SQLITE_READONLY`.
    public var isReadOnly: Bool { primaryCode == 8 }

    /// `SQLITE_FULL`.
    public var isFull: Bool { primaryCode == 13 }

    public var location: String? { path }

    public var rescueHint: String? {
        "'sqlite3 \(path ?? "FILE") .recover' can often rescue its content"
    }

    /// The primary result code (the low byte of ``code``), e.g. 19 `SQLITE_CONSTRAINT`.
    public var primaryCode: Int32 { code & 0xFF }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql))" }
        return text
    }
}
