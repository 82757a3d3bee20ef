package import Foundation

/// A span of dates relative to now, in the user's calendar (time zone, first day of the week):
///
/// - ``trailing(count:unit:)`` — "last 30 days": today and the days before it, `count` units in
///   all, from the start of the first day to the end of today. A unit of weeks is 7 days; months
///   and years are calendar months and years (the last 3 months on 15 May start on 16 February).
/// - ``calendar(unit:offset:)`` — "this week" (offset 0), "last month" (offset -1): the whole
///   calendar day, week, month or year containing now, or one that many before it. Weeks start on
///   the `firstWeekday` setting's day.
///
/// Written and read as text by ``init(text:)`` and ``text``: `today`, `yesterday`,
/// `this week|month|year`, `last week|month|year`, `last N days|weeks|months|years`
/// (`past` is a synonym of `last`), and `N days|weeks|months|years ago` for an earlier calendar
/// period. The JSON form is `{"kind": "trailing", "count": 30, "unit": "day"}`
/// or `{"kind": "calendar", "offset": -1, "unit": "week"}`.
package enum RelativePeriod: Sendable, Hashable {
    case trailing(count: Int, unit: Unit)
    case calendar(unit: Unit, offset: Int)

    package enum Unit: String, Sendable, Hashable, Codable, CaseIterable {
        case day, week, month, year
    }

    /// The largest count or offset accepted (100 years of days).
    package static let maximumCount = 36_600

    /// Parses the text form (case and surrounding spaces ignored).
    /// - Returns: nil when the text is not one of the forms above.
    package init?(text: String) {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        func unit(_ word: String) -> Unit? {
            let singular = word.hasSuffix("s") ? String(word.dropLast()) : word
            return Unit(rawValue: singular)
        }
        switch words.count {
        case 1 where words[0] == "today": self = .calendar(unit: .day, offset: 0)
        case 1 where words[0] == "yesterday": self = .calendar(unit: .day, offset: -1)
        case 2 where words[0] == "this":
            guard let u = unit(words[1]), !words[1].hasSuffix("s") else { return nil }
            self = .calendar(unit: u, offset: 0)
        case 2 where words[0] == "last" || words[0] == "past":
            guard let u = unit(words[1]), !words[1].hasSuffix("s") else { return nil }
            self = .calendar(unit: u, offset: -1)
        case 3 where words[2] == "ago":
            guard let count = Int(words[0]), count >= 1, count <= Self.maximumCount, let u = unit(words[1]) else { return nil }
            self = .calendar(unit: u, offset: -count)
        case 3 where words[0] == "last" || words[0] == "past":
            guard let count = Int(words[1]), count >= 1, count <= Self.maximumCount, let u = unit(words[2]) else { return nil }
            self = .trailing(count: count, unit: u)
        default:
            return nil
        }
    }

    /// The canonical text form (`last 30 days`, `this year`, `2 weeks ago` for earlier calendar periods);
    /// ``init(text:)`` reads every form it writes but the (never parsed) periods ahead of now.
    package var text: String {
        switch self {
        case .trailing(let count, let unit):
            return "last \(count) \(unit.rawValue)\(count == 1 ? "" : "s")"
        case .calendar(.day, 0): return "today"
        case .calendar(.day, -1): return "yesterday"
        case .calendar(let unit, 0): return "this \(unit.rawValue)"
        case .calendar(let unit, -1): return "last \(unit.rawValue)"
        case .calendar(let unit, let offset):
            return "\(abs(offset)) \(unit.rawValue)s \(offset < 0 ? "ago" : "ahead")"
        }
    }

    /// The span of start times the period covers at `now`.
    /// - Parameters:
    ///   - now: the current instant (injected, so tests run at a fixed clock).
    ///   - calendar: a Gregorian calendar with the user's time zone and first weekday.
    package func timeRange(now: Date, calendar: Calendar) -> TimeRange {
        let today = calendar.startOfDay(for: now)
        let tomorrow = calendar.date(byAdding: .day, value: 1, to: today)!
        switch self {
        case .trailing(let count, let unit):
            let start: Date
            switch unit {
            case .day: start = calendar.date(byAdding: .day, value: -count, to: tomorrow)!
            case .week: start = calendar.date(byAdding: .day, value: -7 * count, to: tomorrow)!
            case .month: start = calendar.date(byAdding: .month, value: -count, to: tomorrow)!
            case .year: start = calendar.date(byAdding: .year, value: -count, to: tomorrow)!
            }
            return TimeRange(fromSeconds: start.timeIntervalSince1970, beforeSeconds: tomorrow.timeIntervalSince1970)
        case .calendar(let unit, let offset):
            let component: Calendar.Component
            switch unit {
            case .day: component = .day
            case .week: component = .weekOfYear
            case .month: component = .month
            case .year: component = .year
            }
            let current = calendar.dateInterval(of: component, for: now)!
            let start = calendar.date(byAdding: component, value: offset, to: current.start)!
            let end = calendar.date(byAdding: component, value: 1, to: start)!
            return TimeRange(fromSeconds: start.timeIntervalSince1970, beforeSeconds: end.timeIntervalSince1970)
        }
    }
}

extension RelativePeriod: Codable {
    private enum CodingKeys: String, CodingKey { case kind, count, offset, unit }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let unit = try c.decode(Unit.self, forKey: .unit)
        switch try c.decode(String.self, forKey: .kind) {
        case "trailing":
            let count = try c.decode(Int.self, forKey: .count)
            guard (1...Self.maximumCount).contains(count) else {
                throw DecodingError.dataCorruptedError(forKey: .count, in: c, debugDescription: "count must be 1 to \(Self.maximumCount)")
            }
            self = .trailing(count: count, unit: unit)
        case "calendar":
            let offset = try c.decode(Int.self, forKey: .offset)
            guard abs(offset) <= Self.maximumCount else {
                throw DecodingError.dataCorruptedError(forKey: .offset, in: c, debugDescription: "offset out of range")
            }
            self = .calendar(unit: unit, offset: offset)
        case let kind:
            throw DecodingError.dataCorruptedError(forKey: .kind, in: c, debugDescription: "unknown kind '\(kind)' (trailing, calendar)")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .trailing(let count, let unit):
            try c.encode("trailing", forKey: .kind)
            try c.encode(count, forKey: .count)
            try c.encode(unit, forKey: .unit)
        case .calendar(let unit, let offset):
            try c.encode("calendar", forKey: .kind)
            try c.encode(offset, forKey: .offset)
            try c.encode(unit, forKey: .unit)
        }
    }
}
