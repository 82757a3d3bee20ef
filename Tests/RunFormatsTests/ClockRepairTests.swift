import Foundation
import RunCore
import RunFormats
import TestSupport
import Testing

/// Clocks that run backwards cost no distance: a track stored newest first is read in time order,
/// and jittered times are repaired while every position counts. The truth is the file as written
/// in time order (its own numbers); the copies are made here, from the points read.
@Suite struct ClockRepairTests {
    /// Recordings with a time on every point: corpus files (1–4 s apart) and the samples.
    static let files = ["togeojson-run.gpx", "sportslib-garmin.gpx", "sportslib-7555261629.gpx", "coregpx-GPXTest-TrackPointOnly.gpx",
                        "samples/runs/morning-10k.gpx", "samples/runs/trail-hill-run.gpx"]
    /// Those recorded every second or two, where a wobble of ±2 s puts times out of order.
    static let denseFiles = ["sportslib-7555261629.gpx", "samples/runs/morning-10k.gpx", "samples/runs/lunch-intervals.gpx",
                             "samples/runs/trail-hill-run.gpx"]

    static func activity(_ name: String) throws -> Activity {
        try GPXReader().read(fileAt: name.hasPrefix("samples/") ? SharedData.repository(name) : SharedData.corpus(name)).activity
    }

    /// The same recording written newest first: tracks, segments and points in reverse.
    static func newestFirst(_ activity: Activity) -> Activity {
        var reversed = activity
        reversed.tracks = activity.tracks.reversed().map { track in
            var t = track
            t.segments = track.segments.reversed().map { TrackSegment(points: $0.points.reversed()) }
            return t
        }
        return reversed
    }

    @Test(arguments: files)
    func aTrackStoredNewestFirstGivesTheSameNumbers(_ name: String) throws {
        let original = ActivityAnalyzer.analyze(try Self.activity(name))
        let copy = ActivityAnalyzer.analyze(Self.newestFirst(try Self.activity(name)))
        #expect(copy.cleanup.count(.reversedOrder) == original.summary.segmentCount, "\(copy.cleanup.diagnostics)")
        #expect(abs(copy.summary.distanceMeters - original.summary.distanceMeters) <= 1e-9 * original.summary.distanceMeters)
        #expect(copy.summary.elapsedTimeSeconds == original.summary.elapsedTimeSeconds)
        #expect(copy.summary.startTimeSeconds == original.summary.startTimeSeconds)
        #expect(copy.summary.movingTimeSeconds == original.summary.movingTimeSeconds)
        #expect(copy.summary.analyzedPointCount == original.summary.analyzedPointCount)
    }

    /// Sports Tracker's clock jitters (3,078 back-steps in one file): here every time moves by a
    /// whole number of seconds from −2 to +2, drawn from a seeded generator. Distance within 0.1 %.
    @Test(arguments: denseFiles)
    func jitteredTimesKeepTheDistance(_ name: String) throws {
        var activity = try Self.activity(name)
        let original = ActivityAnalyzer.analyze(activity)
        var random = SeededGenerator(state: 11)
        var backSteps = 0
        for t in activity.tracks.indices {
            for s in activity.tracks[t].segments.indices {
                var previous = -Double.infinity
                for p in activity.tracks[t].segments[s].points.indices {
                    guard let time = activity.tracks[t].segments[s].points[p].timeSeconds else { continue }
                    let moved = time + Double(Int.random(in: -2...2, using: &random))
                    activity.tracks[t].segments[s].points[p].timeSeconds = moved
                    if moved < previous { backSteps += 1 }
                    previous = moved
                }
            }
        }
        #expect(backSteps > 50)
        let jittered = ActivityAnalyzer.analyze(activity)
        #expect(jittered.cleanup.count(.timeBackwards) > 0)
        let distance = original.summary.distanceMeters
        #expect(abs(jittered.summary.distanceMeters - distance) <= 0.001 * distance,
                "\(name): \(jittered.summary.distanceMeters) against \(distance); \(jittered.cleanup.diagnostics)")
        #expect(abs((jittered.summary.elapsedTimeSeconds ?? 0) - (original.summary.elapsedTimeSeconds ?? 0)) <= 4)
    }
}
