import RunCore
import Testing

/// Speeds no runner reaches never become distance, best efforts, maximum speed or best pace
/// (found by a new user: a 3.1 km jump in 3 s gave a "400 m in 0:00" record).
@Suite struct ImplausibleSpeedTests {
    /// A fix 3 km away, then one more fast interval, then the run goes on from there: both fast
    /// intervals are gaps, so the distance is the running only (exact along the equator).
    @Test func aJumpFollowedByAFastFixIsAGap() {
        var track = EquatorTrack()
        track.run(speed: 3, seconds: 60)          // 180 m
        track.time += 3; track.meters += 3000; track.append()       // 1000 m/s
        track.time += 1; track.meters += 18; track.append()         // 18 m/s: still too fast for running
        track.run(speed: 3, seconds: 60)          // 180 m
        let analysis = ActivityAnalyzer.analyze(track.activity)
        #expect(abs(analysis.summary.distanceMeters - 360) < 1e-6)
        #expect(analysis.cleanup.count(.jumps) == 1)
        #expect(analysis.bestEfforts.first { $0.distanceMeters == 400 } == nil)
    }

    /// Two intervals at 15–17 m/s between 10–12 m/s ones (travel in a vehicle, as in
    /// togeojson-blue_hills.gpx) stay distance: only clearly impossible bursts are jumps.
    /// Points that alternate every second between a run and a place 55 km away (two receivers
    /// written into one segment): the far points are spikes, however many — their median speed is
    /// no reason to believe them — and the distance is the run's (exact along the equator).
    @Test func pointsAlternatingBetweenTwoPlacesAreSpikes() {
        var track = EquatorTrack()
        for i in 1..<600 {
            track.time += 1
            track.meters = i % 2 == 0 ? 3 * Double(i) : 55_000 + 3 * Double(i)
            track.append()
        }
        let analysis = ActivityAnalyzer.analyze(track.activity)
        #expect(abs(analysis.summary.distanceMeters - 3 * 598) < 1e-6, "\(analysis.summary.distanceMeters) m")
        #expect(analysis.cleanup.count(.spikes) == 299)
    }

    @Test func aShortBurstOfRealTravelStaysDistance() {
        var track = EquatorTrack()
        track.run(speed: 3, seconds: 120)
        track.run(speed: 11, seconds: 4)
        track.run(speed: 16, seconds: 2)
        track.run(speed: 10, seconds: 4)
        track.run(speed: 3, seconds: 120)
        let analysis = ActivityAnalyzer.analyze(track.activity)
        #expect(abs(analysis.summary.distanceMeters - (720 + 44 + 32 + 40)) < 1e-6)
        #expect(analysis.cleanup.count(.jumps) == 0)
    }

    /// A kilometre "run" in 10 s inside a 3 m/s run (a stretch the clean-up keeps because it is
    /// sustained): best efforts and best pace come from the running only.
    @Test func bestEffortsAndBestPaceIgnoreImplausibleStretches() {
        var track = EquatorTrack()
        track.run(speed: 3, seconds: 400)         // 1200 m
        track.run(speed: 100, seconds: 10)        // 1000 m: not running
        track.run(speed: 3, seconds: 400)         // 1200 m
        let analysis = ActivityAnalyzer.analyze(track.activity)
        let parameters = AnalysisParameters(sport: .running)
        for effort in analysis.bestEfforts {
            #expect(effort.distanceMeters / effort.elapsedTimeSeconds <= parameters.maximumPlausibleSpeedMetersPerSecond,
                    "\(effort.distanceMeters) m in \(effort.elapsedTimeSeconds) s")
        }
        // 400 m: the fastest window that is humanly possible touches the fast stretch; it is at
        // least 32 s (400 m at 12.5 m/s) and at most the running's 133.3 s.
        let fourHundred = try! #require(analysis.bestEfforts.first { $0.distanceMeters == 400 })
        #expect(fourHundred.elapsedTimeSeconds >= 32 && fourHundred.elapsedTimeSeconds <= 400.0 / 3)
        let maximum = try! #require(analysis.summary.maximumSpeedMetersPerSecond)
        #expect(maximum <= parameters.maximumPlausibleSpeedMetersPerSecond)
    }
}
