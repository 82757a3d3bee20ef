import RunApp
import RunCore
import RunStore
import RunUI

/// Sends a command (pause, resume, lap, finish, discard) to the running recorder through RunApp's
/// ``RunApp/RecordingControl`` and says its answer: the state that applies it.
struct LiveCommandSender {
    let context: CommandContext
    /// How long to wait for the recorder (finishing stores the run, which takes a moment).
    var timeoutSeconds = 15.0

    func send(_ kind: LiveCommandKind) throws -> Int32 {
        let control = RecordingControl(shared: try context.settingsStore().store)
        switch try control.send(kind, timeoutSeconds: timeoutSeconds) {
        case .applied(_, let state):
            let strings = context.formatter.language.liveStrings
            var line = "\(kind.rawValue): " + strings.state(state.state).lowercased()
            if let run = state.runID { line += " — " + strings.storedAsRun(String(run)).lowercased() + " ('runlog show \(run)')" }
            context.console.print(line)
            return ExitCode.success
        case .refused(_, let reason?):
            throw reason
        case .refused:
            throw CommandFailure("\(kind.rawValue): refused")
        case .pending:
            throw CommandFailure("the recorder did not answer '\(kind.rawValue)' within \(Int(timeoutSeconds)) s; the command stays queued")
        }
    }
}
