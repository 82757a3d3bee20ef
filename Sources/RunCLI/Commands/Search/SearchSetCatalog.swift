import RunCore
import RunStore

/// The search sets as a command sees them: the library's, or only the default set when there is
/// no library yet; the set a search uses; the settings profiles that name a set as their default.
struct SearchSetCatalog {
    let context: CommandContext

    /// Whether there is a library to read (a missing `--library` is an error, a missing default one is empty).
    private var hasLibrary: Bool { context.libraryExists || context.isLibraryExplicit }

    /// Every set, the default set first.
    func sets() throws -> [SearchSet] {
        hasLibrary ? try context.library().searchSets() : [SearchSet(name: SearchSet.allRunsName)]
    }

    /// The name the `search.defaultSet` setting holds in the profile the command runs with.
    func defaultSetName() throws -> String { try context.settings()[Settings.defaultSearchSet] }

    /// The set named `--set NAME`, else the one the `search.defaultSet` setting names.
    /// - Throws: ``SearchError`` `.unknownSet` naming the sets that exist (and the setting, when it named it).
    func set(named name: String?) throws -> SearchSet {
        try SearchSet.find(name, orDefault: try defaultSetName(), in: try sets(),
                           hint: "choose one with 'runlog settings set search.defaultSet NAME', or name one with --set")
    }

    /// The settings profiles whose `search.defaultSet` names `name` (case ignored), with the value
    /// as they hold it; none when there is no settings store yet.
    func profilesNaming(_ name: String) throws -> [(profile: String, value: String)] {
        guard context.settingsStoreExists else { return SearchSet.sameName(name, SearchSet.allRunsName) ? [("default", name)] : [] }
        let store = try context.settingsStore()
        return try store.profiles().compactMap { profile in
            let value = try store.snapshot(profile: profile)[Settings.defaultSearchSet]
            return SearchSet.sameName(value, name) ? (profile, value) : nil
        }
    }
}
