import Foundation
import RunCore
import RunFormats
import TestSupport
import Testing

/// The numbers of ../shared/cases 01, 08, 10, 16, 17, 18, 24 and 25, read from the case inputs and
/// analysed with the default (running) parameters; expected values from the case files.
@Suite struct CaseAnalysisTests {
    static func analyze(_ name: String) throws -> RunAnalysis {
        ActivityAnalyzer.analyze(try GPXReader().read(fileAt: SharedData.caseInput(name)).activity)
    }

    @Test func case01_missingElevations() throws {
        let s = try Self.analyze("01-missing-elevation.gpx").summary
        #expect(s.elevationGainMeters == 10 && s.elevationLossMeters == 0)
        #expect(s.minimumElevationMeters == 200 && s.maximumElevationMeters == 210)
        #expect(abs(s.distanceMeters - 133.39) < 0.005)
    }

    @Test func case08_repeatedTimestamps() throws {
        let a = try Self.analyze("08-same-second.gpx")
        #expect(abs(a.summary.distanceMeters - 17.79) < 0.005)   // the zero-duration step counts as distance
        #expect(a.summary.elapsedTimeSeconds == 3 && a.summary.movingTimeSeconds == 3)
        #expect(abs(a.summary.maximumSpeedMetersPerSecond! - 4.45) < 0.005)   // speed only where time passes
        #expect(a.summary.averageSpeedMetersPerSecond!.isFinite)
        #expect(a.cleanup.count(.duplicatePoints) == 1)   // points 4 and 5 are identical
    }

    /// A route-only file: its headline distance, 3D length and climb are the route's (2 m
    /// hysteresis on the raw elevations, which the case gives: +305 / −30).
    @Test func case10_routeOnly() throws {
        let s = try Self.analyze("10-route.gpx").summary
        #expect(abs(s.routeDistanceMeters - 1911.82) < 0.005 && s.routePointCount == 4 && s.waypointCount == 1)
        #expect(abs(s.distanceMeters - 1911.82) < 0.005 && abs(s.distance3DMeters - 1948.43) < 0.005)
        #expect(s.elevationGainMeters == 305 && s.elevationLossMeters == 30)
        #expect(s.trackCount == 0 && s.trackPointCount == 0 && s.routeCount == 1)
        #expect(s.elapsedTimeSeconds == nil && s.movingTimeSeconds == nil)
        // The streaming reader of `runlog stats` gives the same.
        let handler = SummaryHandler()
        _ = try GPXReader().read(fileAt: SharedData.caseInput("10-route.gpx"), into: handler)
        #expect(handler.summary == s)
    }

    /// A planner's route (CalTopo: a terrain-model hint) in a file with an empty track: `runlog
    /// stats` streams it and import analyses the model; both measure the route alike, the device's
    /// hint included, and count no track points.
    @Test func routesOnlyReadStreamingOrWholeGiveTheSameNumbers() throws {
        let points = (0..<60).map { k in
            "<rtept lat=\"46.5\" lon=\"\(7.5 + Double(k) * 0.0005)\"><ele>\(1000 + 30 * sin(Double(k) / 6))</ele></rtept>"
        }.joined()
        let text = "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\" version=\"1.1\" creator=\"CALTOPO\"><trk><trkseg/></trk><rte>\(points)</rte></gpx>"
        let dir = TemporaryDirectory()
        let file = dir.file("planned.gpx")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let s = ActivityAnalyzer.analyze(try GPXReader().read(fileAt: file).activity).summary
        #expect(s.trackPointCount == 0 && s.routePointCount == 60 && s.elevationSource == .terrainModel)
        let handler = SummaryHandler()
        _ = try GPXReader().read(fileAt: file, into: handler)
        #expect(handler.summary == s)
    }

    @Test func case16_steepClimbHeadlineIs2D() throws {
        let s = try Self.analyze("16-steep.gpx").summary
        #expect(abs(s.distanceMeters - 299.62) < 0.005 && abs(s.distance3DMeters - 349.53) < 0.005)
        // Points 1–2 min apart are not smoothed: the 2620 m peak is kept (gpxpy's smoothing gives +84/−24).
        #expect(s.elevationGainMeters == 120 && s.elevationLossMeters == 60 && s.elapsedTimeSeconds == 300)
    }

    @Test func case17_spikesDoNotSetTheMaximumSpeed() throws {
        let a = try Self.analyze("17-spikes.gpx")
        #expect(abs(a.summary.maximumSpeedMetersPerSecond! - 5.0) <= 0.1)
        #expect(a.cleanup.count(.spikes) == 1)
        #expect(a.cleanup.entries.first { $0.kind == .spikes }?.places == ["track 1, segment 1, point 6 (2024-06-05T16:15:55Z)"])
        // Track 1 without its spike point: 50.02 m; track 2: 6 steps of 5 m.
        let track2 = (45.939270 - 45.939000) / 0.000045 * 5.0
        #expect(abs(a.summary.distanceMeters - (50.02 + track2)) < 0.05)
        // The 85 m elevation drop is one sample: the running median removes it.
        #expect(a.summary.elevationGainMeters == 0 && a.summary.elevationLossMeters == 0)
    }

