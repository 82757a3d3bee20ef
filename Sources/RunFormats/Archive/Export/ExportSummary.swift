/// What reading an export found besides the activity files handed over.
public struct ExportSummary: Sendable {
    public var kind: ExportKind
    /// The path of the `activities.csv` read (Strava), if any.
    public var stravaCSVPath: String?
    /// Strava rows with no file (activities entered by hand), in file order.
    public var activitiesWithoutFile: [StravaActivity] = []
    /// Strava rows whose `Filename` is not in the export, in file order.
    public var activitiesWithMissingFile: [StravaActivity] = []
    /// What was wrong with `activities.csv`: its layout (then no row is read) or rows left out (with their lines).
    public var csvErrors: [ReadError] = []
    /// Members not handed over, with their reasons.
    public var skipped: [SkippedMember] = []
    /// Members seen and bytes inflated (nested archives and decompressed files included).
    public var memberCount = 0
    public var inflatedBytes = 0

    public init(kind: ExportKind) { self.kind = kind }
}
