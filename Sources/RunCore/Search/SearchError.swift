/// A search or a saved search set that cannot be used: a bad definition, an unknown or protected
/// set, a name that is taken or not allowed. `message` says what is wrong in English, naming no
/// command; the data (`name`, `sets`, `version`, `profile`, `setting`) let a front end say it in the user's
/// language and add its own hint (RunUI's `SearchErrorText`).
public struct SearchError: CodedError, Equatable {
    public struct Code: Hashable, Sendable {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// A filter's value is not allowed (a range upside down, an unknown sport, two date filters).
        public static let invalidDefinition = Code("invalidDefinition")
        /// No set has the name; ``sets`` are the sets that exist.
        public static let unknownSet = Code("unknownSet")
        /// The name is not allowed (empty, spaces at its ends, too long, control characters).
        public static let invalidName = Code("invalidName")
        /// Another set has the name (names are compared without regard to case).
        public static let nameTaken = Code("nameTaken")
        /// The default set "All runs" cannot be changed, renamed or deleted.
        public static let protectedSet = Code("protectedSet")
        /// The set is the default search set of a settings profile and cannot be deleted.
        public static let setInUse = Code("setInUse")
    }

    public var code: Code
    /// What is wrong, in English, for logs and tests.
    public var message: String
    /// The set's name as given, when the error is about one.
    public var name: String?
    /// The names of the sets there are, for ``Code/unknownSet``.
    public var sets: [String]?
    /// The version of a stored definition newer than this version reads.
    public var version: Int?
    /// The settings profile whose `search.defaultSet` names the set.
    public var profile: String?
    /// The setting whose value names no set (`search.defaultSet`), for ``Code/unknownSet``.
    public var setting: String?

    public init(_ code: Code, _ message: String, name: String? = nil, sets: [String]? = nil, version: Int? = nil,
                profile: String? = nil) {
        self.code = code
        self.message = message
        self.name = name
        self.sets = sets
        self.version = version
        self.profile = profile
    }

    public var description: String { message }

    public var codeName: String { code.rawValue }

    /// `name`, `sets`, `version`, `profile`, `setting`, as far as known.
    public var data: [String: JSONValue] {
        .known(["name": name.map { .string($0) }, "sets": sets.map { .array($0.map { .string($0) }) },
                "version": version.map { .integer(Int64($0)) }, "profile": profile.map { .string($0) },
                "setting": setting.map { .string($0) }])
    }
}
