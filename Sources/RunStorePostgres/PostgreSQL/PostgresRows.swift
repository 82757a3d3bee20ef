import CLibPQ

/// The rows a statement returned: the only owner of its `PGresult`, cleared in `deinit`. Values
/// arrive in PostgreSQL's binary format (runlog asks for it), read by the column's type.
package final class PostgresRows {
    private let handle: OpaquePointer
    /// The number of rows.
    package let count: Int
    /// Rows a command changed (`UPDATE`, `DELETE`, `INSERT`), from its command tag; 0 otherwise.
    package let changes: Int

    init(handle: OpaquePointer) {
        self.handle = handle
        count = Int(PQntuples(handle))
        changes = Int(String(cString: PQcmdTuples(handle))) ?? 0
    }

    deinit { PQclear(handle) }

    /// The first row, if any.
    package var first: PostgresRow? { count > 0 ? PostgresRow(rows: self, index: 0) : nil }

    /// Every row, in order.
    package var all: [PostgresRow] { (0..<count).map { PostgresRow(rows: self, index: $0) } }

    fileprivate func type(_ column: Int) -> PostgresType { PostgresType(oid: PQftype(handle, Int32(column))) }

    fileprivate func isNull(_ row: Int, _ column: Int) -> Bool { PQgetisnull(handle, Int32(row), Int32(column)) != 0 }

    /// The value's bytes (empty for NULL).
    fileprivate func bytes(_ row: Int, _ column: Int) -> UnsafeRawBufferPointer {
        let length = Int(PQgetlength(handle, Int32(row), Int32(column)))
        guard length > 0, let value = PQgetvalue(handle, Int32(row), Int32(column)) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: value, count: length)
    }
}

/// One row of ``PostgresRows``. A value of another type than asked is converted where that is
/// exact (an `int4` as `Int64`, an integer as `Double`); a NULL reads as 0, "" or empty.
package struct PostgresRow {
    let rows: PostgresRows
    let index: Int

    package func isNull(_ column: Int) -> Bool { rows.isNull(index, column) }

    package func int64(_ column: Int) -> Int64 {
        let bytes = rows.bytes(index, column)
        switch rows.type(column) {
        case .int8 where bytes.count == 8: return Int64(bigEndian: bytes.loadUnaligned(as: Int64.self))
        case .int4 where bytes.count == 4: return Int64(Int32(bigEndian: bytes.loadUnaligned(as: Int32.self)))
        case .int2 where bytes.count == 2: return Int64(Int16(bigEndian: bytes.loadUnaligned(as: Int16.self)))
        case .bool where bytes.count == 1: return Int64(bytes[0])
        case .float8, .float4: return Int64(double(column))
        default: return 0
        }
    }

    package func int(_ column: Int) -> Int { Int(int64(column)) }

    package func optionalInt64(_ column: Int) -> Int64? { isNull(column) ? nil : int64(column) }

    package func double(_ column: Int) -> Double {
        let bytes = rows.bytes(index, column)
        switch rows.type(column) {
        case .float8 where bytes.count == 8: return Double(bitPattern: UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)))
        case .float4 where bytes.count == 4: return Double(Float(bitPattern: UInt32(bigEndian: bytes.loadUnaligned(as: UInt32.self))))
        case .int8, .int4, .int2: return Double(int64(column))
        default: return 0
        }
    }

    package func optionalDouble(_ column: Int) -> Double? { isNull(column) ? nil : double(column) }

    package func bool(_ column: Int) -> Bool {
        let bytes = rows.bytes(index, column)
        return rows.type(column) == .bool ? bytes.first.map { $0 != 0 } ?? false : int64(column) != 0
    }

    /// Text (`text`, `varchar`, `name`, `json`: their binary format is the UTF-8 text).
    package func text(_ column: Int) -> String? {
        isNull(column) ? nil : String(decoding: rows.bytes(index, column), as: UTF8.self)
    }

    /// The raw bytes of a value (`bytea`'s binary format is the bytes themselves).
    package func bytes(_ column: Int) -> [UInt8] { Array(rows.bytes(index, column)) }

    /// Calls `body` with the value's bytes in place (no copy; valid only during the call).
    package func withBytes<T>(_ column: Int, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try body(rows.bytes(index, column))
    }
}
