import Foundation
import RunCore
import RunFormats
import TestSupport
import Testing

/// The sport of every corpus file whose sport is known — from its MANIFEST notes or its own tags —
/// is what runlog takes it to be; the table says why each is known. Files whose sport nothing
/// says (a logger's dump, a test file's few points) are not in it.
@Suite struct SportInferenceTests {
    static let known: [(file: String, sport: Sport, why: String)] = [
        ("georust-outdooractive-export.gpx", .hiking, "<type>alpineTour</type>"),
        ("georust-strava_route_example.gpx", .running, "<type>Run</type>, \"Afternoon Run\""),
        ("georust-with_accuracy.gpx", .cycling, "its track is named \"Cycling\""),
        ("georust-garmin_with_extensions.gpx", .hiking, "MANIFEST: a 10 h hike with a Garmin GPSMAP 64s"),
        ("gpsbabel-garmin-edge-800-output.gpx", .cycling, "MANIFEST: converted from a Garmin Edge 800 (a bike computer)"),
        ("gpsbabel-wahoo-element-bolt.gpx", .cycling, "MANIFEST: converted from a Wahoo ELEMNT BOLT (a bike computer)"),
        ("gpswizard-APEX_Pro_Speedsurfing20220411111317.gpx", .other, "<type>Other</type>, \"Dorset Speedsurfing\""),
        ("gpswizard-activity_8686414511.gpx", .other, "MANIFEST: a windsurf session; <type>other</type>"),
        ("gpswizard-0470_2022-07-16-1202.gpx", .other, "recorded by a Motion-GPS, a speed-sailing logger"),
        ("gpxpod-testFile1.gpx", .hiking, "MANIFEST: a multi-day hike"),
        ("gpxpy-around-visnjan-with-car.gpx", .other, "MANIFEST: a trip by car"),
        ("gpxpy-track-with-less-sec-time.gpx", .running, "<type>run</type>"),
        ("opentracks-legacy_gpx_trackpointextensions_incorrect.gpx", .cycling, "<type>mountain biking</type>"),
        ("sportslib-1681613317.gpx", .running, "MANIFEST: a run; Strava's <type>9</type>"),
        ("sportslib-4108490848.gpx", .cycling, "<type>road_biking</type>"),
        ("sportslib-4623204522-1.gpx", .swimming, "MANIFEST: an open-water swim; <type>16</type>, \"Morning Swim\""),
        ("sportslib-7555261629.gpx", .cycling, "MANIFEST: a ride; Strava's <type>1</type>"),
        ("sportslib-garmin.gpx", .running, "<type>running</type>"),
        ("togeojson-run.gpx", .running, "MANIFEST: a Garmin Connect run"),
        ("togeojson-blue_hills.gpx", .cycling, "<keywords>blue hills, mountain biking, milton</keywords>"),
        ("goldencheetah-A_ride_mapped_on_11_22_2011.gpx", .cycling, "MANIFEST: a mapped ride; its file name"),
    ]

    @Test(arguments: known.map(\.file))
    func theSportOfEveryFileWhoseSportIsKnown(_ file: String) throws {
        let entry = try #require(Self.known.first { $0.file == file })
        let activity = try GPXReader().read(fileAt: SharedData.corpus(file)).activity
        let summary = ActivityAnalyzer.analyze(activity, fileName: file).summary
        #expect(summary.sport == entry.sport, "\(file): \(entry.why); runlog says \(summary.sport) from \(summary.sportSource)")
        #expect(summary.sportConfidence > 0, "\(file)")
        // A stated sport is kept, whatever the speeds say.
        if Sport.fromGPXType(activity.tracks.first?.type) != nil { #expect(summary.sportSource == .file) }
    }

    /// The speeds alone, on runs of analytic truth: a runner, a walker, a rider, a car.
    @Test(arguments: [(3.2, Sport.running), (1.4, .walking), (7.5, .cycling), (25, .other), (0.8, .hiking)])
    func speedsAloneTellTheSport(speed: Double, sport: Sport) {
        var points: [TrackPoint] = []
        for k in 0...600 {
            // ±10 % around the speed, so the times are not made up at one speed.
            let meters = (0..<k).reduce(0.0) { sum, i in sum + speed * (1 + 0.1 * sin(Double(i) / 7)) }
            var point = TrackPoint(latitude: 0, longitude: meters / 6_378_137 * 180 / .pi)
            point.timeSeconds = 1_767_225_600 + Double(k)
            points.append(point)
        }
        let summary = ActivityAnalyzer.analyze(Activity(tracks: [Track(segments: [TrackSegment(points: points)])])).summary
        #expect(summary.sport == sport && summary.sportSource == .speed, "\(speed) m/s: \(summary.sport)")
    }

    /// A file that says it is a run keeps it, and says when its speeds do not fit: a ride stored as a run.
    @Test func aRunThatMovesLikeARideSaysSo() throws {
        let activity = try GPXReader().read(fileAt: SharedData.corpus("sportslib-7555261629.gpx")).activity
        var asRun = activity
        asRun.tracks[0].type = "running"
        let analysis = ActivityAnalyzer.analyze(asRun)
        #expect(analysis.summary.sport == .running && analysis.summary.sportSource == .file)
        #expect(analysis.notes.contains { $0.code == "sport.implausible" }, "\(analysis.notes)")
        #expect(!ActivityAnalyzer.analyze(activity).notes.contains { $0.code == "sport.implausible" })
    }
}
