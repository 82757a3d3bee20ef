package import RunCore

/// The texts of the live views (`runlog widget`, `runlog live`, the web UI's live page) in one
/// language: ``english`` and ``german`` below, side by side. Kept apart from ``UIStrings`` so the
/// live feature's words are found in one file.
package struct LiveStrings: Sendable {
    package let state: @Sendable (RecordingState) -> String
    package let autoPausedNote: String
    package let noRun: String
    /// "Recorder not responding since 12:03:04".
    package let notResponding: @Sendable (_ clock: String) -> String
    package let time: String
    package let moving: String
    package let distance: String
    package let pace: String
    package let average: String
    package let heartRate: String
    package let cadence: String
    package let split: String
    package let lap: String
    /// "Stored as run 12".
    package let storedAsRun: @Sendable (_ number: String) -> String
    package let keysRunning: String
    package let keysPaused: String
    package let keysEnded: String
    package let confirmFinish: String
    /// "sent: pause".
    package let sent: @Sendable (_ command: String) -> String
    package let commandName: @Sendable (LiveCommandKind) -> String
    /// A command as a button's title: "Pause", "Resume", "Lap", "Finish", "Discard".
    package let commandTitle: @Sendable (LiveCommandKind) -> String
    /// The question before finishing from a button (the web UI's live page).
    package let finishQuestion: String
    /// A command the recorder did not take, the reason given.
    package let commandNotSent: @Sendable (_ reason: String) -> String
    /// The web UI's live page.
    package let livePageTitle: String
    /// The server refused the live page's event stream (too many open); the page tries again.
    package let streamClosed: String
    /// The live page lost its connection to the server and tries again.
    package let streamLost: String
    /// A command sent when no recording runs, or its recorder does not answer.
    package let noRecordingToCommand: String
    /// The runs screen's section while a run is being recorded.
    package let recordingNow: String
    /// Its link to the live page.
    package let followLive: String
    package let averagePace: String
    package let averageHeartRate: String

    package static let english = LiveStrings(
        state: { state in
            switch state {
            case .ready: return "Ready"
            case .running: return "Running"
            case .paused: return "Paused"
            case .autoPaused: return "Auto-paused"
            case .finished: return "Finished"
            case .discarded: return "Discarded"
            }
        },
        autoPausedNote: "standing still",
        noRun: "No run in progress",
        notResponding: { "Recorder not responding since \($0)" },
        time: "Time", moving: "Moving", distance: "Distance", pace: "Pace", average: "avg", heartRate: "Heart rate",
        cadence: "Cadence", split: "Split", lap: "Lap",
        storedAsRun: { "Stored as run \($0)" },
        keysRunning: "[p] pause  [l] lap  [f] finish  [q] quit",
        keysPaused: "[p] resume  [f] finish  [q] quit",
        keysEnded: "[q] quit",
        confirmFinish: "Finish the run and store it? [y/n]",
        sent: { "sent: \($0)" },
        commandName: { $0.rawValue },
        commandTitle: { kind in
            switch kind {
            case .pause: return "Pause"
            case .resume: return "Resume"
            case .lap: return "Lap"
            case .finish: return "Finish"
            case .discard: return "Discard"
            }
        },
        finishQuestion: "Finish the run and store it?",
        commandNotSent: { "Not sent: \($0)" },
        livePageTitle: "Live",
        streamClosed: "runlog serve did not take this page’s connection (too many live pages may be open); trying again… (the numbers shown may be old)",
        streamLost: "The connection to runlog serve was lost; trying again… (the numbers shown may be old)",
        noRecordingToCommand: "no recording is running, or its recorder does not answer",
        recordingNow: "Recording now",
        followLive: "Follow it live",
        averagePace: "Average pace",
        averageHeartRate: "Average heart rate"
    )

    package static let german = LiveStrings(
        state: { state in
            switch state {
            case .ready: return "Bereit"
            case .running: return "Läuft"
            case .paused: return "Pausiert"
            case .autoPaused: return "Automatisch pausiert"
            case .finished: return "Beendet"
            case .discarded: return "Verworfen"
            }
        },
        autoPausedNote: "Stillstand",
        noRun: "Kein Lauf in Aufzeichnung",
        notResponding: { "Aufzeichnung antwortet nicht seit \($0)" },
        time: "Zeit", moving: "In Bewegung", distance: "Distanz", pace: "Tempo", average: "Ø", heartRate: "Herzfrequenz",
        cadence: "Kadenz", split: "Abschnitt", lap: "Runde",
        storedAsRun: { "Gespeichert als Lauf \($0)" },
        keysRunning: "[p] Pause  [l] Runde  [f] Beenden  [q] Schließen",
        keysPaused: "[p] Weiter  [f] Beenden  [q] Schließen",
        keysEnded: "[q] Schließen",
        confirmFinish: "Lauf beenden und speichern? [y/n]",
        sent: { "gesendet: \($0)" },
        commandName: germanCommandName,
        commandTitle: germanCommandName,
        finishQuestion: "Lauf beenden und speichern?",
        commandNotSent: { "Nicht gesendet: \($0)" },
        livePageTitle: "Live",
        streamClosed: "runlog serve hat die Verbindung dieser Seite nicht angenommen (vielleicht sind zu viele Live-Seiten offen); neuer Versuch … (die Zahlen können veraltet sein)",
        streamLost: "Die Verbindung zu runlog serve ist unterbrochen; neuer Versuch … (die Zahlen können veraltet sein)",
        noRecordingToCommand: "es läuft keine Aufzeichnung, oder ihr Rekorder antwortet nicht",
        recordingNow: "Aufzeichnung läuft",
        followLive: "Live verfolgen",
        averagePace: "Ø Tempo",
        averageHeartRate: "Ø Herzfrequenz"
    )

    /// German names a command by the word on its button.
    private static let germanCommandName: @Sendable (LiveCommandKind) -> String = { kind in
        switch kind {
        case .pause: return "Pause"
        case .resume: return "Weiter"
        case .lap: return "Runde"
        case .finish: return "Beenden"
        case .discard: return "Verwerfen"
        }
    }
}

extension Language {
    /// The live views' texts in this language.
    package var liveStrings: LiveStrings {
        switch self {
        case .english: return .english
        case .german: return .german
        }
    }
}
