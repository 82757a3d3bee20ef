package import RunCore

/// One run as the library lists it: its number, name, times and numbers.
package struct RunRecord: Sendable, Equatable {
    /// The run's number (1 for the first run imported; never reused).
    package var id: Int64
    package var name: String
    /// Start of the run, seconds since 1970 UTC; `nil` for files without times.
    package var startTimeSeconds: Double?
    package var importedAtSeconds: Double
    /// The file name it was imported from.
    package var sourceName: String
    /// The device or program that recorded it (GPX `creator`).
    package var creator: String?
    package var gpxVersion: String
    package var summary: ActivitySummary
    /// What the reader noticed when importing.
    package var diagnostics: [Diagnostic]
    /// SHA-256 of the original file, hex.
    package var contentSHA256: String
    /// The runner's notes ("" when none).
    package var notes: String
    /// An activity, or a route (tracks without times: a plan, never counted in totals or records).
    package var kind: Kind
    /// The sport the runner chose for it (`runlog edit --sport`); nil: as the file says or inferred.
    package var chosenSport: Sport?
    /// The stored original it was read from (several runs may share one).
    package var originalID: Int64
    /// The part of the original it is, when the file held several; nil: the whole file.
    package var part: ActivitySelection?
    /// The gear it was done with, as an export names it (Strava's `Activity Gear`); "" when none.
    package var gear: String

    package enum Kind: String, Sendable, Equatable, Codable {
        case activity, route
    }

    /// Whether it is a route (not counted as an activity).
    package var isRoute: Bool { kind == .route }

    /// The start that places it in the calendar (a week's or a month's runs and totals): nil for
    /// routes — a planned route keeps the times its planner wrote, but was never run — and for
    /// runs without times.
    package var calendarStartSeconds: Double? { isRoute ? nil : startTimeSeconds }

    package init(id: Int64, name: String, startTimeSeconds: Double?, importedAtSeconds: Double, sourceName: String,
                creator: String?, gpxVersion: String, summary: ActivitySummary, diagnostics: [Diagnostic],
                contentSHA256: String, notes: String = "", kind: Kind = .activity, chosenSport: Sport? = nil, originalID: Int64 = 0,
                part: ActivitySelection? = nil, gear: String = "") {
        self.id = id
        self.name = name
        self.startTimeSeconds = startTimeSeconds
        self.importedAtSeconds = importedAtSeconds
        self.sourceName = sourceName
        self.creator = creator
        self.gpxVersion = gpxVersion
        self.summary = summary
        self.diagnostics = diagnostics
        self.contentSHA256 = contentSHA256
        self.notes = notes
        self.kind = kind
        self.chosenSport = chosenSport
        self.originalID = originalID == 0 ? id : originalID
        self.part = part
        self.gear = gear
    }
}
