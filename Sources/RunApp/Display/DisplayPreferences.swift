package import Foundation
package import RunCore

/// What the settings and the user's place say about showing things to people — units, language,
/// first day of the week, time zone — as plain values, for every front end to build its
/// formatters from (RunUI's `DisplayFormatter` and `CalendarText`) and for the search's clock.
package struct DisplayPreferences: Sendable, Equatable {
    /// The `units` setting: `metric` or `imperial`.
    package var units: String
    /// The `language` setting: `en` or `de`.
    package var language: String
    /// The first day of the week, 1 = Sunday … 7 = Saturday (Foundation's numbering), from the
    /// `firstWeekday` setting.
    package var firstWeekday: Int
    /// The user's time zone: the front end's (the CLI's `TZ`, the server's zone).
    package var timeZone: TimeZone

    /// - Parameters:
    ///   - settings: the profile the front end runs with.
    ///   - timeZone: the user's time zone.
    package init(settings: SettingsSnapshot, timeZone: TimeZone) {
        units = settings[Settings.units]
        language = settings[Settings.language]
        firstWeekday = SearchClock.weekday(settingValue: settings[Settings.firstWeekday])
        self.timeZone = timeZone
    }

    /// Now in the user's calendar, for relative search periods.
    package func searchClock(now: Date) -> SearchClock {
        SearchClock(now: now, timeZone: timeZone, firstWeekday: firstWeekday)
    }
}
