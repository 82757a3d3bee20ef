import Foundation
import RunCore
import RunStore

/// The live session: one recorder at a time, states in order, commands queued and acknowledged.
enum LiveConformance {
    static let checks: [StorageConformance.Check] = [
        .init(name: "live: a session's states, points and commands") { backend in
            let live = try backend.openSharedStorage().live()
            try require(try live.current() == nil, "a fresh store has a recording")
            let now = Date().timeIntervalSince1970
            var state = LiveState(sessionID: "s1", recorderPID: getpid(), source: "test")
            state.state = .running
            state.heartbeatTime = now
            let setup = RecordingSetup(parameters: AnalysisParameters(), autoPause: false, splitUnitMeters: 1000, name: "T", type: nil, source: "test")
            try live.begin(state, setup: setup, now: now)
            try requireThrows("a second recorder", { ($0 as? LiveError)?.code == .recordingRunning }) {
                try live.begin(LiveState(sessionID: "s2", recorderPID: getpid(), source: "other"), setup: setup, now: now)
            }
            var points: [LivePoint] = []
            for n in 0..<3 {
                var point = TrackPoint(latitude: 47 + Double(n) * 0.001, longitude: 8)
                point.timeSeconds = now + Double(n)
                points.append(LivePoint(number: n, segment: 0, point: point))
            }
            let command = try live.enqueue(.pause, now: now)
            try require(try live.pendingCommands(session: "s1").map(\.id) == [command], "pending commands")
            state.sequence += 1
            state.pointCount = 3
            state.lastAppliedCommandID = command
            try live.publish(state, points: points, applied: [AppliedCommand(id: command, outcome: "ok")])
            try require(try live.current()?.sequence == state.sequence && (try live.current()?.pointCount) == 3, "the newest state")
            try require(try live.states(after: 0).map(\.sequence).last == state.sequence, "followers see the state")
            try require(try live.pendingCommands(session: "s1").isEmpty, "an applied command is still pending")
            try require(try live.answer(to: command)?.command.outcome == "ok", "the command's answer")
            let stored = try live.points(session: "s1")
            try require(stored.count == 1 && stored[0].map(\.latitude) == points.map(\.point.latitude), "points: \(stored)")
            try live.removePoints(session: "s1")
            try require(try live.points(session: "s1").allSatisfy(\.isEmpty), "points after removal")
        },
    ]
}
