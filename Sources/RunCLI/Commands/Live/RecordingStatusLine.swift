import RunCore
import RunUI

/// The recorder's one-line status on a terminal's standard error (nothing when it is not a terminal).
struct RecordingStatusLine {
    let console: Console
    let formatter: DisplayFormatter

    func show(_ state: LiveState) {
        let strings = formatter.language.liveStrings
        console.progress("\(strings.state(state.state))  \(formatter.duration(state.elapsedTimeSeconds))  "
                         + "\(formatter.distance(state.distanceMeters))  \(formatter.pace(secondsPerKilometer: state.currentPaceSecondsPerKilometer))"
                         + (state.heartRateBPM.map { "  \(formatter.heartRate($0))" } ?? ""))
    }

    func end() { console.endProgress() }
}
