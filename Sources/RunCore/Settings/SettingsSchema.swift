/// Renames, removals and conversions between versions of the settings, applied to stored profiles
/// (in the spirit of AndroidX DataStore's `DataMigration` list).
package struct SettingsMigration: Sendable {
    /// The settings version this migration leads to.
    package var version: Int
    /// Old key → new key: the value (and whether the user set it) is carried over.
    package var renames: [String: String]
    /// Keys no longer used.
    package var removals: [String]
    /// Converts the stored value of a key (named after the renames) to what it now holds, e.g. a
    /// whole number that became a decimal; nil drops the value so the default applies.
    package var conversions: [String: @Sendable (SettingValue) -> SettingValue?]

    package init(version: Int, renames: [String: String] = [:], removals: [String] = [],
                conversions: [String: @Sendable (SettingValue) -> SettingValue?] = [:]) {
        self.version = version
        self.renames = renames
        self.removals = removals
        self.conversions = conversions
    }
}

/// A rule over several settings, checked whenever one of its keys changes (a single setting's
/// range is in its ``SettingDefinition``).
package struct SettingsRule: Sendable {
    /// The settings the rule reads.
    package var keys: Set<String>
    /// nil when the snapshot satisfies the rule, else why not.
    package var check: @Sendable (SettingsSnapshot) -> SettingsRuleViolation?

    package init(keys: Set<String>, check: @escaping @Sendable (SettingsSnapshot) -> SettingsRuleViolation?) {
        self.keys = keys
        self.check = check
    }
}

/// A rule between settings that a snapshot breaks.
package struct SettingsRuleViolation: Sendable, Equatable, CustomStringConvertible {
    /// The rule's stable name (`restingBelowMaximum`, `zonesIncreasing`), for messages in other languages.
    package var code: String
    /// The settings the rule is about, in the order the message names them.
    package var keys: [String]
    /// Their values, in the order of ``keys``.
    package var values: [SettingValue]
    /// The message in English, naming the settings and their values.
    package var message: String
    package var description: String { message }

    package init(code: String, keys: [String], values: [SettingValue], message: String) {
        self.code = code
        self.keys = keys
        self.values = values
        self.message = message
    }
}

/// The declaration of a set of settings: definitions, rules between them, and the migrations of
/// their keys. ``SettingsSchema/runlog`` is runlog's; tests declare their own.
package struct SettingsSchema: Sendable {
    package var definitions: [SettingDefinition]
    package var rules: [SettingsRule]
    /// In order; the last one's version is the current version of the settings.
    package var migrations: [SettingsMigration]

    package init(definitions: [SettingDefinition], rules: [SettingsRule] = [], migrations: [SettingsMigration] = []) {
        self.definitions = definitions
        self.rules = rules
        self.migrations = migrations
    }

    /// The current version of the settings (0 without migrations).
    package var version: Int { migrations.last?.version ?? 0 }

    /// The definition of a key, or nil.
    package func definition(_ key: String) -> SettingDefinition? { definitions.first { $0.key == key } }

    /// What is wrong with a snapshot for the rules that read any of `changedKeys` (all rules when nil).
    package func violations(of snapshot: SettingsSnapshot, changedKeys: Set<String>? = nil) -> [SettingsRuleViolation] {
        rules.filter { changedKeys == nil || !$0.keys.isDisjoint(with: changedKeys!) }.compactMap { $0.check(snapshot) }
    }

    /// runlog's settings. Version 2 drops `analysis.elevationDeadBand`: each elevation source has
    /// its own dead band now (``ElevationProfiler``).
    package static let runlog = SettingsSchema(definitions: Settings.all, rules: Settings.rules,
                                              migrations: [SettingsMigration(version: 1),
                                                           SettingsMigration(version: 2, removals: ["analysis.elevationDeadBand"])])
}
