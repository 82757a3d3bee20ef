import Foundation

/// The scanned text: one node per value, in document order; a container's children follow it.
final class JSONTape {
    enum Kind: UInt8 { case object, array, string, escapedString, number, integer, `true`, `false`, null }

    struct Node {
        var kind: Kind
        /// Scalars: the value's bytes (a string's between its quotes). Containers: their children count.
        var start: Int
        var end: Int
        /// The node after this one's subtree.
        var next: Int
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// Never changed once scanned (a `let`: reading it costs no exclusivity check).
    let nodes: [Node]

    init(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        self.bytes = bytes
        var parser = Parser(bytes: bytes)
        parser.nodes.reserveCapacity(bytes.count / 8 + 4)
        var position = 0
        try parser.parseValue(&position, depth: 0)
        parser.skipWhitespace(&position)
        guard position == bytes.count else { throw Self.corrupt("unexpected text after the value at byte \(position)") }
        nodes = parser.nodes
    }

    static func corrupt(_ message: String) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON: \(message)"))
    }

    /// Nesting beyond this is refused (stored JSON is a few levels deep).
    static let maximumDepth = 512

    /// Scans the text into nodes.
    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var nodes: [Node] = []

        func skipWhitespace(_ position: inout Int) {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x0A, 0x0D, 0x09: position += 1
                default: return
                }
            }
        }

        mutating func parseValue(_ position: inout Int, depth: Int) throws {
            guard depth < JSONTape.maximumDepth else { throw JSONTape.corrupt("nested too deep") }
            skipWhitespace(&position)
            guard position < bytes.count else { throw JSONTape.corrupt("unexpected end of text") }
            switch bytes[position] {
            case UInt8(ascii: "{"): try parseContainer(&position, depth: depth, isObject: true)
            case UInt8(ascii: "["): try parseContainer(&position, depth: depth, isObject: false)
            case UInt8(ascii: "\""): try parseString(&position)
            case UInt8(ascii: "t"): try parseLiteral(&position, "true", .true)
            case UInt8(ascii: "f"): try parseLiteral(&position, "false", .false)
            case UInt8(ascii: "n"): try parseLiteral(&position, "null", .null)
            default: try parseNumber(&position)
            }
        }

        mutating func parseContainer(_ position: inout Int, depth: Int, isObject: Bool) throws {
            let index = nodes.count
            nodes.append(Node(kind: isObject ? .object : .array, start: 0, end: 0, next: 0))
            position += 1
            var count = 0
            skipWhitespace(&position)
            let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            if position < bytes.count, bytes[position] == close {
                position += 1
            } else {
                while true {
                    if isObject {
                        skipWhitespace(&position)
                        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw JSONTape.corrupt("expected a key at byte \(position)") }
                        try parseString(&position)
                        skipWhitespace(&position)
                        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw JSONTape.corrupt("expected ':' at byte \(position)") }
                        position += 1
                    }
                    try parseValue(&position, depth: depth + 1)
                    count += 1
                    skipWhitespace(&position)
                    guard position < bytes.count else { throw JSONTape.corrupt("unexpected end of text") }
                    if bytes[position] == UInt8(ascii: ",") {
                        position += 1
                        // A comma before the closing bracket is taken, as `JSONDecoder` takes it.
                        skipWhitespace(&position)
                        if position < bytes.count, bytes[position] == close { position += 1; break }
                        continue
                    }
                    guard bytes[position] == close else { throw JSONTape.corrupt("expected ',' or '\(Character(Unicode.Scalar(close)))' at byte \(position)") }
                    position += 1
                    break
                }
            }
            nodes[index].start = count
            nodes[index].next = nodes.count
        }

        mutating func parseString(_ position: inout Int) throws {
            let start = position + 1
            var index = start
            var isEscaped = false
            while true {
                guard index < bytes.count else { throw JSONTape.corrupt("unterminated string at byte \(position)") }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { break }
                if byte < 0x20 { throw JSONTape.corrupt("a control character in a string at byte \(index)") }
                if byte == UInt8(ascii: "\\") {
                    isEscaped = true
                    index += 2
                } else {
                    index += 1
                }
            }
            nodes.append(Node(kind: isEscaped ? .escapedString : .string, start: start, end: index, next: nodes.count + 1))
            position = index + 1
        }

        mutating func parseLiteral(_ position: inout Int, _ literal: StaticString, _ kind: Kind) throws {
            let count = literal.utf8CodeUnitCount
            guard position + count <= bytes.count,
                  (0..<count).allSatisfy({ bytes[position + $0] == literal.utf8Start[$0] }) else {
                throw JSONTape.corrupt("unexpected text at byte \(position)")
            }
            nodes.append(Node(kind: kind, start: position, end: position + count, next: nodes.count + 1))
            position += count
        }

        /// RFC 8259's number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
        mutating func parseNumber(_ position: inout Int) throws {
            let start = position
            var index = position
            func digits() -> Int {
                let first = index
                while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
                return index - first
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let whole = digits()
            guard whole > 0, whole == 1 || bytes[index - whole] != UInt8(ascii: "0") else { throw JSONTape.corrupt("not a number at byte \(start)") }
            var isInteger = true
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw JSONTape.corrupt("not a number at byte \(start)") }
                isInteger = false
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw JSONTape.corrupt("not a number at byte \(start)") }
                isInteger = false
            }
            nodes.append(Node(kind: isInteger ? .integer : .number, start: start, end: index, next: nodes.count + 1))
            position = index
        }
    }

    // MARK: Reading nodes

    /// A string node's text, its escapes resolved.
    func string(_ node: Node) throws -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[node.start..<node.end])
        guard node.kind == .escapedString else { return String(decoding: slice, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(slice.count)
        var index = 0
        func hex4() throws -> UInt32 {
            guard index + 4 <= slice.count else { throw Self.corrupt("a short \\u escape") }
            var value: UInt32 = 0
            for k in 0..<4 {
                let c = slice[index + k]
                let digit: UInt8
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
                default: throw Self.corrupt("a \\u escape with '\(Character(Unicode.Scalar(c)))'")
                }
                value = value << 4 | UInt32(digit)
            }
            index += 4
            return value
        }
        while index < slice.count {
            let byte = slice[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else { out.append(byte); continue }
            guard index < slice.count else { throw Self.corrupt("an escape at the end of a string") }
            let escape = slice[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    // A high surrogate takes the low one after it.
                    guard index + 6 <= slice.count, slice[index] == UInt8(ascii: "\\"), slice[index + 1] == UInt8(ascii: "u") else {
                        throw Self.corrupt("a lone surrogate in a string")
                    }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw Self.corrupt("a lone surrogate in a string") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw Self.corrupt("a lone surrogate in a string")
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw Self.corrupt("an invalid \\u escape") }
                out.append(contentsOf: String(Character(unicode)).utf8)
            default: throw Self.corrupt("an invalid escape in a string")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Powers of ten exact as doubles (up to 10²²).
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }

    /// A number of at most 2⁵³ as digits times a power of ten from 10⁻²² to 10²², which one
    /// correctly rounded multiplication or division makes exact (W. D. Clinger, "How to read
    /// floating point numbers accurately", PLDI 1990: both operands are exact doubles); nil for
    /// others, which `strtod` reads.
    static func fastDouble(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        var index = start
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var digits = 0, exponent = 0
        var seenPoint = false
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                seenPoint = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                if mantissa > 0 || byte != UInt8(ascii: "0") { digits += 1 }
                guard digits <= 19 else { return nil }
                mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
                if seenPoint { exponent -= 1 }
            } else {
                break
            }
            index += 1
        }
        if index < end {
            // The exponent part: e or E, a sign, digits (already checked to be JSON).
            index += 1
            var sign = 1
            if bytes[index] == UInt8(ascii: "-") { sign = -1; index += 1 } else if bytes[index] == UInt8(ascii: "+") { index += 1 }
            var written = 0
            while index < end {
                written = written * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                guard written < 1000 else { return nil }
                index += 1
            }
            exponent += sign * written
        }
        guard mantissa <= 1 << 53, exponent >= -22, exponent <= 22 else { return nil }
        let value = exponent < 0 ? Double(mantissa) / exactPowersOfTen[-exponent] : Double(mantissa) * exactPowersOfTen[exponent]
        return negative ? -value : value
    }

    /// Whether a key node holds exactly `key`'s UTF-8 (the lengths compared first: most keys differ in it).
    func keyMatches(_ node: Node, _ key: String) -> Bool {
        if node.kind == .escapedString { return (try? string(node)) == key }
        guard key.utf8.count == node.end - node.start else { return false }
        var key = key
        return key.withUTF8 { utf8 in
            for k in 0..<utf8.count where utf8[k] != bytes[node.start + k] { return false }
            return true
        }
    }

    /// Whether a key node holds exactly a literal's UTF-8.
    func keyMatches(_ node: Node, _ key: StaticString) -> Bool {
        guard key.hasPointerRepresentation, node.kind != .escapedString else { return keyMatches(node, key.description) }
        let length = key.utf8CodeUnitCount
        guard length == node.end - node.start else { return false }
        let literal = key.utf8Start
        for k in 0..<length where literal[k] != bytes[node.start + k] { return false }
        return true
    }

    /// A number node's text.
    func numberText(_ node: Node) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[node.start..<node.end]), as: UTF8.self)
    }

    /// A number node's value, correctly rounded (C's `strtod`, reading the text in place: a JSON
    /// number is followed by a character that ends it; one that ends the text is copied). Where
    /// `strtod` does not read the whole number (a locale with a decimal comma), the standard
    /// library's parser reads it.
    func double(_ node: Node) -> Double? {
        if let exact = Self.fastDouble(bytes, node.start, node.end) { return exact }
        let length = node.end - node.start
        guard length < 64 else { return Double(numberText(node)) }
        if node.end < bytes.count {
            let parsed: (value: Double, read: Int) = bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { base in
                let start = base + node.start
                var end: UnsafeMutablePointer<CChar>?
                let value = strtod(start, &end)
                return (value, end.map { UnsafePointer($0) - start } ?? 0)
            }
            return parsed.read == length ? parsed.value : Double(numberText(node))
        }
        return Double(numberText(node))
    }

    /// An integer node's value, when it fits in an `Int64`.
    func integer(_ node: Node) -> Int64? {
        guard node.kind == .integer else { return nil }
        var index = node.start
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var magnitude: UInt64 = 0
        while index < node.end {
            let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(UInt64(bytes[index] - UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }
            magnitude = sum
            index += 1
        }
        if negative { return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }
}
