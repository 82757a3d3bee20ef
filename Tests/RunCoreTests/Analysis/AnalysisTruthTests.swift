import RunCore
import Testing

/// Splits, best efforts, moving time, maximum speed and zones on tracks whose answers are known
/// analytically (along the equator: distance = a·Δλ exactly).
@Suite struct AnalysisTruthTests {
    @Test func steadyRunGivesExactSplitsAndBestEfforts() {
        var track = EquatorTrack()
        track.run(speed: 4, seconds: 2625)   // 10.5 km at 4 m/s (4:10 /km)
        let analysis = ActivityAnalyzer.analyze(track.activity)
        let s = analysis.summary
        #expect(abs(s.distanceMeters - 10_500) < 1e-6)
        #expect(s.elapsedTimeSeconds == 2625 && s.movingTimeSeconds == 2625)
        #expect(abs(s.maximumSpeedMetersPerSecond! - 4) < 1e-9)
        #expect(abs(s.averagePaceSecondsPerKilometer! - 250) < 1e-9)
        let km = analysis.splitsPerKilometer
        #expect(km.count == 11)
        for split in km.dropLast() {
            #expect(abs(split.distanceMeters - 1000) < 1e-6 && abs(split.elapsedTimeSeconds - 250) < 1e-6)
            #expect(abs(split.movingTimeSeconds - 250) < 1e-6 && !split.isPartial)
        }
        #expect(km.last!.isPartial && abs(km.last!.distanceMeters - 500) < 1e-6 && abs(km.last!.elapsedTimeSeconds - 125) < 1e-6)
        let miles = analysis.splitsPerMile
        #expect(miles.count == 7 && abs(miles[0].elapsedTimeSeconds - 1609.344 / 4) < 1e-6)
        #expect(abs(miles.last!.distanceMeters - (10_500 - 6 * 1609.344)) < 1e-6)
        let efforts = Dictionary(uniqueKeysWithValues: analysis.bestEfforts.map { ($0.distanceMeters, $0.elapsedTimeSeconds) })
        #expect(efforts.keys.sorted() == [400, 1000, 1609.344, 5000, 10_000])
        for (distance, seconds) in efforts { #expect(abs(seconds - distance / 4) < 1e-6) }
    }

    @Test func fasterKilometreIsFoundAndInterpolated() {
        var track = EquatorTrack()
        track.run(speed: 4, seconds: 1250)   // 5 km
        track.run(speed: 5, seconds: 200)    // 1 km at 5 m/s
        track.run(speed: 4, seconds: 250)    // 1 km
        let efforts = ActivityAnalyzer.analyze(track.activity).bestEfforts
        let best = Dictionary(uniqueKeysWithValues: efforts.map { ($0.distanceMeters, $0) })
        #expect(abs(best[1000]!.elapsedTimeSeconds - 200) < 1e-6)
        #expect(abs(best[1000]!.startDistanceMeters - 5000) < 1e-6)
        #expect(abs(best[400]!.elapsedTimeSeconds - 80) < 1e-6)
        // The fastest 5 km takes in the whole fast kilometre: 4 km at 4 m/s + 1 km at 5 m/s.
        #expect(abs(best[5000]!.elapsedTimeSeconds - 1200) < 1e-6)
    }

    @Test func pausesCountInBestEffortsAndSplitsButNotInMovingTime() {
        var track = EquatorTrack()
        track.run(speed: 4, seconds: 800)    // 3.2 km
        track.stand(seconds: 60)
        track.run(speed: 4, seconds: 450)    // to 5 km
        let analysis = ActivityAnalyzer.analyze(track.activity)
        #expect(analysis.summary.elapsedTimeSeconds == 1310)
        #expect(analysis.summary.movingTimeSeconds == 1250)
        let best = Dictionary(uniqueKeysWithValues: analysis.bestEfforts.map { ($0.distanceMeters, $0.elapsedTimeSeconds) })
        #expect(abs(best[1000]! - 250) < 1e-6)        // a kilometre without the stop exists
        #expect(abs(best[5000]! - 1310) < 1e-6)       // elapsed time, stop included (Strava's rule)
        let fourth = analysis.splitsPerKilometer[3]   // 3–4 km holds the stop
        #expect(abs(fourth.elapsedTimeSeconds - 310) < 1e-6 && abs(fourth.movingTimeSeconds - 250) < 1e-6)
        #expect(abs(fourth.paceSecondsPerKilometer! - 250) < 1e-6)
    }

    @Test func shortStopsAreMovingLongOnesAreNot() {
        var track = EquatorTrack()
        track.run(speed: 3, seconds: 100)
        track.stand(seconds: 9)     // below the 10 s minimum stop: still moving time
        track.run(speed: 3, seconds: 100)
        track.stand(seconds: 30)
        track.run(speed: 3, seconds: 100)
        let s = ActivityAnalyzer.analyze(track.activity).summary
        #expect(s.elapsedTimeSeconds == 339 && s.movingTimeSeconds == 309)
    }

    @Test func heartRateZonesAndTimeWeightedAverage() {
        var track = EquatorTrack()
        track.points[0].heartRateBPM = 150
        track.run(speed: 3, seconds: 600, hr: 150)
        track.run(speed: 3, seconds: 300, hr: 180)
        var parameters = AnalysisParameters()
        parameters.maximumHeartRateBPM = 190   // zones from 95, 114, 133, 152, 171 bpm
        let analysis = ActivityAnalyzer.analyze(track.activity, parameters: parameters)
        let zones = try! #require(analysis.heartRateZones)
        #expect(zones.lowerBoundsBPM == [95, 114, 133, 152, 171])
        // 600 s at 150 (zone 3); the step to 180 averages 165 (zone 4) for 1 s; 299 s at 180 (zone 5).
        #expect(zones.secondsInZone == [0, 0, 600, 1, 299] && zones.secondsBelowZones == 0)
        #expect(abs(analysis.summary.averageHeartRateBPM! - (600 * 150 + 165 + 299 * 180) / 900) < 1e-9)
        #expect(analysis.summary.maximumHeartRateBPM == 180)
    }

    /// A watch that lost 18 minutes (a COROS file: 127.8 bpm with the hole against 142.6 over the
    /// recorded time): the heart rate is not drawn across the hole, for the average, the zones or
    /// the splits.
    @Test func heartRateIsNotInterpolatedAcrossAHoleInTheRecording() {
        var track = EquatorTrack()
        track.points[0].heartRateBPM = 160
        track.run(speed: 3, seconds: 600, hr: 160)
        track.gap(seconds: 1080, meters: 3240, hr: 100)
        track.run(speed: 3, seconds: 1200, hr: 100)
        let analysis = ActivityAnalyzer.analyze(track.activity)
        // 600 s at 160 and 1200 s at 100 were recorded.
        #expect(abs(analysis.summary.averageHeartRateBPM! - 120) < 1e-9)
        let zones = try! #require(analysis.heartRateZones)
        #expect(zones.secondsInZone.reduce(0, +) + zones.secondsBelowZones == 1800)
        // Kilometre 2 ends 200 m into the hole (1.8–5.04 km): its heart rate is the recorded 160;
        // kilometres 3–5 lie inside it and have none; kilometre 6 starts 40 m before its end.
        let km = analysis.splitsPerKilometer.map(\.averageHeartRateBPM)
        #expect(km.count == 9 && km[0] == 160 && km[1] == 160 && km[2] == nil && km[3] == nil && km[4] == nil)
        #expect(km[5].map { abs($0 - 100) < 1e-9 } == true)
        // The hole still counts as moving time and distance: the runner went on.
        #expect(analysis.summary.movingTimeSeconds == 2880 && abs(analysis.summary.distanceMeters - 8640) < 1e-6)
    }

    /// Bounds are the short way round: a run across the antimeridian gets a box a few hundred
    /// metres wide that says it crosses (west 179.998 > east −179.998), not one around the world;
    /// longitudes 200° apart one way and 160° the other are boxed the short way too.
    @Test func boundsAcrossTheAntimeridianAreTheShortWayRound() {
        let crossing = [179.998, 179.999, -179.999, -179.998].map { TrackPoint(latitude: -17, longitude: $0) }
        let bounds = try! #require(ActivityAnalyzer.analyze(Activity(tracks: [Track(segments: [TrackSegment(points: crossing)])])).summary.bounds)
        #expect(bounds.minLongitude == 179.998 && bounds.maxLongitude == -179.998 && bounds.crossesAntimeridian)
        #expect(bounds.minLatitude == -17 && bounds.maxLatitude == -17)
        let wide = [-100.0, 0, 100].map { TrackPoint(latitude: 0, longitude: $0) }
        let plain = try! #require(Bounds.enclosing(latitudes: wide.map(\.latitude), longitudes: wide.map(\.longitude)))
        #expect(plain.minLongitude == -100 && plain.maxLongitude == 100 && !plain.crossesAntimeridian)
        let east = try! #require(Bounds.enclosing(latitudes: [0, 0, 0], longitudes: [-170, 10, 100]))
        #expect(east.minLongitude == 10 && east.maxLongitude == -170 && east.crossesAntimeridian)   // the 180° gap from −170 to 10 left out: 180° wide, not 270°
    }

    @Test func cadenceOfOneFootIsDoubledForRunning() {
        var track = EquatorTrack()
        track.run(speed: 3, seconds: 60)
        for i in track.points.indices { track.points[i].cadenceRPM = 86 }
        let running = ActivityAnalyzer.analyze(track.activity).summary
        #expect(running.averageCadenceRPM == 86 && running.averageCadenceStepsPerMinute == 172)
        for i in track.points.indices { track.points[i].cadenceRPM = 172 }   // an app that writes steps already
        #expect(ActivityAnalyzer.analyze(track.activity).summary.averageCadenceStepsPerMinute == 172)
        #expect(ActivityAnalyzer.analyze(track.activity, parameters: AnalysisParameters(sport: .cycling)).summary
            .averageCadenceStepsPerMinute == nil)
    }

