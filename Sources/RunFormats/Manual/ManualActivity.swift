import RunCore
import Foundation

/// An activity known only by its summary — entered by hand on a service, or an export's row whose
/// file is missing or cannot be read — kept as a small JSON document that runlog stores as the
/// run's original (`{"runlogManualActivity": 1, …}`), so that it is read again like any file.
/// Times in ISO 8601 UTC and SI units, keys as in runlog's JSON.
package struct ManualActivity: Sendable, Codable, Equatable {
    /// The document's version (1).
    package var runlogManualActivity = 1
    /// Where the summary comes from (`Strava activities.csv, line 12, Activity ID 2231000110`).
    package var source: String
    package var name: String
    /// The sport word as the source states it (`Weight Training`).
    package var type: String?
    package var startTime: String
    package var elapsedTimeSeconds: Double?
    package var movingTimeSeconds: Double?
    package var distanceMeters: Double?

    package init(source: String, name: String, type: String?, startTimeSeconds: Double, elapsedTimeSeconds: Double?,
                movingTimeSeconds: Double?, distanceMeters: Double?) {
        self.source = source
        self.name = name
        self.type = type
        self.startTime = UTCDateTime.format(seconds: startTimeSeconds)
        self.elapsedTimeSeconds = elapsedTimeSeconds
        self.movingTimeSeconds = movingTimeSeconds
        self.distanceMeters = distanceMeters
    }

    /// The document's bytes (keys sorted: the same summary always gives the same bytes, so a second
    /// import of the export finds it stored).
    package var encoded: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array((try? encoder.encode(self)) ?? Data())
    }

    /// Whether bytes look like such a document (a JSON object naming `runlogManualActivity`).
    static func looksLike(_ head: UnsafeRawBufferPointer) -> Bool {
        let text = String(decoding: head.prefix(512), as: UTF8.self)
        return text.drop(while: { $0.isWhitespace }).first == "{" && text.contains("\"runlogManualActivity\"")
    }

    /// Reads the document into an activity with one track: no records, the summary as its totals.
    /// - Throws: ``ReadError`` `.unsupportedFormat` when the JSON is not such a document.
    static func read(_ bytes: [UInt8], fileName: String) throws -> ActivityReadResult {
        guard let manual = try? JSONDecoder().decode(ManualActivity.self, from: Data(bytes)), manual.runlogManualActivity == 1,
              let start = DateTimeText.parse(manual.startTime)?.seconds else {
            throw ReadError(code: .unsupportedFormat, message: "JSON that is not an activity summary this version reads", file: fileName)
        }
        var totals = DeviceTotals()
        totals.sport = manual.type
        totals.startTimeSeconds = start
        totals.elapsedSeconds = manual.elapsedTimeSeconds
        totals.timerSeconds = manual.movingTimeSeconds ?? manual.elapsedTimeSeconds
        totals.distanceMeters = manual.distanceMeters
        var track = Track(name: manual.name)
        track.type = manual.type
        track.deviceTotals = totals
        var activity = Activity(tracks: [track])
        activity.sourceFormat = .manual
        let note = Diagnostic(code: "manualActivity", severity: .note,
                              message: "no recording: the numbers are the summary of \(manual.source)")
        return ActivityReadResult(activity: activity, diagnostics: [note])
    }
}
