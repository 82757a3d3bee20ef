package import RunStore

/// How a ``RunStore/LibraryError`` is said: English says the error's own words, German what the
/// code and the data tell; the command line's hint names the command that helps.
package enum LibraryErrorText {
    package static func sentence(_ error: LibraryError, language: Language) -> String {
        switch language {
        case .english: return error.message
        case .german: return german(error)
        }
    }

    package static func commandLineHint(_ error: LibraryError) -> String? {
        switch error.code {
        case .runNotFound: return "see 'runlog list'"
        case .noTrackPoints: return "'runlog stats FILE' shows its numbers"
        default: return nil
        }
    }

    private static func german(_ error: LibraryError) -> String {
        let run = error.runID.map { "\($0)" } ?? ""
        switch error.code {
        case .runNotFound: return "es gibt keinen Lauf \(run)"
        case .noTrackPoints:
            var holds: [String] = []
            if let routes = error.routes, routes > 0 { holds.append("\(routes) \(routes == 1 ? "Route" : "Routen")") }
            if let waypoints = error.waypoints, waypoints > 0 { holds.append("\(waypoints) \(waypoints == 1 ? "Wegpunkt" : "Wegpunkte")") }
            return "keine Trackpunkte oder Aufzeichnungen (die Datei enthält \(holds.isEmpty ? "nur Metadaten" : holds.joined(separator: " und "))), also kein Lauf"
        case .tooManyRuns:
            return "die Datei enthält \(error.runs ?? 0) Aktivitäten, mehr als die \(error.maximumRuns ?? 0), die diese Version aus einer Datei importiert"
        case .invalidEdit:
            let characters = error.characters.map { "\($0)" } ?? "?", maximum = error.maximumCharacters.map { "\($0)" } ?? "?"
            switch error.problem {
            case .nameLength?: return "der Name eines Laufs hat 1 bis \(maximum) Zeichen, nicht \(characters)"
            case .notesLength?: return "Notizen haben höchstens \(maximum) Zeichen, nicht \(characters)"
            case .notesNUL?: return "die Notizen enthalten an Zeichen \(error.position ?? 0) ein NUL-Zeichen (U+0000): bitte entfernen"
            case .notASport?:
                return "„\(error.value ?? "")“ ist keine Sportart; es gibt \((error.sports ?? []).joined(separator: ", ")) "
                    + "oder auto für die der Datei oder die erkannte"
            case .routeHasNoSport?: return "Lauf \(run) ist eine Route (geplant, nicht gelaufen) und hat keine Sportart"
            case nil: return "diese Änderung passt nicht zum Lauf (\(error.message))"
            }
        default: return error.message
        }
    }
}
