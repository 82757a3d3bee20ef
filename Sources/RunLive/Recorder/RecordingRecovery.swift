package import RunCore
package import RunStore
import Foundation

/// Ends a recording whose recorder stopped without finishing (killed, power loss): stores what
/// was recorded as a run, or drops it. Continuing it with a new source is ``Recorder/resume(progress:)``.
package struct RecordingRecovery {
    package let live: any LiveStorage
    package let archive: RecordingArchiver
    package let clock: @Sendable () -> Double

    package init(live: any LiveStorage, archive: @escaping RecordingArchiver,
                clock: @escaping @Sendable () -> Double = Recorder.wallClock) {
        self.live = live
        self.archive = archive
        self.clock = clock
    }

    /// Stores the interrupted recording's points as a run.
    /// - Returns: the final state (`finished`, with the run's number).
    /// - Throws: ``LiveError`` `.noRecording` (nothing to recover), `.recordingRunning` (its
    ///   recorder still answers), storage errors.
    package func finish() throws -> LiveState { try end(with: .finish) }

    /// Drops the interrupted recording's points.
    package func discard() throws -> LiveState { try end(with: .discard) }

    private func end(with command: LiveCommandKind) throws -> LiveState {
        let state = try live.takeOver(recorderPID: getpid(), now: clock())
        guard let setup = try live.setup() else { throw StoredDataError("the interrupted recording has no stored setup") }
        var session = try Recorder.recovered(live, state: state, setup: setup, resumeRunning: false)
        try session.apply(command)
        return try SessionCloser(live: live, setup: setup, archive: archive, clock: clock).close(session, state: state)
    }
}
