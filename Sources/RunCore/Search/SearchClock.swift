package import Foundation

/// Now and the user's calendar, for relative periods. Injected, so searches can be tested at a
/// fixed clock.
package struct SearchClock: Sendable {
    package var now: Date
    package var timeZone: TimeZone
    /// The day weeks start on, as Foundation numbers weekdays: 1 = Sunday, 2 = Monday … 7 = Saturday.
    package var firstWeekday: Int

    package init(now: Date = Date(), timeZone: TimeZone = .current, firstWeekday: Int = 2) {
        self.now = now
        self.timeZone = timeZone
        self.firstWeekday = firstWeekday
    }

    /// The weekday number of the `firstWeekday` setting's values (`monday`, `sunday`, `saturday`).
    package static func weekday(settingValue: String) -> Int {
        switch settingValue {
        case "sunday": return 1
        case "saturday": return 7
        default: return 2
        }
    }

    /// A Gregorian calendar in the time zone, weeks starting on ``firstWeekday``.
    package var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        calendar.firstWeekday = firstWeekday
        calendar.minimumDaysInFirstWeek = 4
        return calendar
    }
}
