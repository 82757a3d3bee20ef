import RunCore

/// A buffer of output (XML, and the GeoJSON and CSV writers' text) that flushes to a ``ByteOutput`` in 64 KiB pieces, with helpers for
/// elements, escaped text and locale-independent numbers.
struct XMLByteWriter {
    var buffer: [UInt8] = []
    let output: any ByteOutput
    private static let flushThreshold = 64 * 1024

    init(output: any ByteOutput) {
        self.output = output
        buffer.reserveCapacity(Self.flushThreshold + 4096)
    }

    mutating func flushIfNeeded() throws {
        if buffer.count >= Self.flushThreshold { try flush() }
    }

    mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try output.write($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    @inline(__always) mutating func raw(_ s: StaticString) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    mutating func raw(_ s: String) { buffer.append(contentsOf: s.utf8) }

    mutating func raw(bytes: [UInt8]) { buffer.append(contentsOf: bytes) }

    /// `<name>escaped text</name>`
    mutating func element(_ name: StaticString, text: String) {
        raw("<"); raw(name); raw(">")
        XMLEscaping.appendText(text, to: &buffer)
        raw("</"); raw(name); raw(">")
    }

    /// `<name>number</name>` with at most 15 significant digits, no exponent.
    mutating func element(_ name: StaticString, number: Double) {
        raw("<"); raw(name); raw(">")
        DecimalText.append(number, to: &buffer)
        raw("</"); raw(name); raw(">")
    }

    mutating func element(_ name: StaticString, integer: Int) {
        raw("<"); raw(name); raw(">")
        raw(String(integer))
        raw("</"); raw(name); raw(">")
    }

    mutating func element(_ name: StaticString, time seconds: Double, fractionDigits: Int) {
        raw("<"); raw(name); raw(">")
        UTCDateTime.append(seconds: seconds, fractionDigits: fractionDigits, to: &buffer)
        raw("</"); raw(name); raw(">")
    }

    /// ` name="escaped value"`
    mutating func attribute(_ name: StaticString, _ value: String) {
        raw(" "); raw(name); raw("=\"")
        XMLEscaping.appendAttribute(value, to: &buffer)
        raw("\"")
    }

    mutating func attribute(_ name: StaticString, number: Double) {
        raw(" "); raw(name); raw("=\"")
        DecimalText.append(number, to: &buffer)
        raw("\"")
    }
}
