/// Conversions between instants (seconds since 1970-01-01T00:00:00Z) and ISO 8601 / xsd:dateTime
/// text, independent of locale, calendar settings and time zone of the process.
///
/// Dates use the proleptic Gregorian calendar as ISO 8601 does; the day arithmetic is Howard
/// Hinnant's `days_from_civil` / `civil_from_days` ("chrono-Compatible Low-Level Date Algorithms",
/// 2013, http://howardhinnant.github.io/date_algorithms.html).
package enum UTCDateTime {
    /// Days since 1970-01-01 for a proleptic Gregorian date.
    @inlinable
    package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The proleptic Gregorian date of a day number (days since 1970-01-01).
    @inlinable
    package static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Whether `day` exists in `month` of `year` (Gregorian leap rule).
    package static func isValidDate(year: Int, month: Int, day: Int) -> Bool {
        guard (1...12).contains(month), day >= 1 else { return false }
        let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        return day <= (month == 2 && leap ? 29 : lengths[month - 1])
    }

    /// Formats an instant as `YYYY-MM-DDThh:mm:ss[.f…]Z`.
    ///
    /// - Parameters:
    ///   - seconds: seconds since 1970 UTC.
    ///   - fractionDigits: digits of the fraction of a second to write, 0…9 (rounded, not truncated,
    ///     so 0.125 s with 3 digits is `.125`, never `.124`). Values above 6 are written as 6 digits,
    ///     the precision a `Double` keeps for present-day instants.
    /// - Returns: ASCII text, 24-hour clock, always `Z`.
    package static func format(seconds: Double, fractionDigits: Int = 0) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        append(seconds: seconds, fractionDigits: fractionDigits, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the ``format(seconds:fractionDigits:)`` text to a byte buffer (used by streaming writers).
    package static func append(seconds: Double, fractionDigits: Int, to out: inout [UInt8]) {
        let digits = max(0, min(fractionDigits, 6))
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let total = Int64((seconds * Double(scale)).rounded())
        var whole = total / scale
        var fraction = total % scale
        if fraction < 0 { fraction += scale; whole -= 1 }
        var days = Int(whole / 86_400)
        var secondOfDay = Int(whole % 86_400)
        if secondOfDay < 0 { secondOfDay += 86_400; days -= 1 }
        let date = civilFromDays(days)
        appendPadded(date.year, width: 4, to: &out)
        out.append(UInt8(ascii: "-"))
        appendPadded(date.month, width: 2, to: &out)
        out.append(UInt8(ascii: "-"))
        appendPadded(date.day, width: 2, to: &out)
        out.append(UInt8(ascii: "T"))
        appendPadded(secondOfDay / 3600, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendPadded(secondOfDay / 60 % 60, width: 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendPadded(secondOfDay % 60, width: 2, to: &out)
        if digits > 0 {
            out.append(UInt8(ascii: "."))
            appendPadded(Int(fraction), width: digits, to: &out)
        }
        out.append(UInt8(ascii: "Z"))
    }

    private static func appendPadded(_ value: Int, width: Int, to out: inout [UInt8]) {
        var v = value
        if v < 0 { out.append(UInt8(ascii: "-")); v = -v }
        var tmp: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &tmp) { buf in
            repeat {
                buf[count] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                count += 1
            } while v > 0 && count < 12
            while count < width && count < 12 { buf[count] = UInt8(ascii: "0"); count += 1 }
            for i in stride(from: count - 1, through: 0, by: -1) { out.append(buf[i]) }
        }
    }
}
