/// A failed SQLite call: the extended result code, SQLite's message, and the statement (without
/// bound values).
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
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

    /// The primary result code (the low byte of ``code``), e.g. 19 `SQLITE_CONSTRAINT`.
    public var primaryCode: Int32 { code & 0xFF }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql))" }
        return text
    }
}
