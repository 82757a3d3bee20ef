package import Foundation
import RunCore

/// Dates in the user's time zone for people and in UTC ISO 8601 for machines. People's dates are
/// in the ``language``: English `2026-05-02 07:31` and `May 2026`, German `02.05.2026 07:31` and
/// `Mai 2026`; 24-hour times in both. The proleptic Gregorian calendar for every year, as the
/// JSON's ISO 8601 times (``RunCore/ProlepticCalendar``: Foundation's calendar would switch to the
/// Julian one before 1582-10-15), and names from the language's table whatever the process
/// locale, so output is stable.
package struct CalendarText: Sendable {
    package let timeZone: TimeZone
    package var language: Language
    private let calendar: Calendar

    package init(timeZone: TimeZone = .current, language: Language = .english) {
        self.timeZone = timeZone
        self.language = language
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        self.calendar = calendar
    }

    private var strings: UIStrings { language.strings }

    /// The local date and time of an instant, proleptic Gregorian.
    private func components(_ seconds: Double) -> ProlepticCalendar.Components {
        ProlepticCalendar.components(seconds, in: timeZone)
    }

    /// `2026-05-02 07:31` (German `02.05.2026 07:31`) in the time zone.
    package func dateTime(_ seconds: Double?) -> String {
        guard let seconds else { return strings.noTime }
        guard abs(seconds) < 1e12 else { return strings.invalidTime }
        let c = components(seconds)
        return strings.numericDate(c.year, c.month, c.day) + " \(twoDigits(c.hour)):\(twoDigits(c.minute))"
    }

    /// `2026-11-30` (German `30.11.2026`) in the time zone.
    package func date(_ seconds: Double?) -> String {
        guard let seconds else { return strings.noTime }
        guard abs(seconds) < 1e12 else { return strings.invalidTime }
        let c = components(seconds)
        return strings.numericDate(c.year, c.month, c.day)
    }

    /// `2026-11-30`, the local date in ISO 8601's form in every language (for ids).
    package func isoDate(_ seconds: Double) -> String {
        guard abs(seconds) < 1e12 else { return "invalid" }
        let c = components(seconds)
        return UIStrings.english.numericDate(c.year, c.month, c.day)
    }

    /// `30 November 2026` (German `30. November 2026`) in the time zone.
    package func longDate(_ seconds: Double?) -> String {
        guard let seconds else { return strings.noTime }
        guard abs(seconds) < 1e12 else { return strings.invalidTime }
        let c = components(seconds)
        return strings.longDate(c.year, monthName(c.month), c.day)
    }

    /// `Sat 2 May 2026` (German `Sa., 2. Mai 2026`) in the time zone.
    package func dayWithWeekday(_ seconds: Double?) -> String {
        guard let seconds else { return strings.noTime }
        guard abs(seconds) < 1e12 else { return strings.invalidTime }
        let c = components(seconds)
        return strings.dayWithWeekday(strings.weekdayShortNames[c.weekday - 1], c.day, monthName(c.month), c.year)
    }

    /// `07:31` (24-hour) in the time zone.
    package func time(_ seconds: Double?) -> String {
        guard let seconds else { return strings.noTime }
        guard abs(seconds) < 1e12 else { return strings.invalidTime }
        let c = components(seconds)
        return "\(twoDigits(c.hour)):\(twoDigits(c.minute))"
    }

    /// `07:31:05` (24-hour, with seconds) in the time zone: when something happened a moment ago
    /// ("not responding since 07:31:05").
    package func clockTime(_ seconds: Double?) -> String {
        guard let seconds else { return strings.noTime }
        guard abs(seconds) < 1e12 else { return strings.invalidTime }
        let c = components(seconds)
        return "\(twoDigits(c.hour)):\(twoDigits(c.minute)):\(twoDigits(c.second))"
    }

    /// Year and month of an instant in the time zone.
    package func yearMonth(_ seconds: Double) -> (year: Int, month: Int) {
        guard abs(seconds) < 1e12 else { return (1970, 1) }
        let c = components(seconds)
        return (c.year, c.month)
    }

    /// The month holding an instant, in the time zone: from midnight of its first day to midnight
    /// of the next month's, as seconds since 1970.
    package func month(containing seconds: Double) -> Range<Double> {
        guard abs(seconds) < 1e12 else { return seconds..<seconds }
        if !ProlepticCalendar.foundationAgrees(at: seconds - 32 * 86_400) {
            let c = components(seconds)
            let next = c.month == 12 ? (c.year + 1, 1) : (c.year, c.month + 1)
            return ProlepticCalendar.startOfDay(year: c.year, month: c.month, day: 1, in: timeZone)
                ..< ProlepticCalendar.startOfDay(year: next.0, month: next.1, day: 1, in: timeZone)
        }
        guard let interval = calendar.dateInterval(of: .month, for: Date(timeIntervalSince1970: seconds)) else {
            return seconds..<seconds
        }
        return interval.start.timeIntervalSince1970..<interval.end.timeIntervalSince1970
    }

    /// The year holding an instant, in the time zone: from midnight of 1 January to midnight of
    /// the next 1 January (proleptic Gregorian), as seconds since 1970.
    package func year(containing seconds: Double) -> Range<Double> {
        guard abs(seconds) < 1e12 else { return seconds..<seconds }
        let year = components(seconds).year
        return ProlepticCalendar.startOfDay(year: year, month: 1, day: 1, in: timeZone)
            ..< ProlepticCalendar.startOfDay(year: year + 1, month: 1, day: 1, in: timeZone)
    }

    /// The weekday of an instant in the time zone, as Foundation numbers them: 1 = Sunday … 7 = Saturday.
    package func weekday(_ seconds: Double) -> Int {
        guard abs(seconds) < 1e12 else { return 5 }  // 1970-01-01 was a Thursday
        return components(seconds).weekday
    }

    /// The week holding an instant, in the time zone: from midnight of its first day (the
    /// `firstWeekday`, 1 = Sunday … 7 = Saturday) to the same midnight 7 days later (23 to 25 hours
    /// a day across a change of daylight saving time), as seconds since 1970.
    package func week(containing seconds: Double, firstWeekday: Int) -> Range<Double> {
        guard abs(seconds) < 1e12 else { return seconds..<seconds }
        if !ProlepticCalendar.foundationAgrees(at: seconds - 8 * 86_400) {
            let c = components(seconds)
            let first = c.dayNumber - (c.weekday - min(7, max(1, firstWeekday)) + 7) % 7
            return ProlepticCalendar.startOfDay(first, in: timeZone)..<ProlepticCalendar.startOfDay(first + 7, in: timeZone)
        }
        var weekCalendar = calendar
        weekCalendar.firstWeekday = min(7, max(1, firstWeekday))
        guard let interval = weekCalendar.dateInterval(of: .weekOfYear, for: Date(timeIntervalSince1970: seconds)) else {
            return seconds..<seconds
        }
        return interval.start.timeIntervalSince1970..<interval.end.timeIntervalSince1970
    }

    /// The weekday number (1 = Sunday … 7 = Saturday) a value of the `firstWeekday` setting names
    /// (`sunday` … `saturday`); Monday for anything else.
    package static func weekdayNumber(settingValue: String) -> Int {
        let names = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
        return (names.firstIndex(of: settingValue) ?? 1) + 1
    }

    /// `May 2026` (German `Mai 2026`).
    package func monthTitle(year: Int, month: Int) -> String {
        strings.monthTitle(year, monthName(month))
    }

    /// `November` (German `November`; `März` for 3) for a month 1…12.
    package func monthName(_ month: Int) -> String {
        strings.monthNames[month - 1]
    }

    /// `Monday` (German `Montag`) for a weekday 1 = Sunday … 7 = Saturday.
    package func weekdayName(_ weekday: Int) -> String {
        strings.weekdayNames[weekday - 1]
    }

    /// `2026-05-02T05:31:10Z` (UTC, ISO 8601), for JSON; the same in every language.
    package static func iso8601(_ seconds: Double?) -> String? {
        seconds.map { UTCDateTime.format(seconds: $0, fractionDigits: $0 == $0.rounded(.down) ? 0 : 3) }
    }
}
