import RunCore

/// Numbers in TCX fields. The schema types them `xsd:double` (or integer types), so besides a
/// plain decimal an exponent is allowed (`5E-05`, as .NET's XmlSerializer writes small values);
/// `INF` and `NaN`, which xsd:double also allows, are no measurement and are refused.
enum TCXNumber {
    /// The value, or nil when the text is not a finite number.
    /// - Complexity: O(n), no allocation for plain decimals.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        if let value = DecimalText.parse(bytes) { return value }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard end - start <= 64 else { return nil }
        // [sign] digits [. digits] (e|E) [sign] digits, or [sign] . digits (e|E) …
        var i = start
        if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
        var mantissaDigits = 0
        while i < end, isDigit(bytes[i]) { i += 1; mantissaDigits += 1 }
        if i < end, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < end, isDigit(bytes[i]) { i += 1; mantissaDigits += 1 }
        }
        guard mantissaDigits > 0, i < end, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") else { return nil }
        i += 1
        if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
        var exponentDigits = 0
        while i < end, isDigit(bytes[i]) { i += 1; exponentDigits += 1 }
        guard exponentDigits > 0, i == end else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    @inline(__always) private static func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }
    @inline(__always) private static func isDigit(_ c: UInt8) -> Bool { c &- 48 < 10 }
}
