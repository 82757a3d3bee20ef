import RunStore
/// A value bound to or read from an SQLite statement.
package enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// Types that can be bound as statement parameters.
package protocol SQLiteBindable {
    var sqliteValue: SQLiteValue { get }
}

extension Int: SQLiteBindable { package var sqliteValue: SQLiteValue { .integer(Int64(self)) } }
extension Int64: SQLiteBindable { package var sqliteValue: SQLiteValue { .integer(self) } }
extension Double: SQLiteBindable { package var sqliteValue: SQLiteValue { .real(self) } }
extension String: SQLiteBindable { package var sqliteValue: SQLiteValue { .text(self) } }
extension Bool: SQLiteBindable { package var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) } }
extension Array: SQLiteBindable where Element == UInt8 { package var sqliteValue: SQLiteValue { .blob(self) } }
extension SQLiteValue: SQLiteBindable { package var sqliteValue: SQLiteValue { self } }
extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    package var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }
}
