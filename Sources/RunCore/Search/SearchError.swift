/// A search or a saved search set that cannot be used: a bad definition, an unknown or protected
/// set, a name that is taken or not allowed. `message` says what is wrong in English, naming no
/// command; the data (`name`, `sets`, `version`, `profile`, `setting`) let a front end say it in the user's
/// language and add its own hint (RunUI's `SearchErrorText`).
package struct SearchError: CodedError, Equatable {
    package struct Code: Hashable, Sendable {
        package let rawValue: String
        package init(_ rawValue: String) { self.rawValue = rawValue }
        /// A filter's value is not allowed (a range upside down, an unknown sport, two date filters).
        package static let invalidDefinition = Code("invalidDefinition")
        /// No set has the name; ``sets`` are the sets that exist.
        package static let unknownSet = Code("unknownSet")
        /// The name is not allowed (empty, spaces at its ends, too long, control characters).
        package static let invalidName = Code("invalidName")
        /// Another set has the name (names are compared without regard to case).
        package static let nameTaken = Code("nameTaken")
        /// The default set "All runs" cannot be changed, renamed or deleted.
        package static let protectedSet = Code("protectedSet")
        /// The set is the default search set of a settings profile and cannot be deleted.
        package static let setInUse = Code("setInUse")
    }

    package var code: Code
    /// What is wrong, in English, for logs and tests.
    package var message: String
    /// The set's name as given, when the error is about one.
    package var name: String?
    /// The names of the sets there are, for ``Code/unknownSet``.
    package var sets: [String]?
    /// The version of a stored definition newer than this version reads.
    package var version: Int?
    /// The settings profile whose `search.defaultSet` names the set.
    package var profile: String?
    /// The setting whose value names no set (`search.defaultSet`), for ``Code/unknownSet``.
    package var setting: String?

    package init(_ code: Code, _ message: String, name: String? = nil, sets: [String]? = nil, version: Int? = nil,
                profile: String? = nil) {
        self.code = code
        self.message = message
        self.name = name
        self.sets = sets
        self.version = version
        self.profile = profile
    }

    package var description: String { message }

    package var codeName: String { code.rawValue }

    /// `name`, `sets`, `version`, `profile`, `setting`, as far as known.
    package var data: [String: JSONValue] {
        .known(["name": name.map { .string($0) }, "sets": sets.map { .array($0.map { .string($0) }) },
                "version": version.map { .integer(Int64($0)) }, "profile": profile.map { .string($0) },
                "setting": setting.map { .string($0) }])
    }
}
