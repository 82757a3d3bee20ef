import Dispatch
import RunCore
import RunStore
import RunUI
import Foundation

/// Sends a command (pause, resume, lap, finish, discard) to the running recorder and waits for
/// its answer: the state that applies it.
struct LiveCommandSender {
    let context: CommandContext
    /// How long to wait for the recorder (finishing stores the run, which takes a moment).
    var timeoutSeconds = 15.0

    func send(_ kind: LiveCommandKind) throws -> Int32 {
        let store = try context.settingsStore().store
        let live = store.live()
        let woken = DispatchSemaphore(value: 0)
        let observer = try store.observeChanges(fallbackSeconds: 0.25) { woken.signal() }
        defer { observer.stop() }
        let id = try live.enqueue(kind, now: Date().timeIntervalSince1970)
        let deadline = Date().timeIntervalSince1970 + timeoutSeconds
        while Date().timeIntervalSince1970 < deadline {
            if let (command, state) = try live.answer(to: id) {
                guard command.outcome == "ok" else { throw CommandFailure("\(kind.rawValue): \(command.outcome ?? "refused")") }
                let strings = context.formatter.language.liveStrings
                var line = "\(kind.rawValue): " + strings.state(state.state).lowercased()
                if let run = state.runID { line += " — " + strings.storedAsRun(String(run)).lowercased() + " ('runlog show \(run)')" }
                context.console.print(line)
                return ExitCode.success
            }
            _ = woken.wait(timeout: .now() + 0.25)
        }
        throw CommandFailure("the recorder did not answer '\(kind.rawValue)' within \(Int(timeoutSeconds)) s; the command stays queued")
    }
}
