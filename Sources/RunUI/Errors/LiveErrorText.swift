package import RunStore

/// How a ``RunStore/LiveError`` is said: English says the error's own words, German what the code
/// and the data tell; the command line's hint names the `runlog record` and `runlog widget`
/// commands that help.
package enum LiveErrorText {
    package static func sentence(_ error: LiveError, language: Language) -> String {
        switch language {
        case .english: return error.message
        case .german: return german(error)
        }
    }

    package static func commandLineHint(_ error: LiveError) -> String? {
        switch error.code {
        case .recordingRunning where error.recovering != true: return "'runlog widget' follows it, 'runlog record finish' ends it"
        case .interruptedRecording:
            return "'runlog record --recover' stores it, 'runlog record --recover --replay FILE' or '--gpsd' continues it, "
                + "'runlog record --recover --discard' drops it"
        case .noRecording where error.recovering != true: return "'runlog record' starts one"
        case .recorderNotAnswering: return "'runlog record --recover' stores the interrupted recording"
        default: return nil
        }
    }

    private static func german(_ error: LiveError) -> String {
        let source = error.source ?? ""
        let lastHeard = error.lastHeardSeconds.map(LiveHeartbeat.clock) ?? "?"
        switch error.code {
        case .recordingRunning:
            if error.recovering == true { return "die Aufzeichnung läuft noch (Prozess \(error.recorderPID ?? 0)); nichts wiederherzustellen" }
            return "es läuft schon eine Aufzeichnung (\(source), Prozess \(error.recorderPID ?? 0))"
        case .interruptedRecording:
            return "eine Aufzeichnung wurde unterbrochen (\(source), \(error.points ?? 0) Punkte, zuletzt um \(lastHeard) gehört); "
                + "sie wird zuerst gespeichert, fortgesetzt oder verworfen"
        case .noRecording:
            return error.recovering == true ? "es gibt keine unterbrochene Aufzeichnung" : "es läuft keine Aufzeichnung"
        case .recorderNotAnswering:
            return "die Aufzeichnung antwortet seit \(lastHeard) nicht mehr; der Befehl wurde nicht gesendet"
        default: return error.message
        }
    }
}
