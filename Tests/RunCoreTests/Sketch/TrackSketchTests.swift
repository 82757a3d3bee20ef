import Foundation
import Testing
import TestSupport
@testable import RunCore

/// `ChartSeries` and `TrackSketch` on tracks whose answers are worked out by hand; the sketch
/// made with the analysis (at import) equals the one made from the activity again (the page of a
/// run stored without one).
@Suite struct TrackSketchTests {
    @Test func aSeriesAveragesEachColumnToAThousandthAndBreaksAtUnknownValues() throws {
        // Columns of 750 m over 0…3000 m: the points at 0, 1000, 2000 and 3000 m fall in columns 0, 1, 2 and 3 (the last clamped).
        let four = try #require(ChartSeries(distanceMeters: [0, 1000, 2000, 3000], values: [1.0 / 3, 2.0 / 3, .nan, 5], columns: 4))
        #expect(four.means[0] == 0.333 && four.means[1] == 0.667 && four.means[2].isNaN && four.means[3] == 5)
        #expect(four.breaksBefore == [false, false, false, true])
        #expect(four.firstDistanceMeters == 0 && four.lastDistanceMeters == 3000)
        // Two columns of 1500 m: 0 and 1000 m together, (1/3 + 2/3) / 2; then 5 after an unknown value.
        let two = try #require(ChartSeries(distanceMeters: [0, 1000, 2000, 3000], values: [1.0 / 3, 2.0 / 3, .nan, 5], columns: 2))
        #expect(two.means == [0.5, 5] && two.breaksBefore == [false, true])
        #expect(ChartSeries(distanceMeters: [0, 1], values: [.nan, .nan], columns: 10) == nil)
        #expect(ChartSeries(distanceMeters: [], values: [], columns: 10) == nil)
        // NaN (no value) equals NaN.
        #expect(four == ChartSeries(distanceMeters: [0, 1000, 2000, 3000], values: [1.0 / 3, 2.0 / 3, .nan, 5], columns: 4))
    }

    /// 100 points 0.001° apart along the equator, 30 s apart: 111.32 m a step (WGS84's a × 0.001 × π/180).
    static let stepMeters = 6_378_137 * 0.001 * Double.pi / 180
    static func equator(points: Int = 100) -> Activity {
        let track = (0..<points).map { TrackPoint(coordinate: Coordinate(latitude: 0, longitude: Double($0) * 0.001),
                                                  timeSeconds: 1_700_000_000 + Double($0) * 30) }
        return Activity(tracks: [Track(segments: [TrackSegment(points: track)])])
    }

    @Test func theSketchOfAStraightRunAlongTheEquator() throws {
        let parameters = AnalysisParameters(sport: .running)
        let sketch = TrackSketch(activity: Self.equator(), parameters: parameters)
        #expect(sketch.start == Coordinate(latitude: 0, longitude: 0) && sketch.finish == Coordinate(latitude: 0, longitude: 0.099))
        // 99 steps, 11 020 m. Kilometre n at the first point at or past n × 1000 m: point ⌈n × 1000 / step⌉.
        let kilometres = try #require(sketch.distanceMarks(everyMeters: 1000))
        #expect(kilometres.map(\.number) == Array(1...11))
        #expect(kilometres.map(\.coordinate.longitude) == (1...11).map { Double(Int((Double($0) * 1000 / Self.stepMeters).rounded(.up))) * 0.001 })
        #expect(try #require(sketch.distanceMarks(everyMeters: 1609.344)).map(\.number) == Array(1...6))
        #expect(sketch.pauses.isEmpty && sketch.waypoints.isEmpty)
        // The tightest region is the track's 0.099° of longitude (its latitude span, the 0.005° minimum, is narrower
        // in proportion): 0.099° of the equator over 800 pixels.
        let floor = 2 * Double.pi * 6_378_137 * 0.099 / 360 / 800
        #expect(abs(sketch.lineFloorMeters - floor) < 1e-9 * floor)
        // A straight line: every point between the ends is on it, at any tolerance.
        #expect(sketch.lines.count == 1 && sketch.lines[0].points(toleranceMeters: floor) == [sketch.start!, sketch.finish!])
        // Pace 30 s a step; no elevation, no heart rate.
        let pace = try #require(sketch.pace)
        #expect(pace.means.filter { !$0.isNaN }.allSatisfy { abs($0 - 30 / Self.stepMeters * 1000) < 0.001 })
        #expect(sketch.elevation == nil && sketch.heartRate == nil)
        #expect(pace.means.count == TrackSketch.chartColumns)
    }

    @Test func theSketchMadeWithTheAnalysisIsTheSketchMadeAgainFromTheActivity() throws {
        var waypoint = TrackPoint(latitude: 0, longitude: 0.05)
        waypoint.details = { var d = PointDetails(); d.name = "Fountain"; d.symbol = "Drinking Water"; return d }()
        var withWaypoint = Self.equator()
        withWaypoint.waypoints = [waypoint]
        let routeOnly = Activity(waypoints: [waypoint], routes: [Route(points: Self.equator().tracks[0].segments[0].points)])
        let waypointOnly = Activity(waypoints: [waypoint])
        for activity in [Self.equator(), withWaypoint, routeOnly, waypointOnly] {
            for sport in [Sport?.none, .cycling] {
                let (analysis, sketch) = ActivityAnalyzer.analyzeWithSketch(activity, sport: sport)
                #expect(analysis == ActivityAnalyzer.analyze(activity, sport: sport))
                #expect(sketch == TrackSketch(activity: activity, parameters: analysis.summary.parameters))
            }
        }
        // A route without a track: the map shows its waypoints over the route's region; nothing to chart.
        let route = ActivityAnalyzer.analyzeWithSketch(routeOnly).sketch
        #expect(!route.hasTrack && route.lines.isEmpty && route.pace == nil && route.waypoints.map(\.name) == ["Fountain"])
        #expect(route.region.map { abs($0.longitudeEast - $0.longitudeWest - 0.099) < 1e-12 } == true)
    }
}
