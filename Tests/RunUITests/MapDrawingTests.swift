import Foundation
import RunCore
import RunUI
import Testing

/// The server-drawn map and charts: projection, scale bar, markers, escaping. Expected values
/// come from the formulas' definitions (Web Mercator, WGS84's equatorial radius), not the code.
@Suite struct MapDrawingTests {
    /// WGS84's equatorial radius: 0.001° of longitude on the equator is a × 0.001 × π/180 m.
    static let stepMeters = 6_378_137 * 0.001 * Double.pi / 180

    static func equatorActivity(points: Int, secondsApart: Double = 30, pauseAfter: Int? = nil) -> Activity {
        func point(_ i: Int) -> TrackPoint {
            TrackPoint(coordinate: Coordinate(latitude: 0, longitude: Double(i) * 0.001),
                       timeSeconds: 1_700_000_000 + Double(i) * secondsApart + (pauseAfter.map { i > $0 ? 600 : 0 } ?? 0))
        }
        var segments = [TrackSegment(points: (0..<points).map(point))]
        if let pauseAfter {
            segments = [TrackSegment(points: (0...pauseAfter).map(point)), TrackSegment(points: ((pauseAfter + 1)..<points).map(point))]
        }
        return Activity(tracks: [Track(segments: segments)])
    }

    @Test func webMercatorFitsTheRegion() {
        let region = MapRegion(center: Coordinate(latitude: 0, longitude: 0), latitudeSpanDegrees: 1, longitudeSpanDegrees: 1)
        let projection = MapProjection(region: region, width: 800, height: 800)
        let centre = projection.point(Coordinate(latitude: 0, longitude: 0))
        #expect(abs(centre.x - 400) < 1e-9 && abs(centre.y - 400) < 1e-9)
        // Mercator y of 0.5° is ln(tan(45° + 0.25°)) / 2π of the world's height: a hair more than its x (0.5/360),
        // so the latitude span decides the scale and the north edge is at the top.
        let ySpan = 2 * log(tan(Double.pi / 4 + 0.25 * Double.pi / 180)) / (2 * Double.pi)
        #expect(abs(projection.scale - 800 / ySpan) < 1e-6)
        #expect(abs(projection.point(Coordinate(latitude: 0.5, longitude: 0)).y) < 1e-6)
        #expect(abs(projection.point(Coordinate(latitude: 0, longitude: 0.5)).x - (400 + 0.5 / 360 * 800 / ySpan)) < 1e-6)
        #expect(abs(projection.metersPerPixel - 2 * Double.pi * 6_378_137 / (800 / ySpan)) < 1e-9)
        // Across the antimeridian, 179.9° and −179.9° are 0.2° apart.
        let dateline = MapProjection(region: MapRegion(center: Coordinate(latitude: 0, longitude: 180), latitudeSpanDegrees: 1,
                                                       longitudeSpanDegrees: 1), width: 800, height: 800)
        let west = dateline.point(Coordinate(latitude: 0, longitude: 179.9)), east = dateline.point(Coordinate(latitude: 0, longitude: -179.9))
        #expect(east.x > west.x && abs((east.x - west.x) - 0.2 / 360 * dateline.scale) < 1e-6)
    }

    @Test(arguments: [
        (10.0, 100.0, UnitSystem.metric, 1000.0, "1 km"),
        (3.0, 200.0, .metric, 500.0, "500 m"),
        (0.2, 100.0, .metric, 20.0, "20 m"),
        (10.0, 200.0, .imperial, 1609.344, "1 mi"),
        (1.0, 200.0, .imperial, 152.4, "500 ft"),   // 200 m is 656 ft: 500 ft fits, 0.5 mi (805 m) does not
    ])
    func scaleBarIsTheLongestRoundLengthThatFits(metersPerPixel: Double, maximum: Double, units: UnitSystem, meters: Double, label: String) {
        let bar = ScaleBar(metersPerPixel: metersPerPixel, maximumPixels: maximum, units: units, formatter: DisplayFormatter(units: units))
        #expect(abs(bar.meters - meters) < 1e-9 && bar.label == label)
        #expect(abs(bar.pixels - meters / metersPerPixel) < 1e-9 && bar.pixels <= maximum)
    }

    @Test func distanceMarksPauseAndMarkers() {
        let track = RunTrack(activity: Self.equatorActivity(points: 100), parameters: AnalysisParameters(sport: .running))
        // Kilometre n is passed at the first point whose distance reaches n × 1000 m: ⌈n × 1000 / step⌉.
        let expected = (1...11).map { Int((Double($0) * 1000 / Self.stepMeters).rounded(.up)) }
        #expect(track.distanceMarks(every: 1000).map(\.index) == expected)
        #expect(track.distanceMarks(every: 1609.344).map(\.number) == [1, 2, 3, 4, 5, 6])
        #expect(track.pauseIndices.isEmpty)
        let markers = track.markers(units: .metric)
        #expect(markers.first?.kind == .start && markers.last?.kind == .finish && markers.filter { $0.kind == .distance }.count == 11)
        // Two segments ten minutes apart: a pause where the first one ends.
        let paused = RunTrack(activity: Self.equatorActivity(points: 40, pauseAfter: 19), parameters: AnalysisParameters(sport: .running))
        #expect(paused.pauseIndices == [19])
    }

