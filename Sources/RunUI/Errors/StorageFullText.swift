package import RunCore
package import RunStore

/// How a full disk under a store is said (any ``RunStore/StorageFailure`` whose `isFull` is true:
/// SQLite's "database or disk is full", or an I/O error for lack of space): the sentence in English
/// and German naming the store's file, and what to do. It has no ``RunCore/CodedError`` of its
/// own — every implementation's failure says `isFull` — so its code is `diskFull` and its data
/// the `location` and the implementation's own words, `reason`.
package enum StorageFullText {
    /// The stable code of a full disk under a store.
    package static let code = "diskFull"

    /// `the disk holding /home/a/library.sqlite is full: nothing could be written to it (database or disk is full)`.
    package static func sentence(_ failure: any StorageFailure, language: Language) -> String {
        switch language {
        case .english:
            let place = failure.location.map { "the disk holding \($0)" } ?? "the disk"
            return "\(place) is full: nothing could be written to it (\(failure.message)); what only reads still works"
        case .german:
            let place = failure.location.map { "der Datenträger mit \($0)" } ?? "der Datenträger"
            return "\(place) ist voll: es konnte nichts darauf geschrieben werden (\(failure.message)); was nur liest, geht weiter"
        }
    }

    /// Nothing typed makes space; the hint says what does.
    package static func commandLineHint(_ failure: any StorageFailure) -> String? {
        "free some space on that disk, then try again"
    }

    /// The data under stable keys: `location` (when known) and `reason`.
    package static func data(_ failure: any StorageFailure) -> [String: JSONValue] {
        var data: [String: JSONValue] = ["reason": .string(failure.message)]
        if let location = failure.location { data["location"] = .string(location) }
        return data
    }
}
