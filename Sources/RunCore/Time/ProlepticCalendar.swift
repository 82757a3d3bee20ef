package import Foundation

/// Dates and times of day in a time zone by the proleptic Gregorian calendar, as ISO 8601 and
/// runlog's JSON write them, for every year: Foundation's Gregorian `Calendar` switches to the
/// Julian calendar before 1582-10-15 (so 1500-03-01 would read as 1500-02-19), which this does not.
///
/// The day arithmetic is ``UTCDateTime``'s (Hinnant's `civil_from_days`); the offset from UTC is
/// the time zone's at the instant (`TimeZone.secondsFromGMT(for:)`: local mean time for old dates,
/// as Foundation's calendar uses too). Weekdays continue unbroken across calendars.
package enum ProlepticCalendar {
    /// Where Foundation's Gregorian calendar begins: 1582-10-15T00:00:00Z. From two days later on
    /// its calendar and this one agree, so interval arithmetic (months, weeks, days across a
    /// change of daylight saving time) may use it there.
    package static let foundationGregorianStartSeconds: Double = -12_219_292_800

    /// Whether Foundation's Gregorian calendar gives the proleptic date around `seconds`.
    package static func foundationAgrees(at seconds: Double) -> Bool {
        seconds >= foundationGregorianStartSeconds + 2 * 86_400
    }

    /// The civil date and time of an instant in a time zone.
    package struct Components: Sendable, Equatable {
        package var year: Int
        package var month: Int
        package var day: Int
        package var hour: Int
        package var minute: Int
        /// Whole seconds (the fraction is dropped, as a clock shows it).
        package var second: Int
        /// 1 = Sunday … 7 = Saturday, as Foundation numbers weekdays.
        package var weekday: Int
        /// Days since 1970-01-01 of the local date.
        package var dayNumber: Int
    }

    /// The local date and time of `seconds` (since 1970-01-01T00:00:00Z) in `timeZone`.
    package static func components(_ seconds: Double, in timeZone: TimeZone) -> Components {
        let offset = Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds)))
        let local = Int((seconds + offset).rounded(.down))
        let days = local >= 0 ? local / 86_400 : -((-local + 86_399) / 86_400)
        let secondOfDay = local - days * 86_400
        let date = UTCDateTime.civilFromDays(days)
        // 1970-01-01 was a Thursday (5).
        let weekday = ((days % 7 + 7 + 4) % 7) + 1
        return Components(year: date.year, month: date.month, day: date.day, hour: secondOfDay / 3600,
                          minute: secondOfDay % 3600 / 60, second: secondOfDay % 60, weekday: weekday, dayNumber: days)
    }

    /// The first instant of a local date (days since 1970-01-01) in `timeZone`: its midnight, or
    /// the first moment after it where daylight saving time skips midnight.
    package static func startOfDay(_ dayNumber: Int, in timeZone: TimeZone) -> Double {
        let localMidnight = Double(dayNumber) * 86_400
        if foundationAgrees(at: localMidnight - 86_400) {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let date = UTCDateTime.civilFromDays(dayNumber)
            if let start = calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day)) {
                return calendar.startOfDay(for: start).timeIntervalSince1970
            }
        }
        // Before 1582 zones have one offset all day (local mean time): two steps find it.
        let guess = localMidnight - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: localMidnight)))
        return localMidnight - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: guess)))
    }

    /// The first instant of `year`-`month`-`day` in `timeZone`.
    package static func startOfDay(year: Int, month: Int, day: Int, in timeZone: TimeZone) -> Double {
        startOfDay(UTCDateTime.daysFromCivil(year: year, month: month, day: day), in: timeZone)
    }
}
