/// HTML or SVG written as UTF-8 into one growing buffer: literals copied, text escaped as
/// ``MarkupText/escape(_:)`` escapes it, numbers written as ``MarkupText/number(_:)`` writes them —
/// without a string per piece. What a run page writes by the thousand (a chart's points, the
/// map's markers, the rows of a table of splits) goes through it; `MarkupWriterTests` holds it to
/// `MarkupText`. Not copyable (it owns its buffer): a struct, so its writes need no runtime
/// exclusivity checks.
package struct MarkupWriter: ~Copyable {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    package init(capacity: Int = 4096) {
        self.capacity = max(16, capacity)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// What was written.
    package var text: String { String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self) }

    @inline(__always)
    private mutating func reserve(_ more: Int) {
        if count + more > capacity { grow(to: count + more) }
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.update(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }

    @inline(__always)
    package mutating func append(byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    /// Markup written in the source.
    package mutating func append(_ literal: StaticString) {
        guard literal.hasPointerRepresentation else {
            // A one-character literal is held as its scalar.
            for byte in String(Character(literal.unicodeScalar)).utf8 { append(byte: byte) }
            return
        }
        let length = literal.utf8CodeUnitCount
        reserve(length)
        (storage + count).update(from: literal.utf8Start, count: length)
        count += length
    }

    /// Markup already safe (class names made from constants, a drawing's own SVG): copied as it is.
    package mutating func append(markup: String) {
        var markup = markup
        markup.withUTF8 { bytes in
            reserve(bytes.count)
            if let base = bytes.baseAddress { (storage + count).update(from: base, count: bytes.count) }
            count += bytes.count
        }
    }

    /// Text, escaped: `&`, `<`, `>`, `"` and `'` as character references, control characters other
    /// than tab, line feed and carriage return as U+FFFD (as ``MarkupText/escape(_:)``).
    package mutating func append(text: String) {
        var text = text
        text.withUTF8 { bytes in
            reserve(bytes.count)
            // Most texts need no escaping: copied whole.
            if !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
                                        || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }) {
                if let base = bytes.baseAddress { (storage + count).update(from: base, count: bytes.count) }
                count += bytes.count
                return
            }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "&"): append("&amp;")
                case UInt8(ascii: "<"): append("&lt;")
                case UInt8(ascii: ">"): append("&gt;")
                case UInt8(ascii: "\""): append("&quot;")
                case UInt8(ascii: "'"): append("&#39;")
                case 0x09, 0x0A, 0x0D: append(byte: byte)
                case ..<0x20: append("\u{FFFD}")   // one scalar: written as its UTF-8 above
                default: append(byte: byte)
                }
            }
        }
    }

    /// A whole number.
    package mutating func append(integer value: Int) {
        if value < 0 { append(byte: UInt8(ascii: "-")) }
        appendDigits(value.magnitude)
    }

    /// A coordinate with one decimal, as ``MarkupText/number(_:)`` writes it: `12.3`, `-0.5`, `40`
    /// (values beyond ±10¹⁷, which no drawing reaches, as those bounds).
    package mutating func append(number value: Double) {
        guard value.isFinite else { append(byte: UInt8(ascii: "0")); return }
        let scaled = value * 10
        let tenths: Int
        if abs(scaled) < 0x1p52 {
            // Half away from zero, as `rounded()` rounds, without its call into libm (a run page writes
            // thousands of numbers): the fraction left after truncation is exact at this size.
            var whole = Int(scaled)
            let fraction = scaled - Double(whole)
            if fraction >= 0.5 { whole += 1 } else if fraction <= -0.5 { whole -= 1 }
            tenths = whole
        } else {
            tenths = Int(max(-1e18, min(1e18, scaled)))   // whole already
        }
        if tenths < 0 { append(byte: UInt8(ascii: "-")) }
        let magnitude = tenths.magnitude
        appendDigits(magnitude / 10)
        let fraction = magnitude % 10
        if fraction != 0 {
            reserve(2)
            storage[count] = UInt8(ascii: ".")
            storage[count + 1] = UInt8(ascii: "0") + UInt8(fraction)
            count += 2
        }
    }

    @inline(__always)
    private mutating func appendDigits(_ value: UInt) {
        if value < 10 {
            append(byte: UInt8(ascii: "0") + UInt8(value))
            return
        }
        var digits = 1
        var power: UInt = 10
        while digits < 20, value >= power {
            digits += 1
            if power > UInt.max / 10 { break }
            power *= 10
        }
        reserve(digits)
        // Two digits at a time from the end (a drawing's coordinates have three or four).
        var rest = value
        var k = digits - 1
        while rest >= 10 {
            let pair = Int(rest % 100)
            rest /= 100
            storage[count + k] = Self.digitPairs[2 * pair + 1]
            if k > 0 { storage[count + k - 1] = Self.digitPairs[2 * pair] }
            k -= 2
        }
        if k >= 0 { storage[count + k] = UInt8(ascii: "0") + UInt8(rest) }
        count += digits
    }

    /// "00" "01" … "99" as bytes.
    private static let digitPairs: [UInt8] = (0..<100).flatMap { [UInt8(ascii: "0") + UInt8($0 / 10), UInt8(ascii: "0") + UInt8($0 % 10)] }
}
