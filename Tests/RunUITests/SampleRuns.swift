import Foundation
import RunCore
import RunUI
@testable import RunStore

/// Runs, analyses and records for the presentation tests, with round numbers chosen by hand so the
/// expected texts can be worked out without the code under test.
enum SampleRuns {
    static let utc = TimeZone(identifier: "UTC")!

    static func run(_ id: Int64, _ name: String, start: String?, km: Double, moving: Double?, gain: Double? = nil) -> RunRecord {
        var summary = ActivitySummary()
        summary.distanceMeters = km * 1000
        summary.movingTimeSeconds = moving
        summary.elapsedTimeSeconds = moving
        summary.averageSpeedMetersPerSecond = moving.map { km * 1000 / $0 }
        summary.elevationGainMeters = gain
        let seconds = start.flatMap { DateTimeText.parse($0)?.seconds }
        summary.startTimeSeconds = seconds
        return RunRecord(id: id, name: name, startTimeSeconds: seconds, importedAtSeconds: 0, sourceName: "\(name).gpx",
                         creator: nil, gpxVersion: "1.1", summary: summary, diagnostics: [], contentSHA256: "")
    }

    /// Two November runs (one of 5.25 km), one in October, one of 1234.5 km in 2025, one without times.
    static let list: [RunRecord] = [
        run(5, "Intervalle", start: "2026-11-30T17:45:00Z", km: 5.25, moving: 1575, gain: 12),
        run(4, "Long run", start: "2026-11-01T07:05:00Z", km: 21.0975, moving: 6300, gain: 1234),
        run(3, "Easy", start: "2026-10-14T06:00:00Z", km: 10, moving: 3600),
        run(2, "Tour", start: "2025-06-01T05:00:00Z", km: 1234.5, moving: 400_000, gain: 15_000),
        run(1, "Plan", start: nil, km: 5, moving: nil),
    ]

    static func decode<T: Decodable>(_ type: T.Type, _ json: String) -> T {
        try! JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    /// A stored run of 5.25 km on 30 November 2026, 17:45 UTC, with splits, best efforts, zones and a clean-up.
    static var detailRecord: RunRecord {
        var s = ActivitySummary()
        s.trackCount = 1
        s.segmentCount = 2
        s.trackPointCount = 1575
        s.analyzedPointCount = 1570
        s.waypointCount = 1
        s.startTimeSeconds = DateTimeText.parse("2026-11-30T17:45:00Z")!.seconds
        s.endTimeSeconds = s.startTimeSeconds! + 1625
        s.elapsedTimeSeconds = 1625
        s.movingTimeSeconds = 1575
        s.distanceMeters = 5250
        s.distance3DMeters = 5251.5
        s.elevationGainMeters = 12.4
        s.elevationLossMeters = 11.6
        s.minimumElevationMeters = 100
        s.maximumElevationMeters = 110.5
        s.averageHeartRateBPM = 151.6
        s.maximumHeartRateBPM = 178
        s.averageCadenceRPM = 86
        s.averageCadenceStepsPerMinute = 172
        s.averageSpeedMetersPerSecond = 5250.0 / 1575
        s.maximumSpeedMetersPerSecond = 4
        s.sportSource = .file
        return RunRecord(id: 5, name: "Intervalle", startTimeSeconds: s.startTimeSeconds, importedAtSeconds: 1_800_000_000,
                         sourceName: "intervalle.gpx", creator: "Garmin Forerunner", gpxVersion: "1.1", summary: s,
                         diagnostics: [Diagnostic(code: "gpx.unknownElement", message: "unknown element <foo> kept", line: 12, column: 5)],
                         contentSHA256: "abc")
    }

    static var detailAnalysis: RunAnalysis {
        let splits = decode([Split].self, """
            [{"index":1,"distanceMeters":1000,"elapsedTimeSeconds":300,"movingTimeSeconds":300,"elevationChangeMeters":4,"averageHeartRateBPM":140,"isPartial":false},
             {"index":2,"distanceMeters":1000,"elapsedTimeSeconds":350,"movingTimeSeconds":330,"elevationChangeMeters":-8.2,"averageHeartRateBPM":150.4,"isPartial":false},
             {"index":3,"distanceMeters":250,"elapsedTimeSeconds":75,"movingTimeSeconds":75,"isPartial":true}]
            """)
        let zones = decode(HeartRateZoneTimes.self, """
            {"lowerBoundsBPM":[95,114,133,152,171],"secondsInZone":[100,200,300,400,500],"secondsBelowZones":500}
            """)
        let cleanup = decode(CleanupReport.self, """
            {"entries":[{"kind":"duplicatePoints","count":1,"places":["track 1, segment 1, point 6"]},
                        {"kind":"spikes","count":7,"places":["track 1, segment 2, point 10 (2026-11-30T17:50:00Z)"]}]}
            """)
        let mileSplits = decode([Split].self, """
            [{"index":1,"distanceMeters":1609.344,"elapsedTimeSeconds":500,"movingTimeSeconds":490,"isPartial":false}]
            """)
        return RunAnalysis(summary: detailRecord.summary, splitsPerKilometer: splits, splitsPerMile: mileSplits,
                           bestEfforts: [BestEffort(distanceMeters: 400, elapsedTimeSeconds: 80, startDistanceMeters: 1200, startTimeSeconds: 0),
                                         BestEffort(distanceMeters: 1609.344, elapsedTimeSeconds: 480, startDistanceMeters: 0, startTimeSeconds: 0),
                                         BestEffort(distanceMeters: 21_097.5, elapsedTimeSeconds: 6300, startDistanceMeters: 0, startTimeSeconds: 0)],
                           heartRateZones: zones, cleanup: cleanup)
    }

    /// A file (not stored) of a ride analysed by an older method: one segment, routes, pedal cadence, no heart rate.
    static var olderRide: RunPresentation {
        var s = ActivitySummary()
        s.trackCount = 1
        s.segmentCount = 1
        s.trackPointCount = 1
        s.routeCount = 2
        s.routePointCount = 1
        s.routeDistanceMeters = 1500
        s.sport = .cycling
        s.sportSource = .speed
        s.distanceMeters = 0
        s.averageCadenceRPM = 80
        s.parameters = AnalysisParameters(sport: .cycling)
        s.parameters.methodVersion = 1
        return RunPresentation(analysis: RunAnalysis(summary: s), diagnostics: [], name: "Ride", source: "ride.gpx", creator: nil)
    }

    static var records: [LibraryRecord] {
        [LibraryRecord(effort: BestEffort(distanceMeters: 5000, elapsedTimeSeconds: 1500, startDistanceMeters: 250,
                                          startTimeSeconds: DateTimeText.parse("2026-11-30T17:46:00Z")!.seconds),
                       runID: 5, runName: "Intervalle", runStartTimeSeconds: nil)]
    }
}
