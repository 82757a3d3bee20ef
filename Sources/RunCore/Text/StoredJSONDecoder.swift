import Foundation

/// Decodes the JSON runlog stores (summaries, analyses, activity headers — what Foundation's
/// `JSONEncoder` wrote) several times faster than Foundation's `JSONDecoder`, with the same
/// results: the text is scanned once into a flat list of nodes (no tree of objects), objects are
/// searched by their keys' bytes, numbers are read exactly (``JSONTape/fastDouble(_:_:_:)``, else
/// C's `strtod`), and the types a stored value holds many of are read past Codable's generic
/// calls (``StoredJSONReadable``). A run page decodes its run's analysis on every uncached
/// request: a 96 km run's is 37 kB, 9 million instructions with `JSONDecoder`, under 3 million here.
///
/// The same rules as `JSONDecoder` with its default strategies, for the types runlog stores (no
/// `Data`, `Date`, `URL` or `Decimal` of its own): RFC 8259 JSON (no comments, no
/// `NaN`; a comma before a closing bracket is taken, as `JSONDecoder` takes it; of equal keys
/// the first counts); a missing key is `keyNotFound`, `null` where a value is needed is
/// `valueNotFound`, a value of another kind `typeMismatch`, a number that does not fit its type
/// and malformed text `dataCorrupted`. `StoredJSONDecoderTests` compares it with `JSONDecoder`
/// on every stored JSON of both corpora and on malformed text.
package struct StoredJSONDecoder: Sendable {
    package init() {}

    /// Decodes a value from JSON text.
    /// - Throws: `DecodingError` as `JSONDecoder` would.
    /// - Complexity: O(n) in the text, plus a scan of an object's keys for each key looked up.
    package func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        var text = text
        return try text.withUTF8 { try decode(type, fromUTF8: $0) }
    }

    /// Decodes a value from JSON as UTF-8 bytes.
    package func decode<T: Decodable>(_ type: T.Type, fromUTF8 bytes: UnsafeBufferPointer<UInt8>) throws -> T {
        let tape = try JSONTape(bytes)
        return try T(from: TapeDecoder(tape: tape, node: 0, parent: nil, key: nil))
    }
}

/// A type ``StoredJSONDecoder`` reads straight from the scanned text, past Codable's generic calls:
/// one that a stored value holds arrays of (a run's splits: 157 of them in a 96 km run, 3,000 of
/// Codable's calls). Its reading must be what its `Decodable` conformance does — the same keys,
/// the same optionals; `StoredJSONDecoderTests` holds both to `JSONDecoder`.
package protocol StoredJSONReadable: Decodable {
    init(stored object: StoredJSONObject) throws
}

/// A JSON object as a ``StoredJSONReadable`` type reads it: values by key, with the errors a
/// keyed container gives.
package struct StoredJSONObject {
    let decoder: TapeDecoder

    private var tape: JSONTape { decoder.tape }

    private func find(_ name: StaticString) -> Int? {
        let object = decoder.node
        return tape.nodes.withUnsafeBufferPointer { nodes in
            var index = object + 1
            for _ in 0..<nodes[object].start {
                if tape.keyMatches(nodes[index], name) { return index + 1 }
                index = nodes[index + 1].next
            }
            return nil
        }
    }

    private func node(_ name: StaticString) throws -> Int {
        guard let node = find(name) else {
            throw DecodingError.keyNotFound(NameKey(stringValue: name.description), DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "No value associated with key \(name) (\"\(name)\")."))
        }
        return node
    }

    private func present(_ name: StaticString) -> Int? {
        guard let node = find(name), tape.nodes[node].kind != .null else { return nil }
        return node
    }

    private func at(_ name: StaticString) -> Location { Location(decoder: decoder, literal: name) }

    package func decode(_ type: Double.Type, _ key: StaticString) throws -> Double { try Primitive.double(tape, node(key), at(key)) }
    package func decode(_ type: Int.Type, _ key: StaticString) throws -> Int { try Primitive.integer(type, tape, node(key), at(key)) }
    package func decode(_ type: Bool.Type, _ key: StaticString) throws -> Bool { try Primitive.bool(tape, node(key), at(key)) }
    package func decode(_ type: String.Type, _ key: StaticString) throws -> String { try Primitive.string(tape, node(key), at(key)) }
    package func decodeIfPresent(_ type: Double.Type, _ key: StaticString) throws -> Double? {
        try present(key).map { try Primitive.double(tape, $0, at(key)) }
    }
}

