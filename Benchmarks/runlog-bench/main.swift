// runlog-bench: the reader and analysis timed in-process, for `make bench` (Benchmarks/bench.py).
//
//   runlog-bench read FILE     stream every track point (time, elevation, heart rate, cadence) to a
//                              handler that uses each value and keeps nothing
//   runlog-bench model FILE    read the whole Activity into memory (every point kept)
//   runlog-bench analyze FILE  read the Activity, then time the analysis alone
//   runlog-bench region FILE   time the map region (cluster fit and the robust track fit) of the track points
//   runlog-bench tcx FILE      read a whole TCX file into an Activity (every trackpoint kept)
//   runlog-bench decode FILE   read any format runlog reads (GPX, FIT, TCX, plain or compressed) through
//                              ActivityReadSession, the whole Activity kept; prints the record count
//                              (positioned track points plus records without position), the format,
//                              and the in-memory size of one TrackPoint (point_bytes) for the memory check
//
// Prints one line of `key=value` pairs (points, checksums, seconds).
import Foundation
import RunCore
import RunFormats

final class TouchEveryValue: GPXContentHandler {
    var points = 0
    var latitudeSum = 0.0, timeSum = 0.0, elevationSum = 0.0, heartRateSum = 0.0, cadenceSum = 0.0
    func gpxDidRead(trackPoint p: TrackPoint) {
        points += 1
        latitudeSum += p.latitude
        timeSum += p.timeSeconds ?? 0
        elevationSum += p.elevationMeters ?? 0
        heartRateSum += p.heartRateBPM ?? 0
        cadenceSum += p.cadenceRPM ?? 0
    }
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: runlog-bench read|model|analyze|region|tcx|decode FILE\n".utf8))
    exit(64)
}
let path = arguments[2]
do {
    switch arguments[1] {
    case "read":
        let handler = TouchEveryValue()
        let t = try seconds { _ = try GPXReader().read(fileAt: path, into: handler) }
        print("points=\(handler.points) lat_sum=\(String(format: "%.6f", handler.latitudeSum)) hr_sum=\(Int(handler.heartRateSum)) cad_sum=\(Int(handler.cadenceSum)) seconds=\(String(format: "%.3f", t))")
    case "model":
        var result: ActivityReadResult?
        let t = try seconds { result = try GPXReader().read(fileAt: path) }
        print("points=\(result!.activity.trackPointCount) seconds=\(String(format: "%.3f", t))")
    case "tcx":
        var result: ActivityReadResult?
        let t = try seconds { result = try TCXReader().read(fileAt: path) }
        print("records=\(result!.activity.recordCount) positioned=\(result!.activity.trackPointCount) seconds=\(String(format: "%.4f", t))")
    case "decode":
        var result: ActivityReadResult?
        let t = try seconds { result = try ActivityReadSession.read(fileAt: path) }
        let activity = result!.activity
        let format = activity.sourceFormat.map { "\($0)" } ?? "unknown"
        print("records=\(activity.recordCount) points=\(activity.trackPointCount) tracks=\(activity.tracks.count) format=\(format) point_bytes=\(MemoryLayout<TrackPoint>.stride) seconds=\(String(format: "%.3f", t))")
    case "analyze":
        let activity = try GPXReader().read(fileAt: path).activity
        var summary = ActivitySummary()
        let t = seconds { summary = ActivityAnalyzer.summarize(activity) }
        // The two stages: building the cleaned timeline, and the methods on it.
        var timeline = Timeline()
        let build = seconds {
            timeline = TimelineBuilder.timeline(of: activity, sport: .inferred(SportEvidence(activity: activity), AnalysisPreferences()))
        }
        let methods = seconds { _ = ActivityAnalyzer.analyze(timeline, routes: RouteTotals(), waypointCount: 0) }
        print("points=\(summary.trackPointCount) distance_m=\(String(format: "%.1f", summary.distanceMeters)) gain_m=\(String(format: "%.1f", summary.elevationGainMeters ?? 0)) seconds=\(String(format: "%.3f", t)) timeline_seconds=\(String(format: "%.3f", build)) methods_seconds=\(String(format: "%.3f", methods))")
    case "region":
        let activity = try GPXReader().read(fileAt: path).activity
        let coordinates = activity.tracks.flatMap { $0.segments.flatMap { $0.points.map(\.coordinate) } }
        var region: MapRegion?
        var best = (fit: Double.infinity, track: Double.infinity)
        for _ in 0..<5 {
            best.fit = min(best.fit, try seconds { region = try RegionFitter().fit(coordinates) })
            best.track = min(best.track, try seconds { region = try RegionFitter().fitTrack(coordinates) })
        }
        print("points=\(coordinates.count) fit_seconds=\(String(format: "%.4f", best.fit)) fit_track_seconds=\(String(format: "%.4f", best.track)) center=\(region!.center.latitude),\(region!.center.longitude)")
    default:
        FileHandle.standardError.write(Data("unknown mode \(arguments[1])\n".utf8))
        exit(64)
    }
} catch {
    FileHandle.standardError.write(Data("runlog-bench: \(error)\n".utf8))
    exit(1)
}
