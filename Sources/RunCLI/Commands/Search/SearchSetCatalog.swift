import RunApp
import RunCore
import RunStore

/// The search sets as a command sees them: the library's, or only the default set when there is
/// no library yet, with the setting that names the default.
struct SearchSetCatalog {
    let context: CommandContext

    /// Whether there is a library to read (a missing `--library` is an error, a missing default one is empty).
    private var hasLibrary: Bool { context.libraryExists || context.isLibraryExplicit }

    /// The search sets with their rules (RunApp's ``RunApp/SearchSets``): over the library when
    /// there is one — or when `requiringLibrary`, which reports a missing one — and the settings
    /// when there is a store.
    func searchSets(requiringLibrary: Bool = false) throws -> SearchSets {
        SearchSets(library: requiringLibrary || hasLibrary ? try context.library() : nil,
                   settings: context.settingsStoreExists ? try context.settingsStore() : nil)
    }

    /// Every set, the default set first.
    func sets() throws -> [SearchSet] { try searchSets().sets() }

    /// The name the `search.defaultSet` setting holds in the profile the command runs with.
    func defaultSetName() throws -> String { try context.settings()[Settings.defaultSearchSet] }
}
