/// A command that does not apply to the recording's state: a pause while paused, a resume while
/// not paused, a lap while not running, anything once the recording has ended. Nothing changes
/// then. The data — the ``command`` and the ``state`` it met — let a front end say it in the
/// user's language (RunUI's `LiveCommandErrorText`).
///
/// The recorder answers a command in the shared store, another process reads the answer: the
/// error travels as ``answer`` (`lapNotRunning paused`) and is read back with
/// ``init(answer:command:)``.
package struct LiveCommandError: CodedError, Equatable {
    /// The kind of refusal.
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        package let rawValue: String
        package init(_ rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// The recording has ended (finished or discarded): it takes no command any more.
        package static let recordingEnded = Code("recordingEnded")
        /// A pause while the recording is paused already.
        package static let alreadyPaused = Code("alreadyPaused")
        /// A resume while the recording is not paused by a command (ready, running, auto-paused).
        package static let notPaused = Code("notPaused")
        /// A lap while the recording is not running (paused, or ready before its first fix).
        package static let lapNotRunning = Code("lapNotRunning")

        /// Every code, for the tests and the texts.
        package static let all: [Code] = [.recordingEnded, .alreadyPaused, .notPaused, .lapNotRunning]
    }

    package var code: Code
    /// The command refused.
    package var command: LiveCommandKind
    /// The recording's state when the command came.
    package var state: RecordingState

    package init(_ code: Code, command: LiveCommandKind, state: RecordingState) {
        self.code = code
        self.command = command
        self.state = state
    }

    /// Why `command` does not apply in `state`, or nil when it does — the rule
    /// ``RecordingSession/apply(_:)`` follows.
    package static func refusal(of command: LiveCommandKind, in state: RecordingState) -> LiveCommandError? {
        switch (command, state) {
        case (_, .finished), (_, .discarded): return LiveCommandError(.recordingEnded, command: command, state: state)
        case (.pause, .paused): return LiveCommandError(.alreadyPaused, command: command, state: state)
        case (.resume, .paused): return nil
        case (.resume, _): return LiveCommandError(.notPaused, command: command, state: state)
        case (.lap, .paused), (.lap, .ready): return LiveCommandError(.lapNotRunning, command: command, state: state)
        default: return nil
        }
    }

    /// The error as the recorder answers a command in the shared store: the code's raw value and
    /// the state's, `lapNotRunning paused` (the command is the one answered).
    package var answer: String { "\(code.rawValue) \(state.rawValue)" }

    /// The error a recorder answered with ``answer``, or nil for an answer in another form (a
    /// recorder of another version).
    package init?(answer: String, command: LiveCommandKind) {
        let parts = answer.split(separator: " ")
        guard parts.count == 2, let code = Code.all.first(where: { $0.rawValue == parts[0] }),
              let state = RecordingState(rawValue: String(parts[1])) else { return nil }
        self.init(code, command: command, state: state)
    }

    package var codeName: String { code.rawValue }

    /// `command`, `state`: their raw values (`lap`, `paused`).
    package var data: [String: JSONValue] { ["command": .string(command.rawValue), "state": .string(state.rawValue)] }

    /// `lap: a lap can only be marked while running (the recording is paused)`.
    package var description: String {
        let reason = switch code {
        case .recordingEnded: "the recording has ended (\(state.rawValue))"
        case .alreadyPaused: "the recording is paused already"
        case .notPaused: "the recording is not paused (it is \(state.rawValue))"
        case .lapNotRunning: "a lap can only be marked while running (the recording is \(state.rawValue))"
        default: "the command does not apply (the recording is \(state.rawValue))"
        }
        return "\(command.rawValue): \(reason)"
    }
}
