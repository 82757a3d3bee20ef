package import RunLive

/// How a ``RunLive/FixSourceError`` is said: the sentence in English and German, and the command
/// line's hint naming `--gpsd` where the address is what to change. The system's reason
/// (`Connection refused`) is the system's English, in brackets in German.
package enum FixSourceErrorText {
    /// `cannot connect to gpsd at 127.0.0.1:2947: Connection refused`,
    /// `keine Verbindung zu gpsd unter 127.0.0.1:2947 (Connection refused)`.
    package static func sentence(_ error: FixSourceError, language: Language) -> String {
        switch language {
        case .english: return error.description
        case .german: return german(error)
        }
    }

    /// Where gpsd is, for a failure to reach it; the command's help for an address it does not take.
    package static func commandLineHint(_ error: FixSourceError) -> String? {
        switch error.code {
        case .invalidAddress: return "see 'runlog record --help'"
        case .hostNotFound: return "name gpsd's address with 'runlog record --gpsd HOST:PORT'"
        case .cannotConnect: return "start gpsd, or name its address with 'runlog record --gpsd HOST:PORT'"
        default: return nil
        }
    }

    private static func german(_ error: FixSourceError) -> String {
        let because = error.reason.map { " (\($0))" } ?? ""
        switch error.code {
        case .noTrackPoints: return "\(error.file ?? "die Datei"): keine Trackpunkte zum Abspielen"
        case .invalidAddress: return "„\(error.address ?? "")“ ist nicht HOST:PORT (der Port ist eine Zahl von 1 bis 65535)"
        case .hostNotFound: return "der Rechner \(error.host ?? "?") von gpsd ist nicht zu finden" + because
        case .cannotConnect: return "keine Verbindung zu gpsd unter \(error.hostAndPort)" + because
        case .connectionFailed: return "die Verbindung zu gpsd unter \(error.hostAndPort) ist abgebrochen" + because
        default: return "die Quelle der Positionen ist ausgefallen" + because
        }
    }
}
