package import RunCore

/// The live recording as every process sees it: one session's newest state (replaced by the
/// recorder, with a short history for followers), its points written as they arrive, and the
/// queue of commands any process sends (pause, resume, lap, finish, discard).
/// ``RunStoreSQLite/LiveStore`` implements it in `group.sqlite`.
///
/// Writers: the recorder only (state, points, acknowledgements); any process enqueues commands.
/// A reader never sees a state half-written. Errors: ``LiveError`` `.recordingRunning`,
/// `.interruptedRecording`, `.noRecording`, `.corrupt`, and the implementation's own.
package protocol LiveStorage {
    /// The newest published state, or nil when no recording was ever started.
    func current() throws -> LiveState?
    /// The setup of the current session.
    func setup() throws -> RecordingSetup?
    /// The laps of the current session.
    func laps() throws -> [RecordingSession.Lap]
    /// Starts a session: its first state and setup replace the previous session's.
    /// - Throws: `.recordingRunning` when another recorder answers, `.interruptedRecording` when a
    ///   session stopped without finishing (its points are kept until recovered or discarded).
    func begin(_ state: LiveState, setup: RecordingSetup, now: Double) throws
    /// Takes over an interrupted session for recovery (a new recorder process, same session).
    func takeOver(recorderPID: Int32, now: Double) throws -> LiveState
    /// Publishes a state (a higher sequence number than the stored one) with, in one
    /// transaction, the new points, the laps and the acknowledgement of applied commands.
    func publishState(_ state: LiveState, points: [LivePoint], laps: [RecordingSession.Lap]?, applied: [AppliedCommand]) throws
    /// Writes points durably without a new state (each fix as it arrives).
    func append(points: [LivePoint], session: String) throws
    /// The states published after `sequence`, oldest first (a bounded history).
    func states(after sequence: Int64) throws -> [LiveState]
    /// The points of a session, by segment.
    func points(session: String) throws -> [[TrackPoint]]
    /// Removes a session's points (after it was stored or discarded).
    func removePoints(session: String) throws
    /// Queues a command for the running recorder. - Returns: its number.
    /// - Throws: `.noRecording` when none runs or its recorder stopped answering.
    func enqueue(_ kind: LiveCommandKind, now: Double) throws -> Int64
    /// The session's commands not applied yet, oldest first.
    func pendingCommands(session: String) throws -> [QueuedCommand]
    /// One command, if it exists.
    func command(id: Int64) throws -> QueuedCommand?
    /// The command and the state that acknowledged it, once the recorder applied it.
    func answer(to id: Int64) throws -> (command: QueuedCommand, state: LiveState)?
}

extension LiveStorage {
    /// ``publishState(_:points:laps:applied:)`` with nothing but what is given.
    package func publish(_ state: LiveState, points: [LivePoint] = [], laps: [RecordingSession.Lap]? = nil,
                        applied: [AppliedCommand] = []) throws {
        try publishState(state, points: points, laps: laps, applied: applied)
    }
}
