import RunStore

/// A failed SQLite call: the extended result code, SQLite's message, and the statement (without
/// bound values).
package struct SQLiteError: StorageFailure, Sendable {
    /// SQLite's extended result code (e.g. 2067 `SQLITE_CONSTRAINT_UNIQUE`).
    package var code: Int32
    package var message: String
    package var sql: String?
    /// The database file, when known.
    package var path: String?

    package init(code: Int32, message: String, sql: String? = nil, path: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
        self.path = path
    }

    /// Whether the file is damaged (`SQLITE_CORRUPT`) or not a database (`SQLITE_NOTADB`).
    package var isDamage: Bool { primaryCode == 11 || primaryCode == 26 }

    /// Whether another connection held the lock past the busy timeout (`SQLITE_BUSY`, `SQLITE_LOCKED`).
    package var isBusy: Bool { primaryCode == 5 || primaryCode == 6 }

    /// `SQLITE_READONLY`.
    package var isReadOnly: Bool { primaryCode == 8 }

    /// `SQLITE_FULL`.
    package var isFull: Bool { primaryCode == 13 }

    package var location: String? { path }

    package var rescueHint: String? {
        "'sqlite3 \(path ?? "FILE") .recover' can often rescue its content"
    }

    /// The primary result code (the low byte of ``code``), e.g. 19 `SQLITE_CONSTRAINT`.
    package var primaryCode: Int32 { code & 0xFF }

    package var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql))" }
        return text
    }
}
