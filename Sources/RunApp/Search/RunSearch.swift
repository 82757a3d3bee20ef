package import Foundation
package import RunCore
package import RunStore

/// A search as every front end does it (`runlog search`, the search page, `GET /api/v1/search`):
/// the set named, else the one the `search.defaultSet` setting names (never a silent fall-back);
/// every word must occur in a run's name, notes or place; relative periods at `now` in the user's
/// calendar (time zone and first weekday from ``DisplayPreferences``).
package struct RunSearch {
    /// The sets (the library's, or only "All runs" without a library).
    package let sets: [SearchSet]
    private let settings: () throws -> SettingsSnapshot
    private let library: (any RunLibrary)?
    private let clock: SearchClock

    /// Reads the library's sets (so a set made by another process shows at once).
    /// - Parameters:
    ///   - library: the library, or nil when there is none yet (nothing is found then).
    ///   - settings: the profile the front end runs with, read only when the default set is asked for
    ///     (a search naming its set does not depend on the settings being readable).
    ///   - display: the user's time zone and first weekday.
    ///   - now: the time relative periods are measured from.
    /// - Throws: storage errors reading the sets.
    package init(library: (any RunLibrary)?, settings: @autoclosure @escaping () throws -> SettingsSnapshot,
                display: DisplayPreferences, now: Date) throws {
        self.library = library
        self.settings = settings
        sets = try SearchSets(library: library, settings: nil).sets()
        clock = display.searchClock(now: now)
    }

    /// What the `search.defaultSet` setting names.
    /// - Throws: what reading the settings throws.
    package func defaultSetName() throws -> String { try settings()[Settings.defaultSearchSet] }

    /// The set to search in: `name` when given, else the default setting's.
    /// - Throws: ``RunCore/SearchError`` `.unknownSet` naming the sets that exist (and the
    ///   setting, when it named the missing set).
    package func set(named name: String?) throws -> SearchSet {
        try SearchSet.find(name, orDefault: try defaultSetName(), in: sets)
    }

    /// The filter of `set` and the words at now in the user's calendar, for a store's paged query.
    /// - Parameter text: words that must all occur (nil: none).
    package func filter(in set: SearchSet, text: String?) -> SearchFilter {
        SearchFilter(set.definition, text: text, clock: clock)
    }

    /// The runs `set` and the words find, newest first (none without a library).
    /// - Parameter text: words that must all occur (nil: none).
    package func runs(in set: SearchSet, text: String?) throws -> [RunRecord] {
        guard let library else { return [] }
        return try library.runs(matching: filter(in: set, text: text))
    }

    /// Words as typed, spaces collapsed; nil when there are none.
    package static func words(_ text: String) -> String? {
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return words.isEmpty ? nil : words
    }
}