/// Where a value is, for an error's coding path (made only when there is an error).
struct Location {
    let decoder: TapeDecoder
    private let key: (any CodingKey)?
    private let literal: StaticString?

    init(decoder: TapeDecoder, key: (any CodingKey)?) {
        self.decoder = decoder
        self.key = key
        literal = nil
    }

    /// A key written in the source, made into a coding key only for an error.
    init(decoder: TapeDecoder, literal: StaticString) {
        self.decoder = decoder
        key = nil
        self.literal = literal
    }

    var path: [any CodingKey] {
        if let key { return decoder.codingPath + [key] }
        if let literal { return decoder.codingPath + [NameKey(stringValue: literal.description)] }
        return decoder.codingPath
    }
}

/// A key by its name.
struct NameKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Reading one node as a value of a primitive type, or the error `JSONDecoder` gives.
enum Primitive {
    static func mismatch(_ type: Any.Type, _ value: JSONTape.Node, _ path: [any CodingKey]) -> DecodingError {
        if value.kind == .null {
            return .valueNotFound(type, DecodingError.Context(codingPath: path, debugDescription: "Cannot get \(type) -- found null value instead"))
        }
        return .typeMismatch(type, DecodingError.Context(codingPath: path, debugDescription: "Expected to decode \(type) but found \(value.kind) instead."))
    }

    static func tooLarge(_ type: Any.Type, _ tape: JSONTape, _ value: JSONTape.Node, _ path: [any CodingKey]) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: "Parsed JSON number <\(tape.numberText(value))> does not fit in \(type)."))
    }

    static func bool(_ tape: JSONTape, _ node: Int, _ at: Location) throws -> Bool {
        let value = tape.nodes[node]
        switch value.kind {
        case .true: return true
        case .false: return false
        default: throw mismatch(Bool.self, value, at.path)
        }
    }

    static func string(_ tape: JSONTape, _ node: Int, _ at: Location) throws -> String {
        let value = tape.nodes[node]
        guard value.kind == .string || value.kind == .escapedString else { throw mismatch(String.self, value, at.path) }
        return try tape.string(value)
    }

    static func double(_ tape: JSONTape, _ node: Int, _ at: Location) throws -> Double {
        let value = tape.nodes[node]
        // Whole numbers up to 2⁵³ are exact as doubles: no parsing of text needed (but `-0` is −0.0).
        if let integer = tape.integer(value), integer.magnitude <= 1 << 53, integer != 0 { return Double(integer) }
        guard value.kind == .number || value.kind == .integer else { throw mismatch(Double.self, value, at.path) }
        guard let number = tape.double(value), number.isFinite else { throw tooLarge(Double.self, tape, value, at.path) }
        return number
    }

    static func float(_ tape: JSONTape, _ node: Int, _ at: Location) throws -> Float {
        let value = tape.nodes[node]
        if let integer = tape.integer(value), integer.magnitude <= 1 << 24, integer != 0 { return Float(integer) }
        guard value.kind == .number || value.kind == .integer else { throw mismatch(Float.self, value, at.path) }
        guard let number = Float(tape.numberText(value)), number.isFinite else { throw tooLarge(Float.self, tape, value, at.path) }
        return number
    }

    static func integer<T: FixedWidthInteger>(_ type: T.Type, _ tape: JSONTape, _ node: Int, _ at: Location) throws -> T {
        let value = tape.nodes[node]
        if let integer = tape.integer(value), let exact = T(exactly: integer) { return exact }
        guard value.kind == .number || value.kind == .integer else { throw mismatch(type, value, at.path) }
        // A number written with a fraction or an exponent that is whole and fits (as `JSONDecoder` takes it).
        if let number = Double(tape.numberText(value)), number.rounded() == number, let exact = T(exactly: number) { return exact }
        throw tooLarge(type, tape, value, at.path)
    }
}
