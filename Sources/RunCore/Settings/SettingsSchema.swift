/// Renames, removals and conversions between versions of the settings, applied to stored profiles
/// (in the spirit of AndroidX DataStore's `DataMigration` list).
public struct SettingsMigration: Sendable {
    /// The settings version this migration leads to.
    public var version: Int
    /// Old key → new key: the value (and whether the user set it) is carried over.
    public var renames: [String: String]
    /// Keys no longer used.
    public var removals: [String]
    /// Converts the stored value of a key (named after the renames) to what it now holds, e.g. a
    /// whole number that became a decimal; nil drops the value so the default applies.
    public var conversions: [String: @Sendable (SettingValue) -> SettingValue?]

    public init(version: Int, renames: [String: String] = [:], removals: [String] = [],
                conversions: [String: @Sendable (SettingValue) -> SettingValue?] = [:]) {
        self.version = version
        self.renames = renames
        self.removals = removals
        self.conversions = conversions
    }
}

/// A rule over several settings, checked whenever one of its keys changes (a single setting's
/// range is in its ``SettingDefinition``).
public struct SettingsRule: Sendable {
    /// The settings the rule reads.
    public var keys: Set<String>
    /// nil when the snapshot satisfies the rule, else why not.
    public var check: @Sendable (SettingsSnapshot) -> SettingsRuleViolation?

    public init(keys: Set<String>, check: @escaping @Sendable (SettingsSnapshot) -> SettingsRuleViolation?) {
        self.keys = keys
        self.check = check
    }
}

/// A rule between settings that a snapshot breaks.
public struct SettingsRuleViolation: Sendable, Equatable, CustomStringConvertible {
    /// The rule's stable name (`restingBelowMaximum`, `zonesIncreasing`), for messages in other languages.
    public var code: String
    /// The settings the rule is about, in the order the message names them.
    public var keys: [String]
    /// Their values, in the order of ``keys``.
    public var values: [SettingValue]
    /// The message in English, naming the settings and their values.
    public var message: String
    public var description: String { message }

    public init(code: String, keys: [String], values: [SettingValue], message: String) {
        self.code = code
        self.keys = keys
        self.values = values
        self.message = message
    }
}

/// The declaration of a set of settings: definitions, rules between them, and the migrations of
/// their keys. ``SettingsSchema/runlog`` is runlog's; tests declare their own.
public struct SettingsSchema: Sendable {
    public var definitions: [SettingDefinition]
    public var rules: [SettingsRule]
    /// In order; the last one's version is the current version of the settings.
    public var migrations: [SettingsMigration]

    public init(definitions: [SettingDefinition], rules: [SettingsRule] = [], migrations: [SettingsMigration] = []) {
        self.definitions = definitions
        self.rules = rules
        self.migrations = migrations
    }

    /// The current version of the settings (0 without migrations).
    public var version: Int { migrations.last?.version ?? 0 }

    /// The definition of a key, or nil.
    public func definition(_ key: String) -> SettingDefinition? { definitions.first { $0.key == key } }

    /// What is wrong with a snapshot for the rules that read any of `changedKeys` (all rules when nil).
    public func violations(of snapshot: SettingsSnapshot, changedKeys: Set<String>? = nil) -> [SettingsRuleViolation] {
        rules.filter { changedKeys == nil || !$0.keys.isDisjoint(with: changedKeys!) }.compactMap { $0.check(snapshot) }
    }

    /// runlog's settings. Version 2 drops `analysis.elevationDeadBand`: each elevation source has
    /// its own dead band now (``ElevationProfiler``).
    public static let runlog = SettingsSchema(definitions: Settings.all, rules: Settings.rules,
                                              migrations: [SettingsMigration(version: 1),
                                                           SettingsMigration(version: 2, removals: ["analysis.elevationDeadBand"])])
}
