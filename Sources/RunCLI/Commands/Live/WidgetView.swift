import RunCore
import RunUI

/// The widget's screen and its key handling, as a value: what to draw for a state, and what a
/// key does (including the finish confirmation).
struct WidgetView {
    var strings: LiveStrings
    /// A line under the keys: a command sent and not yet applied, a refusal, a question.
    var status: String?
    private var confirmingFinish = false
    private var waitingFor: (id: Int64, kind: LiveCommandKind)?

    init(strings: LiveStrings) {
        self.strings = strings
    }

    enum Action: Equatable {
        case none, quit
        case send(LiveCommandKind)
    }

    func screen(_ presentation: LivePresentation, formatter: DisplayFormatter) -> [String] {
        var lines = ["runlog"] + presentation.lines(formatter: formatter, clock: LiveClock.text)
        lines += ["", confirmingFinish ? strings.confirmFinish : presentation.keys(strings)]
        if let status { lines.append(status) }
        return lines
    }

    /// What a key does in a state.
    mutating func handle(_ key: UInt8, state presentation: LivePresentation) -> Action {
        let character = Character(Unicode.Scalar(key))
        if confirmingFinish {
            confirmingFinish = false
            return character == "y" || character == "Y" ? .send(.finish) : .none
        }
        switch character {
        case "q", "Q": return .quit
        case "p", "P", " ":
            guard let state = presentation.state, presentation.isActive else { return .none }
            return .send(state.state == .paused ? .resume : .pause)
        case "l", "L":
            return presentation.isActive ? .send(.lap) : .none
        case "f", "F":
            if presentation.isActive { confirmingFinish = true }
            return .none
        default:
            return .none
        }
    }

    mutating func sent(_ kind: LiveCommandKind, id: Int64) {
        waitingFor = (id, kind)
        status = strings.sent(strings.commandName(kind))
    }

    /// Clears the "sent" line once the recorder has applied the command.
    mutating func acknowledge(_ state: LiveState?) {
        guard let waiting = waitingFor, let applied = state?.lastAppliedCommandID, applied >= waiting.id else { return }
        waitingFor = nil
        status = nil
    }
}
