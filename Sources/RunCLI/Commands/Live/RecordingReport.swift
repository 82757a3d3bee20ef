import RunCore
import RunStore
import RunUI
import Foundation

/// What `runlog record` prints when the recording has ended.
enum RecordingReport {
    static func print(_ state: LiveState, json: Bool, context: CommandContext) -> Int32 {
        if json {
            context.console.print(LivePresentation(state: state, now: Date().timeIntervalSince1970).json.text())
        } else if let run = state.runID, state.runWasAlreadyStored == true {
            context.console.print("Already in the library as run \(run): the replayed run is there already (the same file, or a run with the same "
                                  + "start and about the same distance); nothing new was stored ('runlog show \(run)')")
        } else if let run = state.runID {
            // The stored run's own numbers (as 'runlog show' gives them: a file without times has
            // no moving time), else the last live state's.
            let f = context.formatter
            let summary = (try? context.library().run(id: run))?.summary
            let distance = summary?.distanceMeters ?? state.distanceMeters
            let moving = summary.map { $0.movingTimeSeconds } ?? state.movingTimeSeconds
            context.console.print("Stored as run \(run): \(f.distance(distance)), moving \(f.duration(moving)) ('runlog show \(run)')")
        } else {
            context.console.print(state.state == .discarded ? "The recording was discarded." : (state.message ?? "No run was stored."))
        }
        return ExitCode.success
    }
}
