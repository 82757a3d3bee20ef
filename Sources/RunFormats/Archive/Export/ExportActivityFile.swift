/// An activity file found in an export, handed over for a reader (GPX, FIT, TCX) to read.
package struct ExportActivityFile: Sendable {
    /// Its path in the export, those of the archives holding it first (`…/UploadedFiles_0-_Part1.zip/123_ACTIVITY.fit`).
    package var path: String
    /// How it was stored (told by its bytes, not its name), or nil when not compressed.
    package var compression: Compression?
    /// The file's bytes, decompressed; or why they could not be had (a damaged `.gz`: `.badArchive`,
    /// one inflating past the member limit: `.tooLarge`), so that its CSV row can still be kept.
    package var content: Result<[UInt8], ReadError>
    /// Its row in Strava's `activities.csv` (matched by `Filename`), when there is one.
    package var stravaActivity: StravaActivity?

    package init(path: String, compression: Compression?, content: Result<[UInt8], ReadError>, stravaActivity: StravaActivity?) {
        self.path = path
        self.compression = compression
        self.content = content
        self.stravaActivity = stravaActivity
    }

    /// Whether a name is an activity file's: `.fit`, `.gpx` or `.tcx`, alone or followed by
    /// `.gz`, `.bz2` or `.xz` (any case). Whether a FIT file is an activity is for the FIT reader.
    package static func isActivityFileName(_ name: String) -> Bool {
        var lower = name.lowercased()
        for compression in Compression.allCases where lower.hasSuffix("." + compression.fileExtension) {
            lower.removeLast(compression.fileExtension.count + 1)
            break
        }
        return [".fit", ".gpx", ".tcx"].contains { lower.hasSuffix($0) } && !lower.hasPrefix(".")
    }
}
