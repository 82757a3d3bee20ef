package import RunFormats

/// How a ``RunFormats/OutputError`` is said: the sentence in English and German (the system's
/// reason, `No space left on device`, is the system's English, in brackets in German), and the
/// command line's hint when writing elsewhere would help.
package enum OutputErrorText {
    /// `cannot write to run.gpx: No space left on device`,
    /// `kann nicht in run.gpx schreiben: der Datenträger ist voll (No space left on device)`.
    package static func sentence(_ error: OutputError, language: Language) -> String {
        switch language {
        case .english: return error.description
        case .german:
            let target = error.file == standardOutput ? "die Standardausgabe" : error.file
            switch error.code {
            case .diskFull: return "kann nicht in \(target) schreiben: der Datenträger ist voll (\(error.reason))"
            default: return "kann nicht in \(target) schreiben (\(error.reason))"
            }
        }
    }

    /// A full disk under a named file: `--output` writes elsewhere (the commands that write files
    /// take it). Nothing typed helps standard output.
    package static func commandLineHint(_ error: OutputError) -> String? {
        error.code == .diskFull && error.file != standardOutput ? "free some space, or write elsewhere with --output FILE" : nil
    }

    /// The name the CLI gives its standard output.
    static let standardOutput = "standard output"
}
