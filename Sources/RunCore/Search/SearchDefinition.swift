import Foundation

/// The filters of a search, each optional (absent: no filter). A run matches when it passes every
/// filter given; the empty definition matches every run.
///
/// Stored as JSON (`search_sets.definition_json`) with stable keys and SI units; absent filters
/// are left out:
///
/// ```json
/// {"version": 1, "text": "park", "period": {"kind": "trailing", "count": 30, "unit": "day"},
///  "distanceMeters": {"minimum": 5000, "maximum": 10000}, "durationSeconds": {"maximum": 3600},
///  "sports": ["running", "trailRunning"], "hasHeartRate": true}
/// ```
///
/// The date filter is either `startTime` (a fixed span, ISO 8601 UTC: `{"from": …, "before": …}`)
/// or `period` (relative to now, ``RelativePeriod``), never both.
package struct SearchDefinition: Sendable, Hashable {
    /// The JSON format's version; definitions from a newer runlog are refused, not misread.
    package static let currentVersion = 1

    /// Words that must all occur in the run's name, notes or place (``SearchableRun``), ignoring
    /// case and accents.
    package var text: String?
    /// Runs that start in this span.
    package var startTime: TimeRange?
    /// Runs that start in this span relative to now.
    package var period: RelativePeriod?
    /// The run's 2D distance in metres.
    package var distanceMeters: ValueRange?
    /// The run's moving time (its elapsed time when it has none) in seconds.
    package var durationSeconds: ValueRange?
    /// The run's sport is one of these.
    package var sports: [Sport]?
    /// The run has (true) or has no (false) heart-rate data.
    package var hasHeartRate: Bool?

    package init(text: String? = nil, startTime: TimeRange? = nil, period: RelativePeriod? = nil, distanceMeters: ValueRange? = nil,
                durationSeconds: ValueRange? = nil, sports: [Sport]? = nil, hasHeartRate: Bool? = nil) {
        self.text = text
        self.startTime = startTime
        self.period = period
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
        self.sports = sports
        self.hasHeartRate = hasHeartRate
    }

    /// Whether no filter is set (every run matches).
    package var isEmpty: Bool { self == SearchDefinition() }

    /// Checks the filters.
    /// - Throws: ``SearchError`` `.invalidDefinition` naming the filter and the problem.
    package func validate() throws {
        func refuse(_ why: String) -> SearchError { SearchError(.invalidDefinition, why) }
        if let text, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw refuse("the search text is empty") }
        if let text, text.count > 1000 { throw refuse("the search text has \(text.count) characters; at most 1000") }
        if startTime != nil && period != nil { throw refuse("a search has one date filter: a span of dates or a relative period, not both") }
        if let startTime {
            if startTime.fromSeconds == nil && startTime.beforeSeconds == nil { throw refuse("the date span has neither a start nor an end") }
            if let from = startTime.fromSeconds, let before = startTime.beforeSeconds, from >= before {
                throw refuse("the date span ends before it starts")
            }
        }
        if let problem = distanceMeters?.problem("distance") { throw refuse(problem) }
        if let problem = durationSeconds?.problem("duration") { throw refuse(problem) }
        if let sports, sports.isEmpty { throw refuse("the sport filter names no sport") }
    }

    // MARK: - JSON

    /// The JSON text stored in the library: keys sorted, absent filters left out.
    package var jsonText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(self), as: UTF8.self)  // encoding these values cannot fail
    }

    /// Reads a stored definition.
    /// - Throws: ``SearchError`` `.invalidDefinition` for JSON that is not a definition, one from a
    ///   newer runlog, or filters that do not pass ``validate()``.
    package init(jsonText: String) throws {
        do {
            self = try JSONDecoder().decode(SearchDefinition.self, from: Data(jsonText.utf8))
        } catch let error as SearchError {
            throw error
        } catch {
            throw SearchError(.invalidDefinition, "the search definition cannot be read: \(error)")
        }
        try validate()
    }
}

extension SearchDefinition: Codable {
    private enum CodingKeys: String, CodingKey {
        case version, text, startTime, period, distanceMeters, durationSeconds, sports, hasHeartRate
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let version = try c.decodeIfPresent(Int.self, forKey: .version) ?? 1
        guard version <= Self.currentVersion else {
            throw SearchError(.invalidDefinition, "the search definition was written by a newer version (version \(version))",
                              version: version)
        }
        self.init(text: try c.decodeIfPresent(String.self, forKey: .text),
                  startTime: try c.decodeIfPresent(TimeRange.self, forKey: .startTime),
                  period: try c.decodeIfPresent(RelativePeriod.self, forKey: .period),
                  distanceMeters: try c.decodeIfPresent(ValueRange.self, forKey: .distanceMeters),
                  durationSeconds: try c.decodeIfPresent(ValueRange.self, forKey: .durationSeconds),
                  sports: try c.decodeIfPresent([Sport].self, forKey: .sports),
                  hasHeartRate: try c.decodeIfPresent(Bool.self, forKey: .hasHeartRate))
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.currentVersion, forKey: .version)
        try c.encodeIfPresent(text, forKey: .text)
        try c.encodeIfPresent(startTime, forKey: .startTime)
        try c.encodeIfPresent(period, forKey: .period)
        try c.encodeIfPresent(distanceMeters, forKey: .distanceMeters)
        try c.encodeIfPresent(durationSeconds, forKey: .durationSeconds)
        try c.encodeIfPresent(sports, forKey: .sports)
        try c.encodeIfPresent(hasHeartRate, forKey: .hasHeartRate)
    }
}