    /// A clock that zig-zags (every other time 10 s behind: 900 steps back, 899 forward) is no
    /// track stored newest first: 30 minutes at 3 m/s stay 30 minutes (to the clock's 10 s) and 5.4 km.
    @Test func aZigZagClockIsNotReadBackwards() {
        var track = EquatorTrack()
        track.run(speed: 3, seconds: 1799)
        for k in stride(from: 1, to: track.points.count, by: 2) { track.points[k].timeSeconds! -= 10 }
        let analysis = ActivityAnalyzer.analyze(track.activity)
        #expect(analysis.cleanup.count(.reversedOrder) == 0)
        #expect(abs(analysis.summary.distanceMeters - 5397) < 1e-6)
        // The clock's own times span 0…1789 s (the last point is one of the late ones): within 10 s.
        let elapsed = try! #require(analysis.summary.elapsedTimeSeconds)
        #expect(abs(elapsed - 1799) <= 10, "\(elapsed) s")
        #expect((analysis.summary.timedDistanceMeters ?? 0) >= 5394 - 1e-6)   // all but the last 3 m
    }

    @Test func timeGoingBackwardsAndStoppedClocksAreLeftOutAndReported() {
        var track = EquatorTrack()
        track.run(speed: 3, seconds: 100)
        track.points[50].timeSeconds! -= 30      // one point with a time from the past
        let analysis = ActivityAnalyzer.analyze(track.activity)
        // Its time is repaired from its neighbours; its position (and so all 300 m) counts.
        #expect(analysis.cleanup.count(.timeBackwards) == 1)
        #expect(analysis.summary.analyzedPointCount == 101 && analysis.summary.elapsedTimeSeconds == 100)
        #expect(abs(analysis.summary.distanceMeters - 300) < 1e-6 && analysis.summary.movingTimeSeconds == 100)
        // One point with a wrong date — the first fix years ahead, or one an hour ahead in the
        // middle — is one time left out, not every time after it, and no position is lost.
        for wrong in [0, 50] {
            var ahead = EquatorTrack()
            ahead.run(speed: 3, seconds: 100)
            ahead.points[wrong].timeSeconds! += wrong == 0 ? 4 * 365 * 86_400 : 3_600
            let analysis = ActivityAnalyzer.analyze(ahead.activity)
            #expect(analysis.cleanup.count(.timeBackwards) == 1, "point \(wrong)")
            #expect(analysis.summary.analyzedPointCount == 101, "point \(wrong)")
            // The first point's time has nothing before it to be repaired from: unknown.
            #expect(analysis.summary.elapsedTimeSeconds == (wrong == 0 ? 99 : 100), "point \(wrong)")
            // 100 intervals of 3 m along the equator, every one of them.
            #expect(abs(analysis.summary.distanceMeters - 300) < 1e-6, "point \(wrong)")
        }
        // A first fix dated 2000 is in order, but far off: left out of start and elapsed time.
        var early = EquatorTrack()
        early.run(speed: 3, seconds: 100)
        early.points[0].timeSeconds = 946_684_800   // 2000-01-01T00:00:00Z
        let far = ActivityAnalyzer.analyze(early.activity)
        #expect(far.cleanup.count(.timeFarOff) == 1 && far.summary.elapsedTimeSeconds == 99)
        #expect(far.summary.startTimeSeconds == early.points[1].timeSeconds)
        // A block of times running backwards (points 153–162, 1-based, step back from point 151's
        // second): left out, and so is the one whose time repeats point 151's (it would cover 6 m
        // in no time), so no effort is faster than 3 m/s.
        var backwards = EquatorTrack()
        backwards.run(speed: 3, seconds: 200)
        let t150 = backwards.points[150].timeSeconds!
        for k in 152...161 { backwards.points[k].timeSeconds = t150 - Double(k - 152) }
        let disorder = ActivityAnalyzer.analyze(backwards.activity)
        #expect(disorder.bestEfforts.allSatisfy { $0.elapsedTimeSeconds >= $0.distanceMeters / 3 - 1e-6 },
                "\(disorder.bestEfforts.map { ($0.distanceMeters, $0.elapsedTimeSeconds) })")
        var stuck = EquatorTrack()
        stuck.run(speed: 3, seconds: 100)
        for i in stuck.points.indices { stuck.points[i].timeSeconds = stuck.points[0].timeSeconds }
        let frozen = ActivityAnalyzer.analyze(stuck.activity)
        #expect(frozen.cleanup.count(.standingTimestamps) == 101)
        #expect(frozen.summary.elapsedTimeSeconds == nil && frozen.summary.averagePaceSecondsPerKilometer == nil)
        #expect(abs(frozen.summary.distanceMeters - 300) < 1e-6)
    }

    /// A run's effort is never faster than the world record at its distance (World Athletics):
    /// 10 m/s for 100 s would be a 40 s 400 m (the record is 43.03 s) and a 100 s 1000 m.
    /// A ride at that speed keeps its efforts.
    @Test func noRunIsFasterThanTheWorldRecord() {
        var track = EquatorTrack()
        track.run(speed: 10, seconds: 100)
        #expect(ActivityAnalyzer.analyze(track.activity).bestEfforts.isEmpty)
        let ride = ActivityAnalyzer.analyze(track.activity, parameters: AnalysisParameters(sport: .cycling)).bestEfforts
        #expect(ride.map(\.distanceMeters) == [400, 1000] && abs(ride[0].elapsedTimeSeconds - 40) < 1e-6)
    }

    /// Two 3 km runs 30 days apart in one segment: no effort spans the month between them.
    @Test func noEffortSpansDaysBetweenRuns() {
        var track = EquatorTrack()
        track.run(speed: 3, seconds: 1000)
        track.time += 30 * 86_400
        track.run(speed: 3, seconds: 1000)
        let efforts = ActivityAnalyzer.analyze(track.activity).bestEfforts
        #expect(efforts.map(\.distanceMeters) == [400, 1000, 1609.344])
        for effort in efforts { #expect(abs(effort.elapsedTimeSeconds - effort.distanceMeters / 3) < 1e-6) }
    }

    /// A run, then a drive (trial: 30 min at 3 m/s, 40 min at 25 m/s): the drive's distance counts,
    /// but it is no effort — best efforts and maximum speed are the running's, and it is reported.
    @Test func aDriveInARunIsNoEffort() {
        var track = EquatorTrack()
        track.run(speed: 3, seconds: 1800)
        track.run(speed: 25, seconds: 2400)
        let analysis = ActivityAnalyzer.analyze(track.activity)
        #expect(analysis.cleanup.count(.fastStretches) == 1)
        #expect(abs(analysis.summary.distanceMeters - (5_400 + 60_000)) < 1e-6)
        #expect(abs(analysis.summary.maximumSpeedMetersPerSecond! - 3) < 1e-9)
        #expect(abs(analysis.summary.averageSpeedMetersPerSecond! - 3) < 1e-9)   // the running's, not 15.6 m/s
        let efforts = Dictionary(uniqueKeysWithValues: analysis.bestEfforts.map { ($0.distanceMeters, $0.elapsedTimeSeconds) })
        // 5.4 km were run: efforts up to 5 km, each at 3 m/s.
        #expect(Set(efforts.keys) == [400, 1000, 1609.344, 5000])
        for (meters, seconds) in efforts { #expect(abs(seconds - meters / 3) < 1e-6, "\(meters) m") }
        // A drive first (15 km), then the run: the efforts start where the run does, at 15 km or after.
        var driveFirst = EquatorTrack()
        driveFirst.run(speed: 25, seconds: 600)
        driveFirst.run(speed: 3, seconds: 1800)
        let later = ActivityAnalyzer.analyze(driveFirst.activity).bestEfforts
        #expect(later.count == 4 && later.allSatisfy { $0.startDistanceMeters >= 15_000 - 1e-6 }, "\(later.map(\.startDistanceMeters))")
        // 5 km of points without times between two walks, the times around them a minute apart:
        // that minute is no effort (it would be 83 m/s), and the pace is the walking's.
        var gap = EquatorTrack()
        gap.run(speed: 1.5, seconds: 600)
        let untimedFrom = gap.points.count
        gap.run(speed: 50, seconds: 100)
        for i in untimedFrom..<gap.points.count { gap.points[i].timeSeconds = nil }
        gap.time -= 40
        gap.run(speed: 1.5, seconds: 600)
        let walked = ActivityAnalyzer.analyze(gap.activity)
        #expect(walked.cleanup.count(.fastStretches) == 1)
        #expect(walked.bestEfforts.allSatisfy { $0.elapsedTimeSeconds >= $0.distanceMeters / 1.5 - 1e-6 },
                "\(walked.bestEfforts.map { ($0.distanceMeters, $0.elapsedTimeSeconds) })")
        #expect(walked.summary.averageSpeedMetersPerSecond! <= walked.summary.maximumSpeedMetersPerSecond! + 1e-9)
        // Two fast intervals in a run (14 m/s, kept by the clean-up as a burst) are no stretch.
        var burst = EquatorTrack()
        burst.run(speed: 3, seconds: 600)
        burst.run(speed: 14, seconds: 2)
        burst.run(speed: 3, seconds: 600)
        #expect(ActivityAnalyzer.analyze(burst.activity).cleanup.count(.fastStretches) == 0)
    }

    /// Points without times (the second half here) are distance, but pace is over the part the
    /// times cover: 1,000 m in 400 s is 2.5 m/s, not 2,000 m in 400 s.
    @Test func paceIsOverTheDistanceTheTimesCover() {
        var track = EquatorTrack()
        track.run(speed: 2.5, seconds: 400)
        let timed = track.points.count
        track.run(speed: 2.5, seconds: 400)
        for i in timed..<track.points.count { track.points[i].timeSeconds = nil }
        let s = ActivityAnalyzer.analyze(track.activity).summary
        #expect(abs(s.distanceMeters - 2_000) < 1e-6)
        #expect(abs(s.timedDistanceMeters! - 1_000) < 1e-6)
        #expect(s.movingTimeSeconds == 400)
        #expect(abs(s.averageSpeedMetersPerSecond! - 2.5) < 1e-9)
        #expect(s.averageSpeedMetersPerSecond! <= s.maximumSpeedMetersPerSecond! + 1e-9)
    }

    /// A steady climb of 2.9 m (0.1 m a second): the smoothed ends stay where they are, so the
    /// whole rise is gain; the extremes are the recorded ones.
    @Test func aSteadyClimbKeepsItsFullRise() {
        var track = EquatorTrack()
        track.run(speed: 3, seconds: 29)
        for i in track.points.indices { track.points[i].elevationMeters = 100 + Double(i) / 10 }
        let s = ActivityAnalyzer.analyze(track.activity).summary
        #expect(abs(s.elevationGainMeters! - 2.9) < 1e-9 && s.elevationLossMeters == 0)
        #expect(s.minimumElevationMeters == 100 && abs(s.maximumElevationMeters! - 102.9) < 1e-9)
    }

    /// A flat 200 m with two one-sample spikes (5000 m and −9999 m): no climb, extremes 200 m,
    /// and the 3D distance is the 2D one.
    @Test func elevationSpikesAreNoHills() {
        var track = EquatorTrack()
        track.run(speed: 3, seconds: 100)
        for i in track.points.indices { track.points[i].elevationMeters = 200 }
        track.points[30].elevationMeters = 5000
        track.points[60].elevationMeters = -9999
        track.points[80].elevationMeters = 29_528   // 9,000 m in feet
        let analysis = ActivityAnalyzer.analyze(track.activity)
        let s = analysis.summary
        // The two no place on Earth has are left out, and said to be.
        #expect(analysis.cleanup.count(.elevationOutOfRange) == 2)
        #expect(s.elevationGainMeters == 0 && s.elevationLossMeters == 0)
        #expect(s.minimumElevationMeters == 200 && s.maximumElevationMeters == 200)
        #expect(abs(s.distance3DMeters - s.distanceMeters) < 1e-9)
    }

    @Test func anIsolatedJumpIsAGapNotDistance() {
        var track = EquatorTrack()
        track.run(speed: 3, seconds: 100)
        track.meters += 5_000                     // the signal comes back 5 km away, 1 s later
        track.run(speed: 3, seconds: 100)
        let analysis = ActivityAnalyzer.analyze(track.activity)
        #expect(analysis.cleanup.count(.jumps) == 1)
        #expect(abs(analysis.summary.distanceMeters - 597) < 1e-6)   // 300 + 297: the jump's second not counted
    }

    @Test func sportsFromGPXTypes() {
        #expect(Sport.fromGPXType("running") == .running && Sport.fromGPXType("Run") == .running && Sport.fromGPXType("9") == .running)
        #expect(Sport.fromGPXType("trail_running") == .trailRunning && Sport.fromGPXType("1") == .cycling)
        #expect(Sport.fromGPXType("Hiking") == .hiking && Sport.fromGPXType(nil) == nil && Sport.fromGPXType("Intersection") == nil)
        // Strava and Garmin spellings of rides and swims (Strava's 16); sports neither on foot,
        // pedalled nor swum are "other".
        #expect(Sport.fromGPXType("road_biking") == .cycling && Sport.fromGPXType("Mountain Biking") == .cycling)
        #expect(Sport.fromGPXType("open_water_swimming") == .swimming && Sport.fromGPXType("16") == .swimming)
        #expect(Sport.fromGPXType("kayaking") == .other && Sport.fromGPXType("windsurfing") == .other)
    }
}
