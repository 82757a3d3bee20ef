package import RunCore
import Foundation

/// runlog's settings, kept in the shared store (``SharedStore``) so every process sees the same
/// values and the same active profile.
///
/// - Profiles are named sets of every setting; one of them is active for all processes.
/// - Reading an absent setting gives its declared default, and writes it to the store with the
///   origin `default` — under the write lock, only when the store opened cleanly and the key is
///   truly absent. A value whose origin is `default` follows the declaration when a later runlog
///   changes the default; a value the user set is never changed by runlog.
/// - Every write is validated here, whoever the caller is: the setting's own kind and range
///   (``SettingDefinition/parse(_:)``) and the rules between settings (``SettingsRule``); a refused
///   write changes nothing.
/// - The settings' own version is kept in the store; ``SettingsSchema/migrations`` carry renamed
///   settings' values over when a newer runlog opens it.
///
/// Layout in the store: domain `app` holds `activeProfile` (String), `profiles` ([String]) and
/// `settingsVersion` (Int); domain `settings:NAME` holds profile NAME's values by key.
package final class SettingsStore {
    package let store: any SharedStorage
    package let schema: SettingsSchema
    /// Checks the values that name things outside the settings (``LibraryReferences``), when set.
    package var references: (any SettingsReferenceChecking)?

    static let appDomain = "app"
    static let activeProfileKey = "activeProfile"
    static let profilesKey = "profiles"
    static let versionKey = "settingsVersion"

    /// Opens the settings in a shared store, creating the first profile (`default`) and applying
    /// migrations if needed.
    /// - Throws: ``SettingsError``, the store's ``StorageFailure``.
    package init(store: any SharedStorage, schema: SettingsSchema = .runlog) throws {
        self.store = store
        self.schema = schema
        try prepare()
    }

    /// First profile and migrations, once, under the write lock.
    private func prepare() throws {
        let app = try store.entries(in: Self.appDomain)
        let version = app[Self.versionKey].flatMap { if case .int(let v) = $0.value { v } else { nil } }
        guard app[Self.profilesKey] == nil || app[Self.activeProfileKey] == nil || (version ?? 0) < schema.version else { return }
        try store.update { transaction in
            let app = try transaction.entries(in: Self.appDomain)
            if app[Self.profilesKey] == nil {
                try transaction.set(.strings([ProfileName.first]), forKey: Self.profilesKey, in: Self.appDomain)
            }
            if app[Self.activeProfileKey] == nil {
                try transaction.set(.string(ProfileName.first), forKey: Self.activeProfileKey, in: Self.appDomain)
            }
            let stored = app[Self.versionKey].flatMap { if case .int(let v) = $0.value { v } else { nil } }
            if let stored, stored < schema.version {
                let profiles = try Self.profiles(in: transaction)
                for migration in schema.migrations where migration.version > stored {
                    for profile in profiles { try Self.apply(migration, to: ProfileName.domain(profile), in: transaction) }
                }
            }
            if stored == nil || stored! < schema.version {
                try transaction.set(.int(schema.version), forKey: Self.versionKey, in: Self.appDomain)
            }
        }
    }

    private static func apply(_ migration: SettingsMigration, to domain: String, in transaction: any EntryTransaction) throws {
        for (old, new) in migration.renames.sorted(by: { $0.key < $1.key }) {
            guard let entry = try transaction.entry(old, in: domain) else { continue }
            if try transaction.entry(new, in: domain) == nil {
                try transaction.apply(StoreWrite(domain: domain, key: new, entry: entry))
            }
            try transaction.remove(old, in: domain)
        }
        for key in migration.removals { try transaction.remove(key, in: domain) }
        for (key, convert) in migration.conversions {
            guard let entry = try transaction.entry(key, in: domain) else { continue }
            if let value = SettingValue(entry.value).flatMap(convert) {
                try transaction.set(value.storedValue, forKey: key, in: domain, origin: entry.origin)
            } else {
                try transaction.remove(key, in: domain)
            }
        }
    }

    // MARK: - Reading

    /// Every setting of a profile (the active one when nil), with defaults written for absent
    /// settings as described above. A stored value that is no longer allowed (a range narrowed
    /// since) reads as the default, and ``SettingsReading/notes`` says so; the stored value stays.
    /// - Throws: ``SettingsError`` `.unknownProfile`, storage errors.
    package func read(profile: String? = nil) throws -> SettingsReading {
        let name = try profile ?? activeProfile()
        try requireProfile(name)
        let domain = ProfileName.domain(name)
        var entries = try store.entries(in: domain)
        if needsDefaults(entries) {
            // A read never fails because of this write (a read-only store, a busy lock): the
            // defaults then stay in memory.
            if let updated = try? store.update({ transaction in
                let current = try transaction.entries(in: domain)
                for write in defaultWrites(current, domain: domain) { try transaction.apply(write) }
                return try transaction.entries(in: domain)
            }) {
                entries = updated
            }
        }
        return reading(entries, profile: name)
    }

    /// The settings of a profile (the active one when nil) as typed values.
    package func snapshot(profile: String? = nil) throws -> SettingsSnapshot {
        try read(profile: profile).snapshot
    }

    private func needsDefaults(_ entries: [String: StoredEntry]) -> Bool {
        !defaultWrites(entries, domain: "").isEmpty
    }

    /// Defaults to write: for absent keys, and for default-origin values whose default changed.
    private func defaultWrites(_ entries: [String: StoredEntry], domain: String) -> [StoreWrite] {
        schema.definitions.compactMap { definition in
            let wanted = definition.defaultValue.storedValue
            if let entry = entries[definition.key] {
                guard entry.origin == .default, entry.value != wanted else { return nil }
            }
            return .set(wanted, forKey: definition.key, in: domain, origin: .default)
        }
    }

    private func reading(_ entries: [String: StoredEntry], profile: String) -> SettingsReading {
        var values: [String: SettingValue] = [:]
        var items: [SettingsReading.Item] = []
        var notes: [String] = []
        for definition in schema.definitions {
            var value = definition.defaultValue
            var origin = ValueOrigin.default
            if let entry = entries[definition.key] {
                if let stored = SettingValue(entry.value), definition.accepts(stored) {
                    value = stored
                    origin = entry.origin
                } else {
                    notes.append("\(definition.key): the stored value \(entry.value) is not \(definition.allowed); "
                                 + "the default \(definition.defaultValue.text) applies until it is set again")
                }
            }
            values[definition.key] = value
            items.append(SettingsReading.Item(definition: definition, value: value, origin: origin))
        }
        let snapshot = SettingsSnapshot(profile: profile, values: values)
        notes += schema.violations(of: snapshot).map(\.message)
        return SettingsReading(snapshot: snapshot, items: items, notes: notes)
    }

    // MARK: - Writing

    /// Sets a setting from the text a user typed (`190`, `2.5`, `on`, `imperial`).
    /// - Returns: the value stored.
    /// - Throws: ``SettingsError`` `.unknownSetting`, `.invalidSetting` (naming the setting and what
    ///   is allowed; nothing changes), `.unknownProfile`, storage errors.
    @discardableResult
    package func set(_ key: String, text: String, profile: String? = nil) throws -> SettingValue {
        let definition = try self.definition(key)
        switch definition.parse(text) {
        case .success(let value):
            try set([key: value], profile: profile)
            return value
        case .failure(let error):
            throw SettingsError(.invalidSetting, error.message, refusal: .value(error))
        }
    }

    /// Sets several settings at once, all or none, after checking each value and the rules.
    /// - Throws: as ``set(_:text:profile:)``.
    package func set(_ values: [String: SettingValue], profile: String? = nil) throws {
        try change(profile: profile) { current in
            for (key, value) in values {
                let definition = try self.definition(key)
                guard definition.accepts(value) else { throw Self.notAccepted(value, by: definition) }
                current[key] = StoredEntry(value: value.storedValue, origin: .user)
            }
        }
    }

    /// Sets a typed setting.
    package func set<Value>(_ setting: Setting<Value>, _ value: SettingValue, profile: String? = nil) throws {
        try set([setting.key: value], profile: profile)
    }

    /// Puts one setting (or, with nil, every setting) of a profile back to its default.
    /// - Throws: ``SettingsError`` `.unknownSetting`, `.invalidSetting` when the default breaks a
    ///   rule with a value the user set (reset that one too), `.unknownProfile`.
    package func reset(_ key: String? = nil, profile: String? = nil) throws {
        let keys = try key.map { [try definition($0).key] } ?? schema.definitions.map(\.key)
        try change(profile: profile) { current in
            for key in keys {
                current[key] = StoredEntry(value: try definition(key).defaultValue.storedValue, origin: .default)
            }
        }
    }

    /// Replaces a profile's values with `values` (the others return to their defaults), all or none.
    package func replace(with values: [String: SettingValue], profile: String? = nil) throws {
        try change(profile: profile) { current in
            for definition in schema.definitions {
                if let value = values[definition.key] {
                    guard definition.accepts(value) else { throw Self.notAccepted(value, by: definition) }
                    current[definition.key] = StoredEntry(value: value.storedValue, origin: .user)
                } else {
                    current[definition.key] = StoredEntry(value: definition.defaultValue.storedValue, origin: .default)
                }
            }
        }
    }

    /// Reads a profile's entries under the write lock, lets `body` change them, checks the rules
    /// for the changed keys, and writes the changes — or nothing when anything throws.
    private func change(profile: String?, _ body: (inout [String: StoredEntry]) throws -> Void) throws {
        try store.update { transaction in
            let name = try profile ?? Self.activeProfile(in: transaction)
            guard try Self.profiles(in: transaction).contains(name) else { throw unknownProfile(name) }
            try change(name, in: transaction, body)
        }
    }

    /// Sets `values` in every profile whose settings `select` picks, in one transaction: every
    /// profile picked is changed, or none (a value refused for one profile changes nothing).
    /// The profiles are picked under the write lock, so no other writer comes between.
    /// - Returns: the profiles changed, sorted.
    /// - Throws: as ``set(_:profile:)``; nothing is changed then.
    @discardableResult
    package func set(_ values: [String: SettingValue], inProfilesWhere select: (SettingsSnapshot) -> Bool) throws -> [String] {
        try store.update { transaction in
            var changed: [String] = []
            for name in try Self.profiles(in: transaction).sorted() {
                let snapshot = reading(try transaction.entries(in: ProfileName.domain(name)), profile: name).snapshot
                guard select(snapshot) else { continue }
                try change(name, in: transaction) { current in
                    for (key, value) in values {
                        let definition = try self.definition(key)
                        guard definition.accepts(value) else { throw Self.notAccepted(value, by: definition) }
                        current[key] = StoredEntry(value: value.storedValue, origin: .user)
                    }
                }
                changed.append(name)
            }
            return changed
        }
    }

    /// Changes one existing profile's entries inside `transaction` (see ``change(profile:_:)``).
    private func change(_ name: String, in transaction: any EntryTransaction,
                        _ body: (inout [String: StoredEntry]) throws -> Void) throws {
        let domain = ProfileName.domain(name)
        let before = try transaction.entries(in: domain)
        var after = before
        try body(&after)
        let changed = Set(after.keys.filter { after[$0] != before[$0] })
        let snapshot = reading(after, profile: name).snapshot
        if let violation = schema.violations(of: snapshot, changedKeys: changed).first {
            throw SettingsError(.invalidSetting, violation.message + "; nothing was changed", refusal: .rule(violation))
        }
        if let references {
            for key in changed.sorted() {
                if let value = snapshot.values[key], let problem = references.problem(key: key, value: value) {
                    var error = SettingsError(.invalidSetting, problem + "; nothing was changed")
                    (error.key, error.value, error.problems) = (key, value.text, [problem])
                    throw error
                }
            }
        }
        for key in changed.sorted() {
            try transaction.apply(StoreWrite(domain: domain, key: key, entry: after[key]))
        }
    }

    /// The definition of a key.
    /// - Throws: ``SettingsError`` `.unknownSetting`, suggesting keys that contain it.
    package func definition(_ key: String) throws -> SettingDefinition {
        guard let definition = schema.definition(key) else {
            let near = schema.definitions.map(\.key).filter { $0.lowercased().contains(key.lowercased()) || key.lowercased().contains($0.lowercased()) }
            var error = SettingsError(.unknownSetting, "there is no setting '\(key)'"
                                      + (near.isEmpty ? "" : " (did you mean \(near.joined(separator: ", "))?)"))
            (error.key, error.suggestions) = (key, near)
            throw error
        }
        return definition
    }

    /// A typed value the definition does not accept (a typed value that did not come from its text).
    private static func notAccepted(_ value: SettingValue, by definition: SettingDefinition) -> SettingsError {
        var error = SettingsError(.invalidSetting, "\(definition.key) cannot be \(value.text): it takes \(definition.allowed)")
        (error.key, error.value) = (definition.key, value.text)
        return error
    }
}

/// The settings of one profile as read: typed values, each with its definition and origin, and
/// notes about stored values that could not be used.
package struct SettingsReading: Sendable {
    package struct Item: Sendable, Hashable {
        package var definition: SettingDefinition
        package var value: SettingValue
        /// `user` when the user set it, `default` otherwise.
        package var origin: ValueOrigin
    }

    package var snapshot: SettingsSnapshot
    /// In the schema's order.
    package var items: [Item]
    package var notes: [String]
}
