package import RunCore

/// How a ``RunCore/LiveCommandError`` is said: the sentence in English and German — the command
/// as its button names it, the recording's state as the live views name it — and the command
/// line's hint.
package enum LiveCommandErrorText {
    /// `lap: a lap can only be marked while running (the recording is paused)`,
    /// `Runde: eine Runde lässt sich nur während des Laufens markieren (Zustand: pausiert)`.
    package static func sentence(_ error: LiveCommandError, language: Language) -> String {
        let strings = language.liveStrings
        let command = strings.commandName(error.command), state = strings.state(error.state).lowercased()
        switch language {
        case .english: return "\(command): " + english(error, state: state)
        case .german: return "\(command): " + german(error, state: state)
        }
    }

    /// What to type instead: resume a paused recording.
    package static func commandLineHint(_ error: LiveCommandError) -> String? {
        switch error.code {
        case .alreadyPaused: return "'runlog record resume' goes on recording"
        case .lapNotRunning where error.state == .paused: return "'runlog record resume' first, then 'runlog record lap'"
        default: return nil
        }
    }

    private static func english(_ error: LiveCommandError, state: String) -> String {
        switch error.code {
        case .recordingEnded: return "the recording has ended (\(state))"
        case .alreadyPaused: return "the recording is paused already"
        case .notPaused: return "the recording is not paused (it is \(state))"
        case .lapNotRunning: return "a lap can only be marked while running (the recording is \(state))"
        default: return "the command does not apply (the recording is \(state))"
        }
    }

    private static func german(_ error: LiveCommandError, state: String) -> String {
        switch error.code {
        case .recordingEnded: return "die Aufzeichnung ist schon zu Ende (Zustand: \(state))"
        case .alreadyPaused: return "die Aufzeichnung ist schon pausiert"
        case .notPaused: return "die Aufzeichnung ist nicht pausiert (Zustand: \(state))"
        case .lapNotRunning: return "eine Runde lässt sich nur während des Laufens markieren (Zustand: \(state))"
        default: return "der Befehl passt nicht zur Aufzeichnung (Zustand: \(state))"
        }
    }
}
