import Foundation
import RunCore
import RunHTTP
import RunStore
import RunStoreSQLite

/// Plays the recorder's part in the shared store, from the test process: begins a session and
/// publishes states as `runlog record` would (its process id is the test's, so it answers while
/// its heartbeat is fresh).
struct LiveRecorderStub {
    let live: LiveStore
    private(set) var state: LiveState

    /// Begins a session whose first state is `running`.
    init(settingsPath: String, source: String = "replay morning.gpx ×10", heartbeatAgoSeconds: Double = 0) throws {
        live = LiveStore(store: try SharedStore(path: settingsPath))
        var state = LiveState(sessionID: UUID().uuidString, recorderPID: getpid(), source: source)
        state.sequence = 1
        state.state = .running
        state.heartbeatTime = Date().timeIntervalSince1970 - heartbeatAgoSeconds
        state.startTime = state.heartbeatTime - 600
        state.elapsedTimeSeconds = 600
        state.movingTimeSeconds = 590
        state.distanceMeters = 2000
        state.currentPaceSecondsPerKilometer = 300
        state.averagePaceSecondsPerKilometer = 295
        state.heartRateBPM = 151
        state.averageHeartRateBPM = 148
        self.state = state
        try live.begin(state, setup: RecordingSetup(parameters: AnalysisParameters(), autoPause: false, splitUnitMeters: 1000,
                                                    name: nil, type: nil, source: source),
                       now: Date().timeIntervalSince1970)
    }

    /// Publishes the next state: `change` applied, the sequence one higher, the heartbeat now.
    mutating func publish(_ change: (inout LiveState) -> Void = { _ in }) throws {
        var next = state
        next.sequence += 1
        next.heartbeatTime = Date().timeIntervalSince1970
        change(&next)
        try live.publish(next)
        state = next
    }
}
