/// Parser for xsd:dateTime as GPX files write it, lenient where the meaning is clear.
///
/// Accepts `YYYY-MM-DDThh:mm:ss`, a fraction of a second with any number of digits, and a zone:
/// `Z`, `±hh:mm`, `±hhmm` or `±hh`; no zone means UTC (GPX times are UTC by definition) and is
/// flagged. A space is accepted in place of `T`, and surrounding whitespace is ignored (xsd
/// whitespace collapse). Leap second `:60` is read as the next second.
public enum DateTimeText {
    /// The result of parsing one time.
    public struct Parsed: Sendable, Equatable {
        /// Seconds since 1970-01-01T00:00:00Z.
        public var seconds: Double
        /// Digits of the fraction of a second as written (0 when none).
        public var fractionDigits: Int
        /// True when the text had no zone designator and was taken as UTC.
        public var isZoneAssumed: Bool
    }

    /// Parses a time from its UTF-8 bytes; `nil` when the text is not a date-time.
    ///
    /// - Complexity: O(n) in the length of the text, no allocation.
    public static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Parsed? {
        var start = 0
        var end = text.count
        while start < end, isSpace(text[start]) { start += 1 }
        while end > start, isSpace(text[end - 1]) { end -= 1 }
        var i = start
        func number(_ width: Int) -> Int? {
            guard i + width <= end else { return nil }
            var value = 0
            for k in 0..<width {
                let c = text[i + k]
                guard c >= 48, c <= 57 else { return nil }
                value = value * 10 + Int(c - 48)
            }
            i += width
            return value
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < end, text[i] == c else { return false }
            i += 1
            return true
        }
        var negativeYear = false
        if i < end, text[i] == UInt8(ascii: "-") { negativeYear = true; i += 1 }
        guard var year = number(4) else { return nil }
        // Years beyond 9999 have more digits.
        while i < end, text[i] >= 48, text[i] <= 57 { year = year * 10 + Int(text[i] - 48); i += 1 }
        if negativeYear { year = -year }
        guard expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")), let day = number(2)
        else { return nil }
        guard i < end, text[i] == UInt8(ascii: "T") || text[i] == UInt8(ascii: "t") || text[i] == UInt8(ascii: " ")
        else { return nil }
        i += 1
        guard let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2),
              expect(UInt8(ascii: ":")), let second = number(2)
        else { return nil }
        guard UTCDateTime.isValidDate(year: year, month: month, day: day),
              hour < 24 || (hour == 24 && minute == 0 && second == 0), minute < 60, second <= 60
        else { return nil }
        var fraction = 0.0
        var fractionDigits = 0
        if i < end, text[i] == UInt8(ascii: ".") || text[i] == UInt8(ascii: ",") {
            i += 1
            var scale = 0.1
            while i < end, text[i] >= 48, text[i] <= 57 {
                fraction += Double(text[i] - 48) * scale
                scale *= 0.1
                fractionDigits += 1
                i += 1
            }
            guard fractionDigits > 0 else { return nil }
        }
        var offsetSeconds = 0
        var zoneAssumed = false
        if i == end {
            zoneAssumed = true
        } else if text[i] == UInt8(ascii: "Z") || text[i] == UInt8(ascii: "z") {
            i += 1
        } else if text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") {
            let sign = text[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard let hours = number(2), hours <= 14 else { return nil }
            var minutes = 0
            if i < end {
                _ = expect(UInt8(ascii: ":"))
                guard let m = number(2), m < 60 else { return nil }
                minutes = m
            }
            offsetSeconds = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard i == end else { return nil }
        let days = UTCDateTime.daysFromCivil(year: year, month: month, day: day)
        let whole = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Parsed(seconds: Double(whole) + fraction, fractionDigits: fractionDigits, isZoneAssumed: zoneAssumed)
    }

    /// Parses a time from a string; `nil` when it is not a date-time.
    public static func parse(_ text: String) -> Parsed? {
        var copy = text
        return copy.withUTF8 { parse($0) }
    }

    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }
}
