import RunStore
import CSQLite

/// A prepared statement, finalized in `deinit`. Step it until it returns false.
package final class Statement {
    private let handle: OpaquePointer
    private let database: Database
    package let sql: String

    init(database: Database, handle db: OpaquePointer, sql: String) throws {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else {
            throw database.failure(status, message: String(cString: sqlite3_errmsg(db)), sql: sql)
        }
        self.handle = statement
        self.database = database
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds values to the parameters `?1`, `?2`, … in order.
    package func bind(_ values: [any SQLiteBindable]) throws {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value.sqliteValue {
            case .null: status = sqlite3_bind_null(handle, index)
            case .integer(let v): status = sqlite3_bind_int64(handle, index, v)
            case .real(let v): status = sqlite3_bind_double(handle, index, v)
            case .text(let v):
                // With its length: a text is bound whole, U+0000 included (SQLite stops at the first NUL otherwise).
                var text = v
                status = text.withUTF8 { bytes in
                    // Never NULL, which would bind SQL NULL: an empty text has no storage of its own.
                    let start = UnsafeRawPointer(bytes.baseAddress) ?? UnsafeRawPointer(bitPattern: 1)!
                    return sqlite3_bind_text64(handle, index, start.assumingMemoryBound(to: CChar.self), sqlite3_uint64(bytes.count),
                                               runlog_sqlite_transient(), UInt8(SQLITE_UTF8))
                }
            case .blob(let v):
                status = v.withUnsafeBytes { bytes in
                    sqlite3_bind_blob64(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), sqlite3_uint64(bytes.count),
                                        runlog_sqlite_transient())
                }
            }
            guard status == SQLITE_OK else { throw error(status) }
        }
    }

    /// Advances to the next row; false when there are no more rows.
    /// - Throws: ``SQLiteError`` for anything but a row or the end.
    package func step() throws -> Bool {
        let status = sqlite3_step(handle)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw error(status)
        }
    }

    /// Resets the statement to run again (bindings are kept until rebound).
    package func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    package func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    package func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
    package func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    package func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }
    package func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }

    /// The column's text, whole (U+0000 included: by its length, not up to a NUL).
    package func text(_ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))  // after sqlite3_column_text: the UTF-8's length
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    package func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let pointer = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    private func error(_ status: Int32) -> SQLiteError {
        database.failure(status, message: database.lastErrorMessage, sql: sql)
    }
}