    @Test func aStandstillIsAPause() {
        // 20 points moving, 10 points standing 30 s apart (300 s ≥ the 10 s minimum stop), 20 moving.
        var points: [TrackPoint] = []
        var longitude = 0.0
        for i in 0..<50 {
            if i < 20 || i >= 30 { longitude += 0.001 }
            points.append(TrackPoint(coordinate: Coordinate(latitude: 0, longitude: longitude), timeSeconds: 1_700_000_000 + Double(i) * 30))
        }
        let track = RunTrack(activity: Activity(tracks: [Track(segments: [TrackSegment(points: points)])]),
                             parameters: AnalysisParameters(sport: .running))
        #expect(track.pauseIndices == [19])
        // Pace on the moving parts: 30 s per step, so 30 / step × 1000 s/km; none while standing.
        let pace = track.paceSecondsPerKilometer()
        #expect(abs(pace[5] - 30 / Self.stepMeters * 1000) < 1e-6)
        #expect(pace[25].isNaN)
    }

    @Test func theMapEscapesWaypointTextsAndGroupsSymbols() {
        var waypoint = TrackPoint(latitude: 0, longitude: 0.05)
        var details = PointDetails()
        details.name = "<b>Water & \"more\"</b>"
        details.symbol = "Drinking Water"
        waypoint.details = details
        var activity = Self.equatorActivity(points: 100)
        activity.waypoints = [waypoint]
        let track = RunTrack(activity: activity, parameters: AnalysisParameters(sport: .running))
        let region = MapRegion(center: Coordinate(latitude: 0, longitude: 0.05), latitudeSpanDegrees: 0.12, longitudeSpanDegrees: 0.12)
        let drawing = TrackMapDrawing(track: track, region: region, formatter: DisplayFormatter())
        #expect(drawing.svg.contains("<title>&lt;b&gt;Water &amp; &quot;more&quot;&lt;/b&gt; (Drinking Water)</title>"))
        #expect(!drawing.svg.contains("<b>"))
        #expect(drawing.legend.map(\.category) == ["start", "distance", "finish", "waypoint-water"])
        // The start is drawn last, on top (a loop's finish and last distance marker land on it).
        let lastMarker = drawing.svg.range(of: "<g class=\"marker marker-", options: .backwards).map { drawing.svg[$0.upperBound...].prefix(5) }
        #expect(lastMarker == "start")
        #expect(drawing.drawnPointCount == 2)   // a straight line
        #expect(WaypointSymbol(gpxSymbol: "Summit") == .summit && WaypointSymbol(gpxSymbol: nil) == .pin
                && WaypointSymbol(gpxSymbol: "Danger Area") == .danger)
        #expect(MarkupText.escape("<a href='x'>&\"") == "&lt;a href=&#39;x&#39;&gt;&amp;&quot;")
    }

    @Test func chartsDrawWhatTheRunHas() {
        let track = RunTrack(activity: Self.equatorActivity(points: 100), parameters: AnalysisParameters(sport: .running))
        let charts = RunCharts.charts(for: track, formatter: DisplayFormatter())
        #expect(charts.map(\.kind) == ["pace"])   // no elevation, no heart rate in these points
        #expect(charts[0].title == "Pace (/km)" && charts[0].drawing.svg.contains("<path class=\"line\" d=\"M"))
        #expect(LineChartDrawing(distanceMeters: [0, 1], values: [.nan, .nan], label: "x", kind: "x", valueText: { _ in "" },
                                 formatter: DisplayFormatter()) == nil)
        // Points far apart (a few per 100 pixels) make one line; an unknown value between two known ones a gap.
        func moves(_ values: [Double]) -> Int {
            let drawing = LineChartDrawing(distanceMeters: [0, 1000, 2000, 3000, 4000], values: values, label: "x", kind: "x",
                                           valueText: { _ in "" }, formatter: DisplayFormatter())
            return drawing?.svg.components(separatedBy: "d=\"").last?.filter { $0 == "M" }.count ?? -1
        }
        #expect(moves([1, 2, 3, 4, 5]) == 1)
        #expect(moves([1, 2, .nan, 4, 5]) == 2)
        // A flat run (34.8–35.2 m) drawn over at least 10 m: ticks of 2 m (30…40), each label its own.
        let flat = LineChartDrawing(distanceMeters: [0, 1000, 2000], values: [34.8, 35.2, 35.0], label: "x", kind: "x",
                                    valueText: { String(Int($0.rounded())) }, minimumSpan: 10, formatter: DisplayFormatter())
        let labels = flat.map { svg in
            svg.svg.components(separatedBy: "text-anchor=\"end\">").dropFirst().compactMap { $0.split(separator: "<").first.map(String.init) }
        } ?? []
        #expect(labels.contains("30") && labels.contains("40") && Set(labels).count == labels.count, "\(labels)")
    }
}
