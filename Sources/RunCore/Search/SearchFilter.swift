import Foundation

/// A search definition ready to test runs: the words folded, the relative period turned into a
/// span at the clock's now. Build one per search; it does not change with the clock afterwards.
package struct SearchFilter: Sendable {
    package let definition: SearchDefinition
    /// Folded words that must all occur (the definition's text and the extra text).
    package let words: [String]
    /// The span of start times, from ``SearchDefinition/startTime`` or the period at now.
    package let timeRange: TimeRange?

    /// - Parameters:
    ///   - definition: the filters (a saved set's).
    ///   - text: more words that must occur, e.g. typed for this search only.
    ///   - clock: now and the calendar for relative periods.
    package init(_ definition: SearchDefinition, text: String? = nil, clock: SearchClock = SearchClock()) {
        self.definition = definition
        words = Self.words(definition.text) + Self.words(text)
        if let period = definition.period {
            timeRange = period.timeRange(now: clock.now, calendar: clock.calendar)
        } else {
            timeRange = definition.startTime
        }
    }

    /// Whether a run passes every filter.
    /// - Complexity: O(length of the run's texts × words).
    package func matches(_ run: SearchableRun) -> Bool {
        if let timeRange {
            guard let start = run.startTimeSeconds, timeRange.contains(start) else { return false }
        }
        if let range = definition.distanceMeters, !range.contains(run.distanceMeters) { return false }
        if let range = definition.durationSeconds {
            guard let duration = run.durationSeconds, range.contains(duration) else { return false }
        }
        if let sports = definition.sports, !sports.contains(run.sport) { return false }
        if let hasHeartRate = definition.hasHeartRate, hasHeartRate != run.hasHeartRate { return false }
        if !words.isEmpty {
            let haystack = Self.fold(run.name + "\n" + run.notes + "\n" + run.place)
            for word in words where !haystack.contains(word) { return false }
        }
        return true
    }

    /// Whitespace-separated words of a text, folded.
    static func words(_ text: String?) -> [String] {
        guard let text else { return [] }
        return fold(text).split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    /// Case and accents removed (`Straße` → `strasse`, `Müller` → `muller`), for matching as people expect.
    package static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
    }
}
