import RunCore
@testable import RunLive
import Testing

/// The published moving time never steps back, although the analysis takes a stop's first
/// seconds back once it recognises the stop.
@Suite struct LiveMovingTimeTests {
    /// Along the equator, one fix a second: `a·Δλ` metres.
    static func fix(_ second: Int, meters: Double) -> TrackPoint {
        var point = TrackPoint(latitude: 0, longitude: meters / 6_378_137 * 180 / .pi)
        point.timeSeconds = 1_767_225_600 + Double(second)
        return point
    }

    @Test(arguments: [false, true])
    func theMovingTimePublishedNeverDecreases(autoPause: Bool) {
        let parameters = AnalysisParameters(sport: .running)
        var session = RecordingSession(parameters: parameters, autoPause: autoPause)
        var state = LiveState(sessionID: "test", recorderPID: 1, source: "test")
        // 120 s at 3 m/s, 60 s standing, 120 s at 3 m/s, 30 s standing (the recording ends in a stop).
        var meters = 0.0, second = 0
        var speeds: [Double] = Array(repeating: 3, count: 120) + Array(repeating: 0, count: 60) + Array(repeating: 3, count: 120)
        speeds += Array(repeating: 0, count: 30)
        var computed: [Double] = [], published: [Double] = []
        session.add(Self.fix(second, meters: meters))
        for speed in speeds {
            second += 1
            meters += speed
            session.add(Self.fix(second, meters: meters))
            computed.append(session.liveNumbers().movingTimeSeconds)
            state.update(from: session, now: Double(second))
            published.append(state.movingTimeSeconds)
        }
        // The analysis steps back when it recognises each stop (by the stop's first seconds) …
        let stepsBack = zip(computed, computed.dropFirst()).filter { $1 < $0 }.map { $0 - $1 }
        #expect(stepsBack.count == 2)
        #expect(stepsBack.allSatisfy { $0 > 0 && $0 <= parameters.minimumStopSeconds }, "\(stepsBack)")
        // … the published value does not, stays at most the shortest stop ahead of it, and ends
        // where the analysis ends once it has caught up: 240 s of running.
        #expect(zip(published, published.dropFirst()).allSatisfy { $1 >= $0 })
        #expect(zip(published, computed).allSatisfy { $0 >= $1 && $0 - $1 <= parameters.minimumStopSeconds })
        #expect(computed.last == 240)
        #expect(published[120 + 60 + 119] == computed[120 + 60 + 119])   // caught up before the last stop
        #expect(published.last! - computed.last! == stepsBack[1])
    }
}
