import RunCore
import Foundation

/// Profiles: named sets of every setting, one of them active for every process.
extension SettingsStore {
    /// The active profile's name.
    package func activeProfile() throws -> String {
        try Self.activeProfile(in: store)
    }

    /// Every profile's name, in the order they were created.
    package func profiles() throws -> [String] {
        try Self.profiles(in: store)
    }

    /// Creates a profile with every setting at its default, or a copy of `source`'s values.
    /// - Throws: ``SettingsError`` `.invalidProfileName`, `.profileExists`, `.unknownProfile` (no `source`).
    package func createProfile(_ name: String, copying source: String? = nil) throws {
        try ProfileName.validate(name)
        try store.update { transaction in
            var profiles = try Self.profiles(in: transaction)
            try Self.requireFree(name, among: profiles)
            if let source {
                guard profiles.contains(source) else { throw unknownProfile(source) }
                try transaction.copyDomain(ProfileName.domain(source), to: ProfileName.domain(name))
            } else {
                try transaction.removeDomain(ProfileName.domain(name))
            }
            profiles.append(name)
            try transaction.set(.strings(profiles), forKey: Self.profilesKey, in: Self.appDomain)
        }
    }

    /// Renames a profile; it stays active if it was.
    package func renameProfile(_ old: String, to new: String) throws {
        try ProfileName.validate(new)
        try store.update { transaction in
            var profiles = try Self.profiles(in: transaction)
            guard let index = profiles.firstIndex(of: old) else { throw unknownProfile(old) }
            try Self.requireFree(new, among: profiles.filter { $0 != old })
            try transaction.copyDomain(ProfileName.domain(old), to: ProfileName.domain(new))
            try transaction.removeDomain(ProfileName.domain(old))
            profiles[index] = new
            try transaction.set(.strings(profiles), forKey: Self.profilesKey, in: Self.appDomain)
            if try Self.activeProfile(in: transaction) == old {
                try transaction.set(.string(new), forKey: Self.activeProfileKey, in: Self.appDomain)
            }
        }
    }

    /// Deletes a profile and its values. The active profile and the last one cannot be deleted.
    package func deleteProfile(_ name: String) throws {
        try store.update { transaction in
            var profiles = try Self.profiles(in: transaction)
            guard profiles.contains(name) else { throw unknownProfile(name) }
            guard try Self.activeProfile(in: transaction) != name else {
                var error = SettingsError(.activeProfile, "'\(name)' is the active profile: make another one active first")
                error.profile = name
                throw error
            }
            profiles.removeAll { $0 == name }
            try transaction.removeDomain(ProfileName.domain(name))
            try transaction.set(.strings(profiles), forKey: Self.profilesKey, in: Self.appDomain)
        }
    }

    /// Makes a profile the active one, for every process.
    package func useProfile(_ name: String) throws {
        try store.update { transaction in
            guard try Self.profiles(in: transaction).contains(name) else { throw unknownProfile(name) }
            try transaction.set(.string(name), forKey: Self.activeProfileKey, in: Self.appDomain)
        }
    }

    // MARK: - Helpers

    static func profiles(in transaction: any EntryReading) throws -> [String] {
        guard let entry = try transaction.entry(profilesKey, in: appDomain) else { return [ProfileName.first] }
        guard case .strings(let names) = entry.value, !names.isEmpty else {
            throw StoredDataError("the list of settings profiles in the settings store is not a list of names")
        }
        return names
    }

    static func activeProfile(in transaction: any EntryReading) throws -> String {
        guard let entry = try transaction.entry(activeProfileKey, in: appDomain) else { return ProfileName.first }
        guard case .string(let name) = entry.value else {
            throw StoredDataError("the active settings profile in the settings store is not a name")
        }
        return name
    }

    private static func requireFree(_ name: String, among profiles: [String]) throws {
        if let taken = profiles.first(where: { $0.lowercased() == name.lowercased() }) {
            var error = SettingsError(.profileExists, "there is a profile named '\(taken)' already")
            error.profile = taken
            throw error
        }
    }

    func requireProfile(_ name: String) throws {
        guard try profiles().contains(name) else { throw unknownProfile(name) }
    }

    func unknownProfile(_ name: String) -> SettingsError {
        SettingsError.unknownProfile(name, profiles: (try? profiles()) ?? [])
    }
}
