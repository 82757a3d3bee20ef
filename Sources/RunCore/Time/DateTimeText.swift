/// Parser for xsd:dateTime as GPX files write it, lenient where the meaning is clear.
///
/// Accepts `YYYY-MM-DDThh:mm:ss`, a fraction of a second with any number of digits, and a zone:
/// `Z`, `±hh:mm`, `±hhmm` or `±hh`; no zone means UTC (GPX times are UTC by definition) and is
/// flagged. A space is accepted in place of `T`, and surrounding whitespace is ignored (xsd
/// whitespace collapse). Leap second `:60` is read as the next second.
package enum DateTimeText {
    /// The result of parsing one time.
    package struct Parsed: Sendable, Equatable {
        /// Seconds since 1970-01-01T00:00:00Z.
        package var seconds: Double
        /// Digits of the fraction of a second as written (0 when none).
        package var fractionDigits: Int
        /// True when the text had no zone designator and was taken as UTC.
        package var isZoneAssumed: Bool
    }

    /// Parses a time from its UTF-8 bytes; `nil` when the text is not a date-time.
    ///
    /// - Complexity: O(n) in the length of the text, no allocation.
    package static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Parsed? {
        guard let base = text.baseAddress, !text.isEmpty else { return nil }
        var p = base
        var end = base + text.count
        while p < end, isSpace(p.pointee) { p += 1 }
        while end > p, isSpace((end - 1).pointee) { end -= 1 }
        var negativeYear = false
        if p < end, p.pointee == UInt8(ascii: "-") { negativeYear = true; p += 1 }
        guard let y4 = digits(&p, end, 4) else { return nil }
        var year = y4
        // Years beyond 9999 have more digits.
        while p < end, p.pointee &- 48 < 10, year < 100_000_000 { year = year * 10 + Int(p.pointee &- 48); p += 1 }
        if negativeYear { year = -year }
        guard expect(&p, end, UInt8(ascii: "-")), let month = digits(&p, end, 2), expect(&p, end, UInt8(ascii: "-")),
              let day = digits(&p, end, 2)
        else { return nil }
        guard p < end, p.pointee == UInt8(ascii: "T") || p.pointee == UInt8(ascii: "t") || p.pointee == UInt8(ascii: " ")
        else { return nil }
        p += 1
        guard let hour = digits(&p, end, 2), expect(&p, end, UInt8(ascii: ":")), let minute = digits(&p, end, 2),
              expect(&p, end, UInt8(ascii: ":")), let second = digits(&p, end, 2)
        else { return nil }
        guard UTCDateTime.isValidDate(year: year, month: month, day: day),
              hour < 24 || (hour == 24 && minute == 0 && second == 0), minute < 60, second <= 60
        else { return nil }
        var fraction = 0.0
        var fractionDigits = 0
        if p < end, p.pointee == UInt8(ascii: ".") || p.pointee == UInt8(ascii: ",") {
            p += 1
            var value: UInt64 = 0
            var scale = 1.0
            while p < end, p.pointee &- 48 < 10 {
                if fractionDigits < 15 {
                    value = value * 10 + UInt64(p.pointee &- 48)
                    scale *= 10
                }
                fractionDigits += 1
                p += 1
            }
            guard fractionDigits > 0 else { return nil }
            fraction = Double(value) / scale
        }
        var offsetSeconds = 0
        var zoneAssumed = false
        if p == end {
            zoneAssumed = true
        } else if p.pointee == UInt8(ascii: "Z") || p.pointee == UInt8(ascii: "z") {
            p += 1
        } else if p.pointee == UInt8(ascii: "+") || p.pointee == UInt8(ascii: "-") {
            let sign = p.pointee == UInt8(ascii: "-") ? -1 : 1
            p += 1
            guard let hours = digits(&p, end, 2), hours <= 14 else { return nil }
            var minutes = 0
            if p < end {
                _ = expect(&p, end, UInt8(ascii: ":"))
                guard let m = digits(&p, end, 2), m < 60 else { return nil }
                minutes = m
            }
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard p == end else { return nil }
        let days = UTCDateTime.daysFromCivil(year: year, month: month, day: day)
        let whole = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Parsed(seconds: Double(whole) + fraction, fractionDigits: fractionDigits, isZoneAssumed: zoneAssumed)
    }

    /// Reads exactly `count` ASCII digits.
    @inline(__always)
    private static func digits(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        guard end - p >= count else { return nil }
        var value = 0
        for k in 0..<count {
            let d = p[k] &- 48
            guard d < 10 else { return nil }
            value = value * 10 + Int(d)
        }
        p += count
        return value
    }

    @inline(__always)
    private static func expect(_ p: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, _ c: UInt8) -> Bool {
        guard p < end, p.pointee == c else { return false }
        p += 1
        return true
    }

    /// Parses a time from a string; `nil` when it is not a date-time.
    package static func parse(_ text: String) -> Parsed? {
        var copy = text
        return copy.withUTF8 { parse($0) }
    }

    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }
}
