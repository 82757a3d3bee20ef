package import RunStore

/// How a ``RunStore/StoredDataError`` is said: English says what could not be read; German says
/// so, with the English detail in brackets (it names the stored part, for a bug report).
package enum StoredDataErrorText {
    package static func sentence(_ error: StoredDataError, language: Language) -> String {
        switch language {
        case .english: return error.message
        case .german:
            let run = error.runID.map { " von Lauf \($0)" } ?? ""
            return "gespeicherte Daten\(run) sind beschädigt und nicht lesbar (\(error.message))"
        }
    }

    package static func commandLineHint(_ error: StoredDataError) -> String? { nil }
}
