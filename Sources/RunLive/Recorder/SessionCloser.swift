import RunCore
import RunStore

/// Ends a recording: stores a finished one in the library (``RecordingArchive``), or drops a
/// discarded one, publishes the final state (which acknowledges the last commands), and removes
/// the recording's points from the shared store — only once the run is stored.
struct SessionCloser {
    let live: any LiveStorage
    let setup: RecordingSetup
    let archive: RecordingArchiver
    let clock: @Sendable () -> Double

    /// - Throws: the archive's error when the run cannot be stored (the points stay in the
    ///   shared store, and the published state says why), storage errors.
    func close(_ session: RecordingSession, state last: LiveState, points: [LivePoint] = [], applied: [AppliedCommand] = [],
               progress: (LiveState) -> Void = { _ in }) throws -> LiveState {
        var state = last
        try live.append(points: points, session: state.sessionID)
        if session.state == .finished {
            do {
                let stored = try archive(session, setup)
                state.runID = stored?.runID
                if let stored, stored.alreadyStored {
                    state.runWasAlreadyStored = true
                    state.message = "the replayed file is already in the library as run \(stored.runID): nothing new was stored"
                }
                if state.runID == nil {
                    // Keep what the source said (why nothing came), if anything.
                    state.message = (state.message.map { $0 + "; " } ?? "") + "nothing was recorded: no run stored"
                }
            } catch {
                state.message = "the run could not be stored: \(error); recovering the recording tries again"
                state.sequence += 1
                state.heartbeatTime = clock()
                try live.publish(state, applied: applied)
                throw error
            }
        }
        state.update(from: session, now: clock())
        try live.publish(state, laps: session.laps, applied: applied)
        try live.removePoints(session: state.sessionID)
        progress(state)
        return state
    }
}
