package import RunCore

/// The live session refuses: a recording runs already or was interrupted, none runs to take a
/// command or to recover, its recorder stopped answering. `message` says it in English naming no
/// command; the data let a front end say it in the user's language with its own hint (RunUI's
/// `LiveErrorText`).
package struct LiveError: CodedError, Equatable {
    package struct Code: Hashable, Sendable {
        package let rawValue: String
        package init(_ rawValue: String) { self.rawValue = rawValue }
        /// A recording is running already (``source``, ``recorderPID``): one at a time.
        package static let recordingRunning = Code("recordingRunning")
        /// A recording was interrupted (its recorder stopped answering): it is recovered first
        /// (``source``, ``points``, ``lastHeardAt``).
        package static let interruptedRecording = Code("interruptedRecording")
        /// No recording is running to take a command, or none was interrupted to recover
        /// (``recovering``).
        package static let noRecording = Code("noRecording")
        /// The recorder has not answered since ``lastHeardAt``: the command was not sent.
        package static let recorderNotAnswering = Code("recorderNotAnswering")
    }

    package var code: Code
    package var message: String
    /// The fix source of the recording ("replay FILE", "gpsd HOST:PORT").
    package var source: String?
    package var recorderPID: Int?
    package var points: Int?
    /// When the recorder was last heard of, seconds since 1970 (UTC); `lastHeardAt` in the data.
    package var lastHeardSeconds: Double?
    /// For `noRecording`: the refusal was of a recovery (no interrupted recording), not of a command.
    package var recovering: Bool?

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// Another recorder answers: one recording at a time.
    package static func recordingRunning(_ state: LiveState) -> LiveError {
        var error = LiveError(.recordingRunning, "a recording is running already (\(state.source), process \(state.recorderPID))")
        (error.source, error.recorderPID) = (state.source, Int(state.recorderPID))
        return error
    }

    /// A session stopped without finishing: it is recovered (stored, continued or dropped) first.
    package static func interruptedRecording(_ state: LiveState) -> LiveError {
        var error = LiveError(.interruptedRecording, "a recording was interrupted (\(state.source), \(state.pointCount) points, "
                              + "last heard of at \(LiveHeartbeat.clock(state.heartbeatTime))); it is stored, continued or dropped first")
        (error.source, error.points, error.lastHeardSeconds) = (state.source, state.pointCount, state.heartbeatTime)
        return error
    }

    /// A recovery found no interrupted recording.
    package static var nothingToRecover: LiveError {
        var error = LiveError(.noRecording, "there is no interrupted recording to recover")
        error.recovering = true
        return error
    }

    /// A recovery found the recording's recorder still answering.
    package static func stillRunning(_ state: LiveState) -> LiveError {
        var error = LiveError(.recordingRunning, "the recording is still running (process \(state.recorderPID)); nothing to recover")
        (error.source, error.recorderPID, error.recovering) = (state.source, Int(state.recorderPID), true)
        return error
    }

    /// A command found no recording to take it.
    package static var noRecording: LiveError {
        LiveError(.noRecording, "no recording is running")
    }

    /// A command found the recorder silent: it was not sent.
    package static func recorderNotAnswering(_ state: LiveState) -> LiveError {
        var error = LiveError(.recorderNotAnswering, "the recorder has not answered since \(LiveHeartbeat.clock(state.heartbeatTime)); "
                              + "the command was not sent")
        (error.source, error.points, error.lastHeardSeconds) = (state.source, state.pointCount, state.heartbeatTime)
        return error
    }

    package var description: String { message }
    package var codeName: String { code.rawValue }

    package var data: [String: JSONValue] {
        .known(["source": source.map { .string($0) }, "recorderPID": recorderPID.map { .integer(Int64($0)) },
                "points": points.map { .integer(Int64($0)) }, "lastHeardAt": lastHeardSeconds.map { .string(UTCDateTime.format(seconds: $0)) },
                "recovering": recovering.map { .bool($0) }])
    }
}
