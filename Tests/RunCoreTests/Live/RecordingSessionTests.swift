import RunCore
import Testing

/// The recording state machine on synthetic runs along the equator (exact distances: a·Δλ).
@Suite struct RecordingSessionTests {
    let parameters = AnalysisParameters(sport: .running)

    func session(autoPause: Bool = false) -> RecordingSession { RecordingSession(parameters: parameters, autoPause: autoPause) }

    func feed(_ session: inout RecordingSession, _ track: EquatorTrack, from index: Int = 0) {
        for point in track.points[index...] { session.add(point) }
    }

    @Test func steadyRunNumbersAreAnalytic() {
        var track = EquatorTrack()
        track.run(speed: 3, seconds: 1200, hr: 150)
        var s = session()
        #expect(s.state == .ready)
        feed(&s, track)
        #expect(s.state == .running)
        let n = s.liveNumbers()
        #expect(abs(n.distanceMeters - 3600) < 3600 * 1e-9)
        #expect(n.elapsedTimeSeconds == 1200 && n.movingTimeSeconds == 1200)
        #expect(abs(n.currentPaceSecondsPerKilometer! - 1000 / 3) < 1e-6)
        #expect(abs(n.averagePaceSecondsPerKilometer! - 1000 / 3) < 1e-6)
        #expect(n.heartRateBPM == 150 && n.averageHeartRateBPM == 150)
        #expect(n.currentSplit?.index == 4)
        #expect(abs(n.currentSplit!.distanceMeters - 600) < 1e-6)
        #expect(abs(n.currentSplit!.elapsedTimeSeconds - 200) < 1e-6)
    }

    @Test func aPauseRecordsNothingAndStartsANewSegment() throws {
        var track = EquatorTrack()
        track.run(speed: 3, seconds: 100)
        let pauseAt = track.points.count
        track.run(speed: 3, seconds: 60)
        let resumeAt = track.points.count
        track.run(speed: 3, seconds: 100)
        var s = session()
        for point in track.points[..<pauseAt] { s.add(point) }
        try s.apply(.pause)
        #expect(s.state == .paused)
        for point in track.points[pauseAt..<resumeAt] {
            let recorded = s.add(point)
            #expect(!recorded)
        }
        try s.apply(.resume)
        for point in track.points[resumeAt...] { s.add(point) }
        let n = s.liveNumbers()
        #expect(s.segments.count == 2 && s.skippedWhilePausedCount == 60)
        // 100 s + 99 s of running are recorded (the first fix after resuming starts the segment).
        #expect(abs(n.distanceMeters - 3 * 199) < 1e-6)
        #expect(n.movingTimeSeconds == 199)
        #expect(n.elapsedTimeSeconds == 260)
    }

    @Test func autoPauseFollowsStandingStillAndKeepsThePoints() {
        var track = EquatorTrack()
        track.run(speed: 3, seconds: 60)
        track.stand(seconds: 30)
        track.run(speed: 3, seconds: 60)
        var s = session(autoPause: true)
        var states: [RecordingState] = []
        for point in track.points {
            s.add(point)
            if states.last != s.state { states.append(s.state) }
        }
        #expect(states == [.running, .autoPaused, .running])
        #expect(s.pointCount == track.points.count)
        // Moving time by the analysis rule: the 30 s stand (≥ 10 s below 0.5 m/s) is not moving.
        #expect(s.liveNumbers().movingTimeSeconds == 120)
        // Without auto-pause the numbers are the same; only the state differs.
        var plain = session()
        feed(&plain, track)
        #expect(plain.liveNumbers() == s.liveNumbers())
    }

    @Test func commandsThatDoNotApplyAreRefusedAndChangeNothing() throws {
        var track = EquatorTrack()
        track.run(speed: 3, seconds: 10)
        var s = session()
        #expect(throws: LiveCommandError.self) { try s.apply(.resume) }
        feed(&s, track)
        #expect(throws: LiveCommandError.self) { try s.apply(.resume) }
        try s.apply(.pause)
        #expect(throws: LiveCommandError.self) { try s.apply(.pause) }
        #expect(throws: LiveCommandError(.lapNotRunning, command: .lap, state: .paused)) { try s.apply(.lap) }
        try s.apply(.finish)
        #expect(s.state == .finished)
        for command in LiveCommandKind.allCases {
            #expect(throws: LiveCommandError.self) { try s.apply(command) }
        }
        #expect(s.state == .finished)
    }

    @Test func lapsAreMarksAndBecomeWaypoints() throws {
        var track = EquatorTrack()
        track.run(speed: 4, seconds: 250)
        let lapAt = track.points.count
        track.run(speed: 4, seconds: 75)
        var s = session()
        for point in track.points[..<lapAt] { s.add(point) }
        try s.apply(.lap)
        for point in track.points[lapAt...] { s.add(point) }
        let n = s.liveNumbers()
        #expect(abs(n.lapDistanceMeters - 300) < 1e-6 && n.lapElapsedTimeSeconds == 75)
        let activity = s.activity(name: "Test", type: "running", creator: "runlog")
        #expect(activity.waypoints.count == 1)
        #expect(activity.waypoints[0].details?.name == "Lap 1")
        #expect(abs(activity.waypoints[0].longitude - EquatorTrack.degrees(1000)) < 1e-12)
    }

    /// A recording without pauses is the run it recorded: the same analysis as the file's.
    @Test func theFinishedRecordingAnalysesLikeTheSamePointsImported() throws {
        var track = EquatorTrack()
        track.run(speed: 3.2, seconds: 300, hr: 140)
        track.stand(seconds: 20, hr: 120)
        track.run(speed: 2.8, seconds: 500, hr: 155)
        var s = session(autoPause: true)
        feed(&s, track)
        try s.apply(.finish)
        let recorded = ActivityAnalyzer.analyze(s.activity(name: nil, type: "running", creator: "runlog"))
        #expect(recorded == ActivityAnalyzer.analyze(track.activity))
        // The same numbers; the live session's sport is the recorder's setup, the file's is its <type>.
        var live = s.analysis()
        #expect(live.summary.sportSource == .user && recorded.summary.sportSource == .file)
        live.summary.sportSource = .file
        #expect(live == recorded)
    }
}
