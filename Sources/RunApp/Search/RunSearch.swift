public import Foundation
public import RunCore
public import RunStore

/// A search as every front end does it (`runlog search`, the search page, `GET /api/v1/search`):
/// the set named, else the one the `search.defaultSet` setting names (never a silent fall-back);
/// every word must occur in a run's name, notes or place; relative periods at `now` in the user's
/// calendar (time zone and first weekday from ``DisplayPreferences``).
public struct RunSearch {
    /// The sets (the library's, or only "All runs" without a library).
    public let sets: [SearchSet]
    /// What the `search.defaultSet` setting names.
    public let defaultSetName: String
    private let library: (any RunLibrary)?
    private let clock: SearchClock

    /// Reads the library's sets (so a set made by another process shows at once).
    /// - Parameters:
    ///   - library: the library, or nil when there is none yet (nothing is found then).
    ///   - settings: the profile the front end runs with.
    ///   - display: the user's time zone and first weekday.
    ///   - now: the time relative periods are measured from.
    /// - Throws: storage errors reading the sets.
    public init(library: (any RunLibrary)?, settings: SettingsSnapshot, display: DisplayPreferences, now: Date) throws {
        self.library = library
        sets = try SearchSets(library: library, settings: nil).sets()
        defaultSetName = settings[Settings.defaultSearchSet]
        clock = display.searchClock(now: now)
    }

    /// The set to search in: `name` when given, else the default setting's.
    /// - Parameter hint: how to choose a set, in the front end's words (for the error).
    /// - Throws: ``RunCore/SearchError`` `.unknownSet` naming the sets that exist (and the
    ///   setting, when it named the missing set).
    public func set(named name: String?, hint: String) throws -> SearchSet {
        try SearchSet.find(name, orDefault: defaultSetName, in: sets, hint: hint)
    }

    /// The runs `set` and the words find, newest first (none without a library).
    /// - Parameter text: words that must all occur (nil: none).
    public func runs(in set: SearchSet, text: String?) throws -> [RunRecord] {
        guard let library else { return [] }
        return try library.runs(matching: SearchFilter(set.definition, text: text, clock: clock))
    }

    /// Words as typed, spaces collapsed; nil when there are none.
    public static func words(_ text: String) -> String? {
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.isEmpty ? nil : words
    }
}
