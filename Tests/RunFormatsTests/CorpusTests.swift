import Foundation
import RunCore
import RunFormats
import TestSupport
import Testing

/// Every GPX file of the real-device corpus: counts from MANIFEST.tsv, distances from GeographicLib
/// (Tests/Fixtures/corpus-geodesic.tsv, made by Tests/tools/corpus-geodesic-reference.py) and from
/// gpxpy/GPSBabel (REFERENCE.tsv).
@Suite struct CorpusTests {
    static let manifest = try! TSVTable.manifest()
    static let reference = try! TSVTable.reference()
    static let geodesic = try! TSVTable(path: SharedData.repository("Tests/Fixtures/corpus-geodesic.tsv"))

    /// Files the MANIFEST says are not well-formed, and the position of the fault.
    static let notWellFormed = ["gpxstudio-with_power_2.gpx": (line: 21, column: 42)]
    /// Files with OpenTracks' legacy pause and resume markers (track points at lat="100" and
    /// lat="200"): not positions but a pause, read as a segment break.
    static let pauseMarkers = ["opentracks-legacy_gpx_pause_resume.gpx": 2]

    @Test(arguments: SharedData.corpusGPXNames)
    func readsOrRefusesWithClearError(name: String) throws {
        let path = SharedData.corpus(name)
        if let position = Self.notWellFormed[name] {
            let error = try #require(throws: ReadError.self) { try GPXReader().read(fileAt: path) }
            #expect(error.code == .notWellFormed)
            #expect(error.line == position.line && error.column == position.column)
            #expect(error.message.contains("gpxpx"))
            #expect(error.description.hasPrefix(path + ":21:42: "))
            return
        }
        let result = try GPXReader().read(fileAt: path)
        let activity = result.activity
        let row = try #require(Self.manifest.row(where: "file", is: name))
        let markers = Self.pauseMarkers[name] ?? 0
        #expect(activity.trackPointCount == Int(row["n_trackpoints"]!)! - markers)
        #expect(result.diagnostics.contains { $0.code == "legacyPauseMarker" } == (markers > 0))
        #expect(activity.waypoints.count == Int(row["n_waypoints"]!)!)
        #expect(activity.routePointCount == Int(row["n_routepoints"]!)!)
        #expect(activity.routes.count == Int(row["n_routes"]!)!)
        #expect(activity.tracks.count == Int(row["n_tracks"]!)!)
        let segments = activity.tracks.reduce(0) { $0 + $1.segments.count }
        // MANIFEST counts an empty <trkseg> of unicode2.gpx as no segment; GeographicLib's script counts every <trkseg>.
        let geo = try #require(Self.geodesic.row(where: "file", is: name))
        #expect(segments == Int(geo["segments"]!)!)
    }

    /// 2D track distance within 1e-9 relative of the GeographicLib sum over the same points (within
    /// segments); the fixture prints micrometres, hence the 1e-6 m floor.
    @Test(arguments: SharedData.corpusGPXNames.filter { notWellFormed[$0] == nil })
    func distanceMatchesGeographicLib(name: String) throws {
        let result = try GPXReader(options: .init(skipsInvalidPoints: true)).read(fileAt: SharedData.corpus(name))
        let summary = ActivityAnalyzer.summarize(result.activity)
        let geo = try #require(Self.geodesic.row(where: "file", is: name))
        let expected = Double(geo["track_distance_m"]!)!
        // Every point as read, before the GPS clean-up: the reader and the geodesy.
        #expect(abs(Self.rawDistance(result.activity) - expected) <= 1e-9 * expected + 1e-6)
        let expectedRoute = Double(geo["route_distance_m"]!)!
        #expect(abs(summary.routeDistanceMeters - expectedRoute) <= 1e-9 * expectedRoute + 1e-6)
    }

    /// The 2D length of every point as read, within segments (no clean-up).
    static func rawDistance(_ activity: Activity) -> Double {
        var total = 0.0
        for segment in activity.tracks.flatMap(\.segments) {
            for (a, b) in zip(segment.points, segment.points.dropFirst()) {
                total += Geodesic.wgs84.distanceMeters(latitude1: a.latitude, longitude1: a.longitude,
                                                       latitude2: b.latitude, longitude2: b.longitude)
            }
        }
        return total
    }

    /// Why runlog's distance may differ from gpxpy's for a file.
    static let gpxpyExceptions: [String: String] = [
        "coregpx-GPXTest-TrackPointOnly.gpx":
            "a day in Tokyo with a phone (Open GPX Tracker), not a run: the clean-up leaves out 12 isolated jumps (e.g. "
            + "514 m in 14 s between two slow intervals) and 7 out-and-back spikes, 9.6 km; gpxpy counts them",
        "opentracks-legacy_gpx_pause_resume.gpx":
            "gpxpy accepts lat=\"100\" and measures 39,500 km through it; runlog reads OpenTracks' pause and resume markers as a pause",
        "georust-with_accuracy.gpx":
            "gpxpy refuses the file (<fix>something_not_in_the_spec</fix>); runlog reads it and leaves the <fix> out",
        "gpxstudio-with_power_2.gpx": "not well-formed: both tools and runlog refuse it",
    ]

    /// Within 0.5 % of gpxpy's 2D length for every file gpxpy reads. gpxpy's flat-earth formula on
    /// the equatorial radius reads about +0.1 … +0.35 % against the geodesic (research/gpx-libs.md
    /// §2.1), so 0.5 % is its own error plus margin. GPSBabel agrees with gpxpy on all these files
    /// apart from segment gaps, which its leg sums include (REFERENCE.tsv `disagreements`).
    @Test(arguments: SharedData.corpusGPXNames.filter { gpxpyExceptions[$0] == nil })
    func distanceWithinHalfPercentOfGpxpy(name: String) throws {
        // (The clean-up's jumps and spikes are the only way runlog's distance leaves the raw sum;
        // the one corpus file where it acts is an exception above.)
        let reference = try #require(Self.reference.row(where: "file", is: name))
        #expect(reference["gpxpy_status"] == "ok")
        let gpxpy = Double(reference["len2d_m"]!)!
        let activity = try GPXReader().read(fileAt: SharedData.corpus(name)).activity
        let analysis = ActivityAnalyzer.analyze(activity)
        let summary = analysis.summary
        // The clean-up changes distance only by jumps and spikes.
        #expect(analysis.cleanup.count(.jumps) + analysis.cleanup.count(.spikes) == 0)
        if activity.trackPointCount == 0 {
            // gpxpy's length is of tracks only; a file of routes only has its routes' (cases/10).
            #expect(gpxpy == 0 && abs(summary.distanceMeters - summary.routeDistanceMeters) <= 1e-6 * summary.routeDistanceMeters)
        } else if gpxpy == 0 {
            #expect(summary.distanceMeters == 0)
        } else {
            #expect(abs(summary.distanceMeters - gpxpy) / gpxpy <= 0.005)
        }
    }
}
