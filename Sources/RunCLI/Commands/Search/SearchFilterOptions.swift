import Foundation
import RunCore

/// The command-line options that set a search definition's filters (`runlog search-sets create|edit`).
enum SearchFilterOptions {
    static let text = Option("--text", .required("WORDS"), help: """
        words that must all occur in the run's name, notes or place (case
        and accents ignored); the place is what the GPX file says: metadata
        name, description and keywords, track, route and waypoint names,
        descriptions and comments, and the file's name
        """)
    static let period = Option("--period", .required("PERIOD", .words(periodExamples)), help: """
        start relative to now: today, yesterday, this|last week|month|year,
        last N days|weeks|months|years (N days: today and the N-1 before)
        """)
    static let from = Option("--from", .required("DAY|TIME"), help: "start on or after DAY (YYYY-MM-DD in your time zone) or TIME (ISO 8601)")
    static let to = Option("--to", .required("DAY|TIME"), help: "start on or before DAY, or before TIME")
    static let distance = Option("--distance", .required("MIN..MAX"),
                                 help: "distance with units m, km, mi; either end may be left out: 5km..10km, ..3mi")
    static let duration = Option("--duration", .required("MIN..MAX"), help: "moving time (elapsed without one): 30min..1h, ..45:00, 1:30:00..")
    static let sport = Option("--sport", .required("SPORT,...", .words(Sport.allCases.map(\.rawValue))),
                              help: Sport.allCases.map(\.rawValue).joined(separator: ", "))
    static let heartRate = Option("--heart-rate", .required("yes|no", .words(["yes", "no"])), help: "with or without heart-rate data")
    static let clear = Option("--clear", .required("FILTER,...", .words(filterNames)),
                              help: "edit: remove filters (" + filterNames.joined(separator: ", ") + ")")

    /// The filter options, in the order the help lists them.
    static let options = [text, period, from, to, distance, duration, sport, heartRate, clear]

    /// The options' section in the help.
    static let section = OptionSection("filters (each optional; a run matches when it passes all of them)", options)

    /// The filter names `--clear` takes.
    static let filterNames = ["text", "date", "distance", "duration", "sport", "heart-rate"]

    /// The periods the shells offer for `--period` (it takes more: `last 3 weeks`).
    static let periodExamples = ["today", "yesterday", "this week", "last week", "this month", "last month", "this year", "last year",
                                 "last 7 days", "last 30 days"]

    /// Changes `definition` by the filter options given; options not given leave their filter as it is.
    /// - Throws: ``UsageError`` naming the option and what it takes.
    /// The sports a `--sport` value names (comma-separated), in `Sport`'s order, each once.
    /// - Throws: ``UsageError`` for a word that names no sport, or none.
    static func sports(_ value: String, command: String) throws -> [Sport] {
        guard let sports = Sport.list(value) else {
            throw UsageError("--sport cannot be '\(value)': it takes " + Sport.allCases.map(\.rawValue).joined(separator: ", ")
                             + " (comma-separated)", command: command)
        }
        return sports
    }

    static func apply(_ arguments: ParsedArguments, to definition: inout SearchDefinition, clock: SearchClock, command: String) throws {
        func refuse(_ option: String, _ value: String, _ takes: String) -> UsageError {
            UsageError("\(option) cannot be '\(value)': it takes \(takes)", command: command)
        }
        if let value = arguments.value(Self.clear) {
            for name in value.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                switch name {
                case "text": definition.text = nil
                case "date": definition.startTime = nil; definition.period = nil
                case "distance": definition.distanceMeters = nil
                case "duration": definition.durationSeconds = nil
                case "sport": definition.sports = nil
                case "heart-rate": definition.hasHeartRate = nil
                default: throw refuse("--clear", String(name), "filter names: " + filterNames.joined(separator: ", "))
                }
            }
        }
        if let text = arguments.value(Self.text) {
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw refuse("--text", text, "words to find") }
            definition.text = text
        }
        if arguments.value(Self.period) != nil && (arguments.value(Self.from) != nil || arguments.value(Self.to) != nil) {
            throw UsageError("--period and --from/--to both choose the dates: give one or the other", command: command)
        }
        if let value = arguments.value(Self.period) {
            guard let period = RelativePeriod(text: value) else {
                throw refuse("--period", value, "today, yesterday, this|last week|month|year, or last N days|weeks|months|years")
            }
            definition.period = period
            definition.startTime = nil
        }
        let from = try arguments.value(Self.from).map { try instant($0, option: "--from", dayOffset: 0, clock: clock, command: command) }
        let to = try arguments.value(Self.to).map { try instant($0, option: "--to", dayOffset: 1, clock: clock, command: command) }
        if from != nil || to != nil {
            if let from, let to, to <= from {
                throw UsageError("--to cannot come before --from: the date span ends before it starts", command: command)
            }
            definition.startTime = TimeRange(fromSeconds: from, beforeSeconds: to)
            definition.period = nil
        }
        if let value = arguments.value(Self.distance) {
            guard let range = QuantityText.range(value, QuantityText.meters) else {
                throw refuse("--distance", value, "MIN..MAX with units m, km or mi (5km..10km, 5km.., ..3mi)")
            }
            if let problem = range.problem("distance") { throw UsageError("--distance cannot be '\(value)': \(problem)", command: command) }
            definition.distanceMeters = range
        }
        if let value = arguments.value(Self.duration) {
            guard let range = QuantityText.range(value, QuantityText.seconds) else {
                throw refuse("--duration", value, "MIN..MAX with units s, min or h, or as h:mm:ss (30min..1h, ..45:00)")
            }
            if let problem = range.problem("duration") { throw UsageError("--duration cannot be '\(value)': \(problem)", command: command) }
            definition.durationSeconds = range
        }
        if let value = arguments.value(Self.sport) { definition.sports = try sports(value, command: command) }
        if let value = arguments.value(Self.heartRate) {
            switch value.lowercased() {
            case "yes", "true", "on": definition.hasHeartRate = true
            case "no", "false", "off": definition.hasHeartRate = false
            default: throw refuse("--heart-rate", value, "yes or no")
            }
        }
    }

    /// A day (`YYYY-MM-DD`, its start in the clock's time zone, moved by `dayOffset` days) or an
    /// ISO 8601 time with a zone, as seconds since 1970.
    private static func instant(_ text: String, option: String, dayOffset: Int, clock: SearchClock, command: String) throws -> Double {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
           let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), UTCDateTime.isValidDate(year: y, month: m, day: d) {
            // Proleptic Gregorian, as the dates runlog prints (Foundation's calendar is Julian before 1582).
            return ProlepticCalendar.startOfDay(UTCDateTime.daysFromCivil(year: y, month: m, day: d) + dayOffset, in: clock.timeZone)
        }
        guard let parsed = DateTimeText.parse(text), !parsed.isZoneAssumed else {
            throw UsageError("\(option) cannot be '\(text)': it takes a day (2026-05-01) or an ISO 8601 time with a zone "
                             + "(2026-05-01T06:00:00Z)", command: command)
        }
        return parsed.seconds
    }
}
