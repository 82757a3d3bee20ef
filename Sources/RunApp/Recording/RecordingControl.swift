import Dispatch
import Foundation
package import RunCore
package import RunStore

/// Commands to the running recorder — pause, resume, lap, finish, discard — as every front end
/// sends them (`runlog record pause`, the live page's buttons, `POST /api/v1/live/commands`):
/// queued in the shared store, applied by the recorder in order, answered by the state that
/// applies each. Waiting wakes on the store's commits (a quarter-second look at the latest).
package struct RecordingControl {
    package let shared: any SharedStorage

    package init(shared: any SharedStorage) {
        self.shared = shared
    }

    /// What became of a command.
    package enum Answer: Sendable {
        /// Applied: the state that applied it (a finished recording names its stored run).
        case applied(id: Int64, state: LiveState)
        /// The recorder refused it (a lap while paused), with its reason when it gave one in the
        /// form this version reads (``RunCore/LiveCommandError/answer``).
        case refused(id: Int64, reason: LiveCommandError?)
        /// Not answered within the time waited; it stays queued and will be applied.
        case pending(id: Int64)
    }

    /// Queues `kind` and waits up to `timeoutSeconds` for the recorder's answer.
    /// - Throws: ``LiveError`` `.noRecording` when nothing records, `.recorderNotAnswering` when its recorder stopped
    ///   answering (nothing is queued then); storage errors.
    package func send(_ kind: LiveCommandKind, timeoutSeconds: Double) throws -> Answer {
        let live = shared.live()
        let woken = DispatchSemaphore(value: 0)
        let observation = try shared.observeChanges(fallbackSeconds: 0.25) { woken.signal() }
        defer { observation.stop() }
        let id = try live.enqueue(kind, now: Date().timeIntervalSince1970)
        let deadline = Date().timeIntervalSince1970 + timeoutSeconds
        while true {
            if let (command, state) = try live.answer(to: id) {
                guard command.outcome == "ok" else {
                    return .refused(id: id, reason: command.outcome.flatMap { LiveCommandError(answer: $0, command: kind) })
                }
                return .applied(id: id, state: state)
            }
            let left = deadline - Date().timeIntervalSince1970
            guard left > 0 else { return .pending(id: id) }
            _ = woken.wait(timeout: .now() + min(0.25, left))
        }
    }
}
