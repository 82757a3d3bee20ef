import Foundation
package import RunStore

/// How a ``RunStore/StorageOpenError`` is said: English says the error's own words, German what
/// the code and the data tell; the command line's hint names the option or command that helps.
package enum StorageOpenErrorText {
    package static func sentence(_ error: StorageOpenError, language: Language) -> String {
        switch language {
        case .english:
            if error.code == .noLibrary, let location = error.location {
                return error.isLocationChosen == false ? "there is no library yet at \(location)" : "there is no library at \(location)"
            }
            return error.message
        case .german: return german(error)
        }
    }

    package static func commandLineHint(_ error: StorageOpenError) -> String? {
        if error.isDatabase == true {
            switch error.code {
            case .noLibrary: return "import runs first with 'runlog import FILE...'"
            case .newerSchema: return "a newer runlog reads it"
            default: return "check RUNLOG_DATABASE_URL and RUNLOG_USER"
            }
        }
        switch error.code {
        case .noLibrary where error.location == nil: return "'runlog import FILE...' makes the library"
        case .noLibrary: return error.isLocationChosen == true ? "check --library" : "import runs first with 'runlog import FILE...'"
        case .notALibrary where error.isFolder == true:
            return "--library takes the file, e.g. " + ((error.location ?? ".") as NSString).appendingPathComponent("library.sqlite")
        case .notALibrary: return "check --library, or move the file away"
        case .newerSchema: return "a newer runlog reads it"
        case .cannotOpen where error.needsUpgrade == true: return "run runlog once where the file can be written, to upgrade it"
        case .cannotOpen where error.store == .shared: return "set RUNLOG_HOME to a folder you can write"
        case .cannotOpen: return "check --library"
        default: return nil
        }
    }

    private static func german(_ error: StorageOpenError) -> String {
        let location = error.location ?? ""
        let store = error.store == .library ? "die Bibliothek" : "der Einstellungsspeicher"
        let reason = error.reason.map { " (\($0))" } ?? ""
        switch error.code {
        case .noLibrary:
            if error.location == nil { return "es gibt noch keine Bibliothek; sie enthält die Suchen" }
            return error.isLocationChosen == false ? "es gibt noch keine Bibliothek unter \(location)" : "es gibt keine Bibliothek unter \(location)"
        case .notALibrary:
            if error.isFolder == true { return "\(location) ist ein Ordner, keine Bibliotheksdatei" }
            return "\(location) ist keine Bibliothek" + reason
        case .cannotOpen:
            if error.needsUpgrade == true {
                return "\(store) \(location) braucht ein Upgrade auf Schema \(error.supportedSchemaVersion ?? 0), ist hier aber schreibgeschützt"
            }
            return "\(store) \(location) lässt sich nicht anlegen oder öffnen" + reason
        case .newerSchema:
            return "\(location) stammt aus einer neueren Version (Schema \(error.schemaVersion ?? 0); diese kennt \(error.supportedSchemaVersion ?? 0))"
        case .damagedStore:
            return "der Einstellungsspeicher \(location) ist beschädigt" + reason + "; "
                + (error.copy.map { "eine Kopie liegt unter \($0). " } ?? "")
                + "Nichts wurde geändert: \(location) entfernen, um mit den Standardeinstellungen neu zu beginnen, oder aus einer Sicherung zurückholen"
        default: return error.message
        }
    }
}
