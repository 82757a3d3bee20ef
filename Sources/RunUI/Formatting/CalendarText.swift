public import Foundation
import RunCore

/// Dates in the user's time zone for people (`2026-05-02 07:31`, `May 2026`) and in UTC ISO 8601
/// for machines. Gregorian calendar and English month names whatever the process locale, so
/// output is stable.
public struct CalendarText: Sendable {
    public let timeZone: TimeZone
    private let calendar: Calendar

    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        self.calendar = calendar
    }

    /// `2026-05-02 07:31` in the time zone.
    public func dateTime(_ seconds: Double?) -> String {
        guard let seconds else { return "no time" }
        guard abs(seconds) < 1e12 else { return "invalid time" }
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: Date(timeIntervalSince1970: seconds))
        return "\(c.year!)-\(two(c.month!))-\(two(c.day!)) \(two(c.hour!)):\(two(c.minute!))"
    }

    /// Year and month of an instant in the time zone.
    public func yearMonth(_ seconds: Double) -> (year: Int, month: Int) {
        guard abs(seconds) < 1e12 else { return (1970, 1) }
        let c = calendar.dateComponents([.year, .month], from: Date(timeIntervalSince1970: seconds))
        return (c.year!, c.month!)
    }

    /// `May 2026`.
    public static func monthTitle(year: Int, month: Int) -> String {
        let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                     "October", "November", "December"]
        return "\(names[month - 1]) \(year)"
    }

    /// `2026-05-02T05:31:10Z` (UTC, ISO 8601), for JSON.
    public static func iso8601(_ seconds: Double?) -> String? {
        seconds.map { UTCDateTime.format(seconds: $0, fractionDigits: $0 == $0.rounded(.down) ? 0 : 3) }
    }

    private func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
}
