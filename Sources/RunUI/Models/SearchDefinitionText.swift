package import RunCore
import Foundation

/// A search definition written as the `runlog search-sets create|edit` options that make it
/// (`--text park --period 'last 30 days' --distance 5km..10km`): the same in every interface
/// language, and what a user can copy back onto the command line. Days are in the calendar's
/// time zone.
package struct SearchDefinitionText: Sendable {
    package var calendar: CalendarText

    package init(calendar: CalendarText) {
        self.calendar = calendar
    }

    /// The options, each with its value; empty for the empty definition.
    package func options(_ definition: SearchDefinition) -> [String] {
        var words: [String] = []
        func add(_ option: String, _ value: String) { words.append(option + " " + Self.quoted(value)) }
        if let text = definition.text { add("--text", text) }
        if let period = definition.period { add("--period", period.text) }
        if let span = definition.startTime {
            if let from = span.fromSeconds { add("--from", dayOrTime(from, dayOffset: 0)) }
            if let before = span.beforeSeconds { add("--to", dayOrTime(before, dayOffset: -1)) }
        }
        if let range = definition.distanceMeters { add("--distance", Self.range(range, Self.distance)) }
        if let range = definition.durationSeconds { add("--duration", Self.range(range, Self.duration)) }
        if let sports = definition.sports { add("--sport", sports.map(\.rawValue).joined(separator: ",")) }
        if let hasHeartRate = definition.hasHeartRate { add("--heart-rate", hasHeartRate ? "yes" : "no") }
        return words
    }

    /// The options on one line.
    package func line(_ definition: SearchDefinition) -> String { options(definition).joined(separator: " ") }

    /// `2026-05-01` when the instant is a midnight in the time zone (shifted by `dayOffset` days:
    /// an end before a midnight is the day before, included), else the ISO 8601 UTC time.
    private func dayOrTime(_ seconds: Double, dayOffset: Int) -> String {
        let local = ProlepticCalendar.components(seconds, in: calendar.timeZone)
        guard ProlepticCalendar.startOfDay(local.dayNumber, in: calendar.timeZone) == seconds else {
            return UTCDateTime.format(seconds: seconds)
        }
        let day = UTCDateTime.civilFromDays(local.dayNumber + dayOffset)
        return String(format: "%04d-%02d-%02d", day.year, day.month, day.day)
    }

    static func range(_ range: ValueRange, _ text: (Double) -> String) -> String {
        (range.minimum.map(text) ?? "") + ".." + (range.maximum.map(text) ?? "")
    }

    /// `5km`, `800m`.
    static func distance(_ meters: Double) -> String {
        meters >= 1000 ? DecimalText.format(meters / 1000) + "km" : DecimalText.format(meters) + "m"
    }

    /// `1:00:00`, `45:00`, or `90.5s` for fractions of a second.
    static func duration(_ seconds: Double) -> String {
        guard seconds == seconds.rounded(), seconds < 1e9 else { return DecimalText.format(seconds) + "s" }
        let total = Int(seconds)
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
    }

    /// The value as a POSIX shell word: as is when it is plain, else in single quotes.
    package static func quoted(_ value: String) -> String {
        let plain = !value.isEmpty && value.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || ",.:-_+/@%".unicodeScalars.contains($0)
        }
        return plain ? value : "'" + value.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
