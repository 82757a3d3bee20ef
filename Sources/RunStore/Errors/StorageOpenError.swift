package import RunCore

/// A store that cannot be opened as asked: the run library or the shared store (settings and live
/// state) is missing, is something else, cannot be created or reached, comes from a newer
/// version, or is damaged. `message` says it in English for logs and tests, naming no command or
/// flag; ``store``, ``location`` and the rest let a front end say it in the user's language with
/// its own hint (RunUI's `StorageOpenErrorText`).
package struct StorageOpenError: CodedError, Equatable {
    package struct Code: Hashable, Sendable {
        package let rawValue: String
        package init(_ rawValue: String) { self.rawValue = rawValue }
        /// There is no library where one was expected (and it may not be created here).
        package static let noLibrary = Code("noLibrary")
        /// The location holds something that is not a library (``isFolder`` for a folder).
        package static let notALibrary = Code("notALibrary")
        /// The store, or its folder, cannot be created or opened (``reason``); or it needs an
        /// upgrade and is read-only here (``needsUpgrade``).
        package static let cannotOpen = Code("cannotOpen")
        /// The store was written by a newer version (``schemaVersion`` > ``supportedSchemaVersion``).
        package static let newerSchema = Code("newerSchema")
        /// The shared store is damaged; nothing was replaced (``copy``: where a copy is kept).
        package static let damagedStore = Code("damagedStore")
    }

    /// Which store: the run library or the shared store (settings, profiles, live state).
    package enum Store: String, Sendable, Equatable {
        case library, shared
    }

    package var code: Code
    package var message: String
    package var store: Store
    /// The location as the user chose it (a file path for SQLite), when known.
    package var location: String?
    /// What the operating system or the store said, in English.
    package var reason: String?
    /// For `notALibrary`: the location is a folder.
    package var isFolder: Bool?
    /// For `newerSchema` and `cannotOpen` with ``needsUpgrade``: the schema found and the one this version knows.
    package var schemaVersion: Int?
    package var supportedSchemaVersion: Int?
    /// For `cannotOpen`: the store needs an upgrade but is read-only here.
    package var needsUpgrade: Bool?
    /// For `damagedStore`: where a copy of the damaged file is kept.
    package var copy: String?
    /// Whether the store is in a database server (``location`` is its address and user), not a file.
    package var isDatabase: Bool?
    /// Whether the user named the location (a front end's option) rather than taking the default:
    /// set by the front end, for its hint (check the name given, or make the first library).
    package var isLocationChosen: Bool?

    package init(_ code: Code, _ message: String, store: Store, location: String? = nil, reason: String? = nil) {
        self.code = code
        self.message = message
        self.store = store
        self.location = location
        self.reason = reason
    }

    package var description: String { message }
    package var codeName: String { code.rawValue }

    package var data: [String: JSONValue] {
        .known(["store": .string(store.rawValue), "location": location.map { .string($0) }, "reason": reason.map { .string($0) },
                "isFolder": isFolder.map { .bool($0) }, "schemaVersion": schemaVersion.map { .integer(Int64($0)) },
                "supportedSchemaVersion": supportedSchemaVersion.map { .integer(Int64($0)) },
                "needsUpgrade": needsUpgrade.map { .bool($0) }, "copy": copy.map { .string($0) },
                "isDatabase": isDatabase.map { .bool($0) }])
    }
}
