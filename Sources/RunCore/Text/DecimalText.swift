/// Strict reading and writing of decimal numbers as XML Schema's `xsd:decimal` defines them:
/// an optional sign, digits, an optional point and digits — no exponent, no `nan`, no `inf`, no
/// comma. Unlike `Double("…")`, which accepts `nan`, `inf` and `1e2` and refuses `" 7.93"`.
package enum DecimalText {
    /// Parses an `xsd:decimal` (surrounding XML whitespace allowed); `nil` if the text is not one.
    ///
    /// Correctly rounded: up to 19 significant digits with a power of ten within ±22 take Clinger's
    /// exact fast path (W. D. Clinger, "How to read floating point numbers accurately", PLDI 1990);
    /// anything longer (e.g. Garmin Connect's 30-digit coordinates) goes through the standard
    /// library's correctly rounded conversion.
    /// - Complexity: O(n), no allocation on the fast path.
    package static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let base = text.baseAddress, !text.isEmpty else { return nil }
        var p = base
        var end = base + text.count
        while p < end, isSpace(p.pointee) { p += 1 }
        while end > p, isSpace((end - 1).pointee) { end -= 1 }
        guard p < end else { return nil }
        let trimmedStart = p
        var negative = false
        if p.pointee == UInt8(ascii: "-") { negative = true; p += 1 } else if p.pointee == UInt8(ascii: "+") { p += 1 }
        // Digits accumulate with wrapping arithmetic; at most 19 digits cannot wrap (10^19 < 2^64),
        // longer numbers take the slow path below.
        var mantissa: UInt64 = 0
        let integerStart = p
        while p < end, p.pointee &- 48 < 10 {
            mantissa = mantissa &* 10 &+ UInt64(p.pointee &- 48)
            p += 1
        }
        let integerDigits = p - integerStart
        var fractionDigits = 0
        if p < end, p.pointee == UInt8(ascii: ".") {
            p += 1
            let fractionStart = p
            while p < end, p.pointee &- 48 < 10 {
                mantissa = mantissa &* 10 &+ UInt64(p.pointee &- 48)
                p += 1
            }
            fractionDigits = p - fractionStart
        }
        guard p == end, integerDigits + fractionDigits > 0 else { return nil }
        if integerDigits + fractionDigits <= 19, mantissa < (1 << 53), fractionDigits <= 22 {
            let value = fractionDigits == 0 ? Double(mantissa) : Double(mantissa) / exactPowerOfTen(fractionDigits)
            return negative ? -value : value
        }
        let string = String(decoding: UnsafeBufferPointer(start: trimmedStart, count: end - trimmedStart), as: UTF8.self)
        // A decimal too long for a Double overflows to infinity: not a usable number.
        guard let value = Double(string), value.isFinite else { return nil }
        return value
    }

    /// Parses an `xsd:decimal` given as a string.
    package static func parse(_ text: String) -> Double? {
        var copy = text
        return copy.withUTF8 { parse($0) }
    }

    /// Parses an integer (`xsd:integer`: optional sign and digits, surrounding whitespace allowed).
    package static func parseInteger(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        var start = 0
        var end = text.count
        while start < end, isSpace(text[start]) { start += 1 }
        while end > start, isSpace(text[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        var i = start
        var negative = false
        if text[i] == UInt8(ascii: "-") { negative = true; i += 1 } else if text[i] == UInt8(ascii: "+") { i += 1 }
        guard i < end else { return nil }
        var value = 0
        while i < end {
            let c = text[i]
            guard c >= 48, c <= 57 else { return nil }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(Int(c - 48))
            guard !o1, !o2 else { return nil }
            value = s
            i += 1
        }
        return negative ? -value : value
    }

    /// Parses an integer given as a string.
    package static func parseInteger(_ text: String) -> Int? {
        var copy = text
        return copy.withUTF8 { parseInteger($0) }
    }

    /// Formats a finite number as a plain decimal with at most `significantDigits` significant
    /// digits (default 15, so libxml2's schema validator accepts it), no exponent, `.` as the
    /// decimal point whatever the locale, trailing zeros removed (`47.6062`, `-0.5`, `12`).
    /// Non-finite values print as `0` (callers never pass them: the reader refuses them).
    package static func format(_ value: Double, significantDigits: Int = 15) -> String {
        var bytes: [UInt8] = []
        append(value, significantDigits: significantDigits, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The number ``format(_:significantDigits:)`` writes, read back: the value rounded to
    /// `significantDigits` significant digits. Writing it again gives the same text, so a value
    /// kept this way survives being written and read any number of times (a settings file).
    package static func rounded(_ value: Double, significantDigits: Int = 15) -> Double {
        guard value.isFinite else { return value }
        return parse(format(value, significantDigits: significantDigits)) ?? value
    }

    /// Appends the ``format(_:significantDigits:)`` text to a byte buffer (at most 17 significant
    /// digits, all a `Double` has: more would not fit the `UInt64` the digits are made from).
    package static func append(_ value: Double, significantDigits: Int = 15, maxFractionDigits: Int = 15,
                              to out: inout [UInt8]) {
        guard value.isFinite else { out.append(UInt8(ascii: "0")); return }
        let significantDigits = min(max(significantDigits, 1), 17)
        let magnitude = abs(value)
        var integerDigits = 1
        if magnitude >= 1 {
            // Every digit counted, up to 309 for the largest finite Double: p passes 1e308 to
            // infinity, which ends the loop. (It stopped at 300 digits, so 1.5e308 kept 24 leading
            // digits where 15 were meant, and made a UInt64 of them: a trap, found by the fuzz
            // targets of the JSON bodies and the settings file.)
            var p = 10.0
            while p <= magnitude { p *= 10; integerDigits += 1 }
        }
        if integerDigits > significantDigits {
            // No fraction left to write: the leading significant digits, then zeros.
            let scale = exactOrApproximatePowerOfTen(integerDigits - significantDigits)
            var leading = (magnitude / scale).rounded()
            var zeros = integerDigits - significantDigits
            if leading >= exactPowerOfTen(significantDigits) { leading /= 10; zeros += 1 }
            if value < 0 { out.append(UInt8(ascii: "-")) }
            out.append(contentsOf: String(UInt64(leading)).utf8)
            out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: zeros))
            return
        }
        let fractionDigits = max(0, min(maxFractionDigits, significantDigits - (magnitude >= 1 ? integerDigits : 0)))
        var scaled = (magnitude * exactPowerOfTen(fractionDigits)).rounded()
        // Values below 1 may keep up to 15 fraction digits; cap the total so that it fits exactly.
        if scaled >= 9_007_199_254_740_992 { scaled = magnitude.rounded() }
        var integer = UInt64(scaled)
        var digits: [UInt8] = []
        digits.reserveCapacity(24)
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(integer % 10))
            integer /= 10
        } while integer > 0
        while digits.count <= fractionDigits { digits.append(UInt8(ascii: "0")) }
        // digits are reversed: the first `fractionDigits` entries are the fraction.
        var firstKept = 0
        while firstKept < fractionDigits && digits[firstKept] == UInt8(ascii: "0") { firstKept += 1 }
        let isZero = digits.allSatisfy { $0 == UInt8(ascii: "0") }
        if value < 0 && !isZero { out.append(UInt8(ascii: "-")) }
        for k in stride(from: digits.count - 1, through: fractionDigits, by: -1) { out.append(digits[k]) }
        if firstKept < fractionDigits {
            out.append(UInt8(ascii: "."))
            for k in stride(from: fractionDigits - 1, through: firstKept, by: -1) { out.append(digits[k]) }
        }
    }

    /// Whether `c` is XML whitespace (space, tab, line feed, carriage return).
    @inline(__always) package static func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }

    /// 10^exponent for 0…22, exact (every intermediate product is an exactly representable integer).
    @inline(__always)
    static func exactPowerOfTen(_ exponent: Int) -> Double {
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}

/// 10^exponent, exact up to 22, correctly rounded enough beyond for printing leading digits.
private func exactOrApproximatePowerOfTen(_ exponent: Int) -> Double {
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
}
