/// What reading an export found besides the activity files handed over.
package struct ExportSummary: Sendable {
    package var kind: ExportKind
    /// The path of the `activities.csv` read (Strava), if any.
    package var stravaCSVPath: String?
    /// Strava rows with no file (activities entered by hand), in file order.
    package var activitiesWithoutFile: [StravaActivity] = []
    /// Strava rows whose `Filename` is not in the export, in file order.
    package var activitiesWithMissingFile: [StravaActivity] = []
    /// What was wrong with `activities.csv`: its layout (then no row is read) or rows left out (with their lines).
    package var csvErrors: [ReadError] = []
    /// Members not handed over, with their reasons.
    package var skipped: [SkippedMember] = []
    /// Members seen and bytes inflated (nested archives and decompressed files included).
    package var memberCount = 0
    package var inflatedBytes = 0

    package init(kind: ExportKind) { self.kind = kind }
}
