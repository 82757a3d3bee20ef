/// A PostgreSQL type's OID (`pg_type.oid`; fixed for the built-in types).
package struct PostgresType: Hashable, Sendable {
    package let oid: UInt32
    package init(oid: UInt32) { self.oid = oid }

    package static let bool = PostgresType(oid: 16)
    package static let bytea = PostgresType(oid: 17)
    package static let name = PostgresType(oid: 19)
    package static let int8 = PostgresType(oid: 20)
    package static let int2 = PostgresType(oid: 21)
    package static let int4 = PostgresType(oid: 23)
    package static let text = PostgresType(oid: 25)
    package static let json = PostgresType(oid: 114)
    package static let float4 = PostgresType(oid: 700)
    package static let float8 = PostgresType(oid: 701)
    package static let varchar = PostgresType(oid: 1043)
}

/// A Swift value sent as a statement's parameter, in PostgreSQL's binary format with its type
/// named (so a `nil` is a NULL of the right type, and a `Double` arrives exactly).
package protocol PostgresEncodable {
    /// The parameter's type.
    static var postgresType: PostgresType { get }
    /// The value in the type's binary format; nil for NULL.
    var postgresBytes: [UInt8]? { get }
}

extension Int64: PostgresEncodable {
    package static var postgresType: PostgresType { .int8 }
    package var postgresBytes: [UInt8]? { withUnsafeBytes(of: bigEndian) { Array($0) } }
}

extension Int: PostgresEncodable {
    package static var postgresType: PostgresType { .int8 }
    package var postgresBytes: [UInt8]? { Int64(self).postgresBytes }
}

extension Int32: PostgresEncodable {
    package static var postgresType: PostgresType { .int4 }
    package var postgresBytes: [UInt8]? { withUnsafeBytes(of: bigEndian) { Array($0) } }
}

extension Double: PostgresEncodable {
    package static var postgresType: PostgresType { .float8 }
    package var postgresBytes: [UInt8]? { withUnsafeBytes(of: bitPattern.bigEndian) { Array($0) } }
}

extension Bool: PostgresEncodable {
    package static var postgresType: PostgresType { .bool }
    package var postgresBytes: [UInt8]? { [self ? 1 : 0] }
}

extension String: PostgresEncodable {
    package static var postgresType: PostgresType { .text }
    package var postgresBytes: [UInt8]? { Array(utf8) }
}

extension Array: PostgresEncodable where Element == UInt8 {
    package static var postgresType: PostgresType { .bytea }
    package var postgresBytes: [UInt8]? { self }
}

extension Optional: PostgresEncodable where Wrapped: PostgresEncodable {
    package static var postgresType: PostgresType { Wrapped.postgresType }
    package var postgresBytes: [UInt8]? { self.flatMap(\.postgresBytes) }
}
