import RunCore
import Testing

/// The numbers of the cases, built in memory from the cases' own inputs (the reader is tested
/// separately); expected values from the case files (GeographicLib, by hand).
@Suite struct SummaryTests {
    static func point(_ lat: Double, _ lon: Double, ele: Double? = nil, t: Double? = nil, hr: Double? = nil) -> TrackPoint {
        TrackPoint(coordinate: Coordinate(latitude: lat, longitude: lon), elevationMeters: ele, timeSeconds: t, heartRateBPM: hr)
    }

    static func activity(_ segments: [[TrackPoint]]) -> Activity {
        Activity(tracks: [Track(segments: segments.map { TrackSegment(points: $0) })])
    }

    @Test func case25_hysteresisIgnoresJitter() {
        let elevations: [Double] = [100, 101, 100, 101, 100, 101, 100, 101, 100, 101, 100, 102, 104, 106, 108, 110, 109, 110, 109, 110, 109]
        for band in [1.0, 2, 3, 5] {
            var h = ElevationHysteresis(deadBandMeters: band)
            elevations.forEach { h.add($0) }
            #expect(h.totals.gainMeters == 10 && h.totals.lossMeters == 0)
        }
        var raw = ElevationHysteresis(deadBandMeters: 0.5)
        elevations.forEach { raw.add($0) }
        #expect(raw.totals.gainMeters == 17 && raw.totals.lossMeters == 8)
    }

    @Test func case01_missingElevationsAreSkippedNotZero() {
        let eles: [Double?] = [nil, nil, 200, 205, nil, 203, 210]
        let points = eles.enumerated().map { i, e in Self.point(46.5 + 0.0002 * Double(i), 7.5, ele: e, t: 1_717_228_800 + 10 * Double(i)) }
        let s = ActivityAnalyzer.summarize(Self.activity([points]))
        #expect(s.elevationGainMeters == 10 && s.elevationLossMeters == 0)
        #expect(s.minimumElevationMeters == 200 && s.maximumElevationMeters == 210)
        #expect(abs(s.distanceMeters - 133.39) < 0.005)
    }

    @Test func case08_repeatedTimestamps() {
        let lats = [46.58000, 46.58004, 46.58008, 46.58012, 46.58012, 46.58016]
        let times: [Double] = [0, 1, 1, 2, 2, 3]
        let points = zip(lats, times).map { Self.point($0, 6.6, ele: 600, t: 1_707_978_866 + $1) }
        let s = ActivityAnalyzer.summarize(Self.activity([points]))
        #expect(s.trackPointCount == 6)
        #expect(abs(s.distanceMeters - 17.79) < 0.005)
        #expect(s.elapsedTimeSeconds == 3 && s.movingTimeSeconds == 3)
        #expect(s.averageSpeedMetersPerSecond!.isFinite)
    }

    @Test func case10_routeOnlyFileHasRouteLength() {
        let route = Route(name: "Planned hike", points: [Self.point(45.83, 6.86, ele: 1035), Self.point(45.835, 6.865, ele: 1150),
                                                         Self.point(45.84, 6.865, ele: 1120), Self.point(45.845, 6.87, ele: 1310)])
        let s = ActivityAnalyzer.summarize(Activity(routes: [route]))
        #expect(abs(s.routeDistanceMeters - 1911.82) < 0.005)
        #expect(s.routePointCount == 4 && s.elapsedTimeSeconds == nil && s.movingTimeSeconds == nil)
        var h = ElevationHysteresis(deadBandMeters: 2)
        [1035.0, 1150, 1120, 1310].forEach { h.add($0) }
        #expect(h.totals.gainMeters == 305 && h.totals.lossMeters == 30)
    }

    @Test func case16_headlineDistanceIs2D() {
        let points = [(36.57800, 2500.0, 0.0), (36.57890, 2560, 120), (36.57980, 2620, 240), (36.58070, 2560, 300)]
            .map { Self.point($0.0, -118.29, ele: $0.1, t: 1_722_492_000 + $0.2) }
        let s = ActivityAnalyzer.summarize(Self.activity([points]))
        #expect(abs(s.distanceMeters - 299.62) < 0.005)
        #expect(abs(s.distance3DMeters - 349.53) < 0.005)
        #expect(s.elevationGainMeters == 120 && s.elevationLossMeters == 60)
        #expect(s.elapsedTimeSeconds == 300)
    }

    @Test func case18_noTimesMeansUnknownTimes() {
        let points = [(33.75, -84.45, 300.0), (33.755, -84.45, 310), (33.755, -84.444, 305), (33.75, -84.45, 300)]
            .map { Self.point($0.0, $0.1, ele: $0.2) }
        let s = ActivityAnalyzer.summarize(Self.activity([points]))
        #expect(abs(s.distanceMeters - 1895.73) < 0.005)
        #expect(s.elapsedTimeSeconds == nil && s.movingTimeSeconds == nil)
        #expect(s.averageSpeedMetersPerSecond == nil && s.averagePaceSecondsPerKilometer == nil)
        #expect(s.elevationGainMeters == 10 && s.elevationLossMeters == 10)
    }

    @Test func case24_pausesBetweenSegmentsAreNotMovingAndNotDistance() {
        let start = 1_715_508_000.0
        let segments = [
            [(44.000000, 0.0), (44.004050, 300), (44.008100, 600)],
            [(44.008100, 900), (44.010125, 1050), (44.012150, 1200)],
            [(44.012150, 1800), (44.016200, 2100), (44.020250, 2400)],
        ].map { $0.map { Self.point($0.0, 4, t: start + $0.1) } }
        let s = ActivityAnalyzer.summarize(Self.activity(segments))
        #expect(abs(s.distanceMeters - 2250.03) < 0.01)
        #expect(s.elapsedTimeSeconds == 2400 && s.movingTimeSeconds == 1500)
        #expect(abs(s.averageSpeedMetersPerSecond! - 1.5) < 0.0001)
    }

    /// A standstill of 60 s with identical coordinates inside a run is stopped time; a 5 s one is not.
    @Test func standstillsLongerThanTheMinimumStopAreStopped() {
        var points: [TrackPoint] = []
        var t = 0.0, lat = 45.0
        func run(_ seconds: Int) { for _ in 0..<seconds { t += 1; lat += 3.0 / 111_132; points.append(Self.point(lat, 7, t: t)) } }
        func stand(_ seconds: Int) { for _ in 0..<seconds { t += 1; points.append(Self.point(lat, 7, t: t)) } }
        points.append(Self.point(lat, 7, t: t))
        run(100); stand(60); run(100); stand(5); run(100)
        let s = ActivityAnalyzer.summarize(Self.activity([points]))
        #expect(s.elapsedTimeSeconds == 365)
        #expect(s.movingTimeSeconds == 305)
    }

    /// Time-weighted, not the mean of samples: 100 bpm for 10 s then 160 bpm for 50 s.
    @Test func heartRateIsTimeWeighted() {
        let points = [Self.point(45, 7, t: 0, hr: 100), Self.point(45.0001, 7, t: 10, hr: 100),
                      Self.point(45.0002, 7, t: 11, hr: 160), Self.point(45.0003, 7, t: 61, hr: 160)]
        let s = ActivityAnalyzer.summarize(Self.activity([points]))
        // Trapezoids: 10 s at 100, 1 s at 130, 50 s at 160 → (1000 + 130 + 8000) / 61.
        #expect(abs(s.averageHeartRateBPM! - 9130.0 / 61) < 1e-9)
        #expect(s.maximumHeartRateBPM == 160)
    }
}
