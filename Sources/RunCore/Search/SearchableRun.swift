/// What a search reads of a run: its texts and headline numbers.
///
/// The **place** of a run is what its GPX file says about where it was, offline (no geocoding):
/// the metadata name, description and keywords; each track's and route's name, description and
/// comment; each waypoint's name, description and comment; and the name of the file it was
/// imported from. See ``SearchPlace``.
package struct SearchableRun: Sendable, Hashable {
    package var id: Int64
    package var name: String
    /// The runner's notes.
    package var notes: String
    /// The place text (``SearchPlace/text(of:sourceName:)``).
    package var place: String
    /// Seconds since 1970 UTC; nil for files without times (a date filter never matches them).
    package var startTimeSeconds: Double?
    package var distanceMeters: Double
    /// Moving time, else elapsed time, in seconds; nil without times (a duration filter never matches).
    package var durationSeconds: Double?
    package var sport: Sport
    package var hasHeartRate: Bool

    package init(id: Int64, name: String, notes: String = "", place: String = "", startTimeSeconds: Double?, distanceMeters: Double,
                durationSeconds: Double?, sport: Sport = .running, hasHeartRate: Bool = false) {
        self.id = id
        self.name = name
        self.notes = notes
        self.place = place
        self.startTimeSeconds = startTimeSeconds
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
        self.sport = sport
        self.hasHeartRate = hasHeartRate
    }

    /// The searchable fields of a run with its summary.
    package init(id: Int64, name: String, notes: String, place: String, summary: ActivitySummary) {
        self.init(id: id, name: name, notes: notes, place: place, startTimeSeconds: summary.startTimeSeconds,
                  distanceMeters: summary.distanceMeters, durationSeconds: summary.movingTimeSeconds ?? summary.elapsedTimeSeconds,
                  sport: summary.sport, hasHeartRate: summary.averageHeartRateBPM != nil)
    }
}
