import RunCore
import RunUI
import Foundation

/// What `runlog record` prints when the recording has ended.
enum RecordingReport {
    static func print(_ state: LiveState, json: Bool, context: CommandContext) -> Int32 {
        if json {
            context.console.print(LivePresentation(state: state, now: Date().timeIntervalSince1970).json.text())
        } else if let run = state.runID {
            let f = context.formatter
            context.console.print("Stored as run \(run): \(f.distance(state.distanceMeters)), moving \(f.duration(state.movingTimeSeconds)) "
                                  + "('runlog show \(run)')")
        } else {
            context.console.print(state.state == .discarded ? "The recording was discarded." : (state.message ?? "No run was stored."))
        }
        return ExitCode.success
    }
}