    @Test func case18_noTimes() throws {
        let s = try Self.analyze("18-no-time.gpx").summary
        #expect(abs(s.distanceMeters - 1895.73) < 0.005)
        #expect(s.elapsedTimeSeconds == nil && s.movingTimeSeconds == nil && s.maximumSpeedMetersPerSecond == nil)
        #expect(s.elevationGainMeters == 10 && s.elevationLossMeters == 10)
        #expect(try Self.analyze("18-no-time.gpx").splitsPerKilometer.isEmpty)
    }

    @Test func case24_pausesBetweenSegments() throws {
        let s = try Self.analyze("24-three-segments.gpx").summary
        #expect(abs(s.distanceMeters - 2250.03) < 0.01)
        #expect(s.movingTimeSeconds == 1500 && s.elapsedTimeSeconds == 2400)
        #expect(abs(s.averageSpeedMetersPerSecond! - 1.5) < 0.001)
    }

    @Test func case25_jitterThenARealClimb() throws {
        let s = try Self.analyze("25-jitter.gpx").summary
        #expect(s.elevationGainMeters == 10 && s.elevationLossMeters == 0)
    }

    /// Case 27 (gen27.py 100000): the reader's counts and ends as the case gives them. Its climb,
    /// 795.7 / 808.0 m, is a 2 m hysteresis on the raw values — the ±0.5 m saw-tooth it adds to
    /// 500 + 50 sin(i/2000) m included (9 m of it over the run). runlog smooths that away: its gain
    /// and loss are the noise-free profile's (computed here from the formula, 786.9 / 800.0 m)
    /// within 0.5 %, 1.2 % and 1.0 % under the case's figures; the extremes are the profile's
    /// 450 / 550 m, not the raw 449.5 / 550.5 m. The elevation is taken for a barometer's (smooth).
    @Test func case27_largeFileKeepsItsNumbersAndItsClimbIsTheNoiseFreeOne() throws {
        let dir = TemporaryDirectory()
        let file = dir.file("27-big.gpx")
        let made = try ExternalTools.run("/bin/sh", ["-c", "/usr/bin/python3 '\(SharedData.caseInput("gen27.py"))' 100000 > '\(file)'"])
        try #require(made.status == 0)
        let handler = SummaryHandler()
        _ = try GPXReader().read(fileAt: file, into: handler)
        let s = handler.summary
        #expect(s.trackPointCount == 100_000 && s.elapsedTimeSeconds == 99_999)
        #expect(abs(s.distanceMeters - 316_456.86) < 0.01)
        var gain = 0.0, loss = 0.0
        for i in 0..<99_999 {
            let step = 50 * (sin(Double(i + 1) / 2000) - sin(Double(i) / 2000))
            if step > 0 { gain += step } else { loss -= step }
        }
        #expect(abs(gain - 786.9) < 0.05 && abs(loss - 800.0) < 0.05)
        #expect(abs(s.elevationGainMeters! - gain) <= 0.005 * gain, "gain \(s.elevationGainMeters!) against \(gain)")
        #expect(abs(s.elevationLossMeters! - loss) <= 0.005 * loss, "loss \(s.elevationLossMeters!) against \(loss)")
        #expect(abs(s.minimumElevationMeters! - 450) < 0.1 && abs(s.maximumElevationMeters! - 550) < 0.1)
        #expect(s.elevationSource == .barometric)
    }

    /// ../shared/bench/make-big-gpx.py 100000: a noise-free climb of 2,126.3 m (and descent of
    /// 2,120.0 m) under σ = 0.5 m noise; runlog must be within 1 % (gpxpy reports about 9,100 m).
    @Test func noisyElevationWithinOnePercentOfTheTrueClimb() throws {
        let dir = TemporaryDirectory()
        let file = dir.file("big.gpx")
        let made = try ExternalTools.run("/usr/bin/python3", [SharedData.root.appendingPathComponent("bench/make-big-gpx.py").path,
                                                               "100000", file])
        try #require(made.status == 0)
        let handler = SummaryHandler()
        _ = try GPXReader().read(fileAt: file, into: handler)
        let s = handler.summary
        #expect(s.trackPointCount == 100_000)
        #expect(abs(s.elevationGainMeters! - 2126.3) / 2126.3 < 0.01, "gain \(s.elevationGainMeters!)")
        #expect(abs(s.elevationLossMeters! - 2120.0) / 2120.0 < 0.01, "loss \(s.elevationLossMeters!)")
        print("make-big-gpx 100000: elevation gain \(s.elevationGainMeters!) m (true 2126.3), loss \(s.elevationLossMeters!) m (true 2120.0)")
    }
}
