package import RunCore
package import RunStore

/// How a failure of the storage itself is said (any ``RunStore/StorageFailure``: a full disk, a
/// damaged store, a store that may only be read here, a store another writer holds): the sentence
/// in English and German naming the store's file, and what to do. These failures have no
/// ``RunCore/CodedError`` of their own — every implementation's failure answers `isFull`,
/// `isDamage`, `isReadOnly`, `isBusy` — so their codes are written here (`diskFull`,
/// `storeDamaged`, `storeReadOnly`, `storeBusy`) and their data are the `location` and the
/// implementation's own words, `reason`. The web never shows an engine's raw message (with its
/// SQL) in place of these, and the CLI says them in the settings' language.
package enum StorageFailureText {
    /// What kind of failure, by the protocol's flags (a full disk first: SQLite may call it an I/O error).
    package enum Kind: String, Sendable {
        case diskFull, storeDamaged, storeReadOnly, storeBusy
    }

    package static func kind(of failure: any StorageFailure) -> Kind? {
        if failure.isFull { return .diskFull }
        if failure.isDamage { return .storeDamaged }
        if failure.isReadOnly { return .storeReadOnly }
        if failure.isBusy { return .storeBusy }
        return nil
    }

    /// `the disk holding /home/a/library.sqlite is full: …`, `/x/library.sqlite is damaged (…)`, ….
    package static func sentence(_ failure: any StorageFailure, kind: Kind, language: Language) -> String {
        let reason = failure.message
        switch (kind, language) {
        case (.diskFull, .english):
            let place = failure.location.map { "the disk holding \($0)" } ?? "the disk"
            return "\(place) is full: nothing could be written to it (\(reason)); what only reads still works"
        case (.diskFull, .german):
            let place = failure.location.map { "der Datenträger mit \($0)" } ?? "der Datenträger"
            return "\(place) ist voll: es konnte nichts darauf geschrieben werden (\(reason)); was nur liest, geht weiter"
        case (.storeDamaged, .english):
            return "\(failure.location ?? "a store of runlog's data") is damaged (\(reason)); keep a copy of it before anything else"
        case (.storeDamaged, .german):
            return "\(failure.location ?? "ein Datenspeicher") ist beschädigt (\(reason)); zuerst eine Kopie davon sichern"
        case (.storeReadOnly, .english):
            return "\(failure.location ?? "the store") may only be read here (\(reason)): nothing was changed"
        case (.storeReadOnly, .german):
            return "\(failure.location ?? "der Speicher") darf hier nur gelesen werden (\(reason)): nichts wurde geändert"
        case (.storeBusy, .english):
            return "\(failure.location.map { "the store \($0)" } ?? "the store") is busy: another runlog is writing to it; try again"
        case (.storeBusy, .german):
            return "\(failure.location.map { "der Speicher \($0)" } ?? "der Speicher") ist belegt: ein anderes runlog schreibt gerade; bitte noch einmal versuchen"
        }
    }

    /// What helps, on the command line.
    package static func commandLineHint(_ failure: any StorageFailure, kind: Kind) -> String? {
        switch kind {
        case .diskFull: return "free some space on that disk, then try again"
        case .storeDamaged: return (failure.rescueHint.map { $0 + ", or restore it from a backup" } ?? "restore it from a backup")
        case .storeReadOnly: return "ask for write access, or choose another place (--library for the library, RUNLOG_HOME for the settings)"
        case .storeBusy: return nil
        }
    }

    /// The data under stable keys: `location` (when known) and `reason`.
    package static func data(_ failure: any StorageFailure) -> [String: JSONValue] {
        var data: [String: JSONValue] = ["reason": .string(failure.message)]
        if let location = failure.location { data["location"] = .string(location) }
        return data
    }
}
