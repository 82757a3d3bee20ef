import Foundation
import RunApp
import RunCore
import RunStore
import RunStoreSQLite
import Testing
import TestSupport

/// The search sets' rules across the library and the settings: the rename cascade (with its
/// compensation) and the set-in-use rule.
@Suite struct SearchSetsTests {
    let home = TemporaryDirectory("runlog-app-sets")

    /// A library with the sets "Trail" and "Hills", and profiles `default` and `race` naming
    /// "Trail" as their default set and `easy` naming "Hills".
    func setUp(shared: (any SharedStorage)? = nil) throws -> (library: any RunLibrary, settings: SettingsStore) {
        let storage = SQLiteStorage(libraryLocation: home.file("library.sqlite"), sharedLocation: home.file("group.sqlite"))
        let library = try storage.openLibrary(creating: true)
        try library.createSearchSet(named: "Trail", definition: SearchDefinition())
        try library.createSearchSet(named: "Hills", definition: SearchDefinition())
        let settings = try SettingsStore(store: try shared ?? storage.openSharedStorage())
        settings.references = LibraryReferences(storage: storage)
        try settings.createProfile("race", copying: nil)
        try settings.createProfile("easy", copying: nil)
        _ = try settings.set(Settings.defaultSearchSet.key, text: "trail", profile: "default")
        _ = try settings.set(Settings.defaultSearchSet.key, text: "Trail", profile: "race")
        _ = try settings.set(Settings.defaultSearchSet.key, text: "Hills", profile: "easy")
        return (library, settings)
    }

    func defaults(_ settings: SettingsStore) throws -> [String: String] {
        var values: [String: String] = [:]
        for profile in try settings.profiles() { values[profile] = try settings.snapshot(profile: profile)[Settings.defaultSearchSet] }
        return values
    }

    @Test func aRenameFollowsIntoEveryProfileNamingTheSet() throws {
        let (library, settings) = try setUp()
        let renamed = try SearchSets(library: library, settings: settings).rename("TRAIL", to: "Trails")
        #expect(renamed == SearchSetRename(oldName: "Trail", newName: "Trails", profiles: ["default", "race"]))
        #expect(try library.searchSets().map(\.name) == ["All runs", "Hills", "Trails"])
        #expect(try defaults(settings) == ["default": "Trails", "race": "Trails", "easy": "Hills"])
    }

    @Test func aFailedProfileUpdateLeavesTheSetsOldName() throws {
        let storage = SQLiteStorage(libraryLocation: home.file("library.sqlite"), sharedLocation: home.file("group.sqlite"))
        let shared = FailingSharedStorage(try storage.openSharedStorage())
        let (library, settings) = try setUp(shared: shared)
        shared.failsUpdates = true
        #expect(throws: FailingSharedStorage.Refusal.self) {
            try SearchSets(library: library, settings: settings).rename("Trail", to: "Trails")
        }
        #expect(try library.searchSets().map(\.name) == ["All runs", "Hills", "Trail"])
        shared.failsUpdates = false
        #expect(try defaults(settings) == ["default": "trail", "race": "Trail", "easy": "Hills"])
    }

    @Test func aSetAProfileUsesCannotBeDeleted() throws {
        let (library, settings) = try setUp()
        let sets = SearchSets(library: library, settings: settings)
        #expect(try sets.profilesNaming("trail").map(\.profile) == ["default", "race"])
        let error = try #require(throws: SearchError.self) { try sets.delete(named: "hills") }
        #expect(error.code == .setInUse)
        #expect(error.message == "the search set 'Hills' is the default search set of settings profile 'easy'; make another set its default first")
        #expect(error.profile == "easy")
        _ = try settings.set(Settings.defaultSearchSet.key, text: "Trail", profile: "easy")
        #expect(try sets.delete(named: "hills") == "Hills")
        #expect(try library.searchSets().map(\.name) == ["All runs", "Trail"])
    }

    @Test func withoutALibraryOnlyAllRunsIsThere() throws {
        let sets = SearchSets(library: nil, settings: nil)
        #expect(try sets.sets().map(\.name) == ["All runs"])
        #expect(try sets.profilesNaming("all runs").map(\.profile) == ["default"])
        #expect(throws: StorageOpenError.self) { try sets.rename("All runs", to: "x") }
    }
}

/// A shared store whose writes fail on demand (its reads go through).
final class FailingSharedStorage: SharedStorage {
    struct Refusal: Error {}
    let base: any SharedStorage
    var failsUpdates = false

    init(_ base: any SharedStorage) { self.base = base }

    var isReadOnly: Bool { base.isReadOnly }
    var location: String { base.location }
    var changeToken: Int64 { base.changeToken }
    func domains() throws -> [String] { try base.domains() }
    func entry(_ key: String, in domain: String) throws -> StoredEntry? { try base.entry(key, in: domain) }
    func entries(in domain: String) throws -> [String: StoredEntry] { try base.entries(in: domain) }
    func update<T>(_ body: (any EntryTransaction) throws -> T) throws -> T {
        if failsUpdates { throw Refusal() }
        return try base.update(body)
    }
    func live() -> any LiveStorage { base.live() }
    func observeChanges(fallbackSeconds: Double, handler: @escaping @Sendable () -> Void) throws -> any ChangeObservation {
        try base.observeChanges(fallbackSeconds: fallbackSeconds, handler: handler)
    }
}
