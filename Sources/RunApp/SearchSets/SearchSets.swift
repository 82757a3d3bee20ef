package import RunCore
package import RunStore

/// The saved search sets with the rules that tie them to the settings, as every front end uses
/// them: the library's sets (only "All runs" while there is no library), the profiles whose
/// `search.defaultSet` names a set, the rename that follows a set into those profiles, and the
/// delete that refuses a set a profile uses as its default.
package struct SearchSets {
    /// The library, or nil when there is none yet.
    package let library: (any RunLibrary)?
    /// The settings, or nil when there is no shared store yet (every profile holds the defaults then).
    package let settings: SettingsStore?

    package init(library: (any RunLibrary)?, settings: SettingsStore?) {
        self.library = library
        self.settings = settings
    }

    /// Every set, "All runs" first, then by name.
    package func sets() throws -> [SearchSet] {
        try library?.searchSets() ?? [SearchSet(name: SearchSet.allRunsName)]
    }

    /// The set with this name (case ignored).
    /// - Throws: ``RunCore/SearchError`` `.unknownSet` naming the sets that exist.
    package func set(named name: String) throws -> SearchSet {
        try SearchSet.find(name, in: try sets())
    }

    /// The settings profiles whose `search.defaultSet` names `name` (case ignored), with the value
    /// as they hold it, by profile name.
    package func profilesNaming(_ name: String) throws -> [(profile: String, value: String)] {
        guard let settings else { return SearchSet.sameName(name, SearchSet.allRunsName) ? [("default", name)] : [] }
        return try settings.profiles().compactMap { profile in
            let value = try settings.snapshot(profile: profile)[Settings.defaultSearchSet]
            return SearchSet.sameName(value, name) ? (profile, value) : nil
        }
    }

    /// Renames a set, and the set in every settings profile whose `search.defaultSet` names it.
    ///
    /// The library and the shared store are two stores, so no one transaction holds both: the set
    /// is renamed in the library first; then every profile naming it is changed in one
    /// transaction of the shared store (the profiles picked under its write lock); when that
    /// fails, the set is renamed back (a compensation), so that no profile is left naming a set
    /// that no longer has that name. Another process reading between the two steps may see the
    /// new name while a profile still holds the old.
    /// - Parameters:
    ///   - name: the set's name (case ignored).
    ///   - newName: its new name (``RunCore/SearchSet/validateName(_:)``).
    ///   - nowSeconds: the time of the change, seconds since 1970 UTC (nil: the clock).
    /// - Returns: the stored old name, the new name and the profiles changed.
    /// - Throws: ``RunCore/SearchError`` (`.unknownSet`, `.protectedSet`, `.invalidName`,
    ///   `.nameTaken`); ``StorageOpenError`` `.noLibrary` without a library; what the profiles' update
    ///   throws (the set has its old name again then); ``SearchSetRenameFailure`` when renaming
    ///   back failed too.
    package func rename(_ name: String, to newName: String, nowSeconds: Double? = nil) throws -> SearchSetRename {
        guard let library else { throw StorageOpenError(.noLibrary, "there is no library yet: it holds the search sets", store: .library) }
        let old = try library.renameSearchSet(name, to: newName, nowSeconds: nowSeconds)
        guard let settings else { return SearchSetRename(oldName: old, newName: newName, profiles: []) }
        do {
            let definition = try settings.definition(Settings.defaultSearchSet.key)
            let value = try definition.parse(newName).get()
            let profiles = try settings.set([definition.key: value]) { SearchSet.sameName($0[Settings.defaultSearchSet], old) }
            return SearchSetRename(oldName: old, newName: newName, profiles: profiles)
        } catch {
            do {
                try library.renameSearchSet(newName, to: old, nowSeconds: nowSeconds)
            } catch let compensation {
                throw SearchSetRenameFailure(oldName: old, newName: newName, cause: error, compensation: compensation)
            }
            throw error
        }
    }

    /// Deletes a set that no settings profile uses as its default.
    /// - Returns: the stored name it had.
    /// - Throws: ``RunCore/SearchError`` `.unknownSet`, `.protectedSet`, `.setInUse` (naming the
    ///   first profile using it, by name); ``StorageOpenError`` `.noLibrary` without a library.
    @discardableResult
    package func delete(named name: String) throws -> String {
        let set = try set(named: name)
        if !set.isAllRuns, let (profile, _) = try profilesNaming(set.name).first {
            throw SearchError(.setInUse, "the search set '\(set.name)' is the default search set of settings profile '\(profile)'; "
                              + "make another set its default first", name: set.name, profile: profile)
        }
        guard let library else { throw StorageOpenError(.noLibrary, "there is no library yet: it holds the search sets", store: .library) }
        return try library.deleteSearchSet(named: set.name)
    }
}

/// A set renamed, and the settings profiles that now name it so.
package struct SearchSetRename: Sendable, Equatable {
    /// The name the set had, as stored.
    package var oldName: String
    package var newName: String
    /// The profiles whose `search.defaultSet` changed to the new name, sorted.
    package var profiles: [String]

    package init(oldName: String, newName: String, profiles: [String]) {
        self.oldName = oldName
        self.newName = newName
        self.profiles = profiles
    }
}

/// A rename whose profile update failed and whose set could not be renamed back: the set has the
/// new name, and the profiles naming it still hold the old one.
package struct SearchSetRenameFailure: Error, CustomStringConvertible {
    package var oldName: String
    package var newName: String
    /// Why the profiles were not updated.
    package var cause: any Error
    /// Why the set could not be renamed back.
    package var compensation: any Error

    package var description: String {
        "the search set '\(oldName)' was renamed to '\(newName)', but the settings profiles naming it could not be updated (\(cause)) "
            + "and renaming it back failed (\(compensation)); rename it back to '\(oldName)' or set search.defaultSet to '\(newName)'"
    }
}
