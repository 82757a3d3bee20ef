import RunCore

// The little-endian values and varints the packed forms (``PackedSketch``, ``PackedAnalysis``)
// are written in: `v` a LEB128 varint, `z` a zigzag varint, `d` a Float64's bits, texts as `v`
// length and UTF-8.

/// Values appended to a byte array.
struct PackedBytesWriter {
    var bytes: [UInt8]
    init(_ prefix: [UInt8], capacity: Int = 0) {
        bytes = prefix
        bytes.reserveCapacity(prefix.count + capacity)
    }

    mutating func byte(_ value: UInt8) { bytes.append(value) }
    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }
    mutating func uint64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func double(_ value: Double) { uint64(value.bitPattern) }
    /// A byte 0 for nil, else 1 and the value.
    mutating func optionalDouble(_ value: Double?) {
        bool(value != nil)
        if let value { double(value) }
    }
    mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
    /// A count or a non-negative whole number.
    mutating func count(_ value: Int) { varint(UInt64(max(0, value))) }
    mutating func zigzag(_ value: Int64) { varint(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }
    /// Any `Int`, negative ones too.
    mutating func int(_ value: Int) { zigzag(Int64(value)) }
    mutating func coordinate(_ c: Coordinate) {
        double(c.latitude)
        double(c.longitude)
    }
    mutating func optionalCoordinate(_ c: Coordinate?) {
        bool(c != nil)
        if let c { coordinate(c) }
    }
    mutating func text(_ value: String) {
        varint(UInt64(value.utf8.count))
        bytes.append(contentsOf: value.utf8)
    }
}

/// Reads what ``PackedBytesWriter`` wrote, each read checked against the end; a failure is a
/// ``StoredDataError`` naming what was read (`what`: "a packed sketch" …).
struct PackedBytesReader {
    let data: [UInt8]
    let what: String
    var offset = 0
    init(_ data: [UInt8], what: String) {
        self.data = data
        self.what = what
    }

    var isAtEnd: Bool { offset == data.count }
    var remaining: Int { data.count - offset }

    func failure(_ problem: String) -> StoredDataError { StoredDataError("\(what) \(problem)") }

    mutating func bytes(_ count: Int) throws -> [UInt8] {
        guard count >= 0, count <= data.count - offset else { throw failure("ends early") }
        defer { offset += count }
        return Array(data[offset..<(offset + count)])
    }
    mutating func skip(_ count: Int) throws {
        guard count >= 0, count <= data.count - offset else { throw failure("ends early") }
        offset += count
    }
    mutating func byte() throws -> UInt8 {
        guard offset < data.count else { throw failure("ends early") }
        defer { offset += 1 }
        return data[offset]
    }
    /// A byte that must be 0 or 1.
    mutating func bool() throws -> Bool {
        let value = try byte()
        guard value <= 1 else { throw failure("has a flag of \(value)") }
        return value == 1
    }
    mutating func uint64() throws -> UInt64 {
        guard data.count - offset >= 8 else { throw failure("ends early") }
        var value: UInt64 = 0
        for k in 0..<8 { value |= UInt64(data[offset + k]) << (8 * k) }
        offset += 8
        return value
    }
    mutating func double() throws -> Double { Double(bitPattern: try uint64()) }
    mutating func optionalDouble() throws -> Double? { try bool() ? try double() : nil }
    mutating func varint() throws -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 7) {
            let b = try byte()
            value |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return value }
        }
        throw failure("has a number too long")
    }
    /// A non-negative whole number that fits an `Int` (not bounded by the bytes left: a mark's number).
    mutating func whole() throws -> Int {
        let value = try varint()
        guard value <= UInt64(Int.max) else { throw failure("has a number too large") }
        return Int(value)
    }
    /// A count or index: a varint no larger than what the bytes left could hold.
    mutating func count() throws -> Int {
        let value = try varint()
        guard value <= UInt64(data.count) else { throw failure("has a count past its end") }
        return Int(value)
    }
    mutating func zigzag() throws -> Int64 {
        let value = try varint()
        return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }
    /// What ``PackedBytesWriter/int(_:)`` wrote.
    mutating func int() throws -> Int { Int(try zigzag()) }
    mutating func coordinate() throws -> Coordinate { Coordinate(latitude: try double(), longitude: try double()) }
    mutating func optionalCoordinate() throws -> Coordinate? { try bool() ? try coordinate() : nil }
    mutating func text() throws -> String { String(decoding: try bytes(try count()), as: UTF8.self) }
}
