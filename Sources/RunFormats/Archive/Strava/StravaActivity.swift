package import RunCore

/// One row of Strava's `activities.csv`: what Strava knows of an activity beside its file.
package struct StravaActivity: Sendable, Equatable {
    /// `Activity ID` (not the number in ``fileName``, which is an upload id).
    package var activityID: Int64
    /// `Activity Date`, seconds since 1970, taken as UTC (``StravaValueText/dateSeconds(_:)``).
    package var startTimeSeconds: Double
    /// `Activity Name`.
    package var name: String
    /// `Activity Type`, Strava's word (`Run`, `Trail Run`, `Ride`, `Virtual Ride`, `Swim`,
    /// `Rowing`, `Nordic Ski`, `Weight Training` …; localised in other languages: `Lauf`, `Radfahrt`).
    package var type: String
    /// `Activity Description` (may hold line breaks).
    package var description: String
    /// `Activity Private Note` (empty in the pre-2019 layout, which has none).
    package var privateNote: String
    /// `Activity Gear`.
    package var gear: String
    /// `Filename` as written, relative to the export's root (`activities/2412000501.fit.gz`);
    /// empty for an activity entered by hand.
    package var fileName: String
    /// `Commute` (the first of the two columns; the second when the first is empty).
    package var commute: Bool
    /// `Elapsed Time` in seconds (the second, fractional column when there is one).
    package var elapsedSeconds: Double?
    /// `Moving Time` in seconds.
    package var movingSeconds: Double?
    /// Distance in metres: the second `Distance` column (the pre-2019 layout's only one).
    package var distanceMeters: Double?
    /// The first `Distance` column, in the account's display unit (km or miles: the file does
    /// not say which); nil in the pre-2019 layout.
    package var displayDistance: Double?
    /// The line of `activities.csv` the row starts on.
    package var line: Int

    package init(activityID: Int64, startTimeSeconds: Double, name: String, type: String, description: String = "",
                privateNote: String = "", gear: String = "", fileName: String = "", commute: Bool = false,
                elapsedSeconds: Double? = nil, movingSeconds: Double? = nil, distanceMeters: Double? = nil,
                displayDistance: Double? = nil, line: Int = 0) {
        self.activityID = activityID
        self.startTimeSeconds = startTimeSeconds
        self.name = name
        self.type = type
        self.description = description
        self.privateNote = privateNote
        self.gear = gear
        self.fileName = fileName
        self.commute = commute
        self.elapsedSeconds = elapsedSeconds
        self.movingSeconds = movingSeconds
        self.distanceMeters = distanceMeters
        self.displayDistance = displayDistance
        self.line = line
    }

    /// Whether the activity was entered by hand (no file).
    package var isManual: Bool { fileName.isEmpty }

    /// runlog's sport for ``type`` (``Sport/fromGPXType(_:)``, which knows Strava's words), or nil when unknown.
    package var sport: Sport? { Sport.fromGPXType(type) }
}
