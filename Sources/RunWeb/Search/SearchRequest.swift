import Foundation
import RunCore
import RunHTTP
import RunStore
import RunUI

/// A search as a request asks for it (`?set=NAME&q=WORDS`), done as `runlog search` does it: the
/// set named, else the one the `search.defaultSet` setting names; every word must occur in a
/// run's name, notes or place; relative periods at the clock's now in the user's calendar. The
/// sets are read from the library for each request, so a set made with the CLI shows at once.
struct SearchRequest {
    let sets: [SearchSet]
    /// What the `search.defaultSet` setting names.
    let defaultSetName: String
    /// The `set` of the query (nil when empty or missing).
    let requestedSetName: String?
    /// The words of the query, spaces collapsed (nil when none).
    let text: String?

    init(_ context: RequestContext) throws {
        sets = try context.library.searchSets()
        defaultSetName = context.settings[Settings.defaultSearchSet]
        requestedSetName = context.request.query["set"].flatMap { $0.isEmpty ? nil : $0 }
        let words = (context.request.query["q"] ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        text = words.isEmpty ? nil : words
    }

    /// The set to search in.
    /// - Throws: ``RunCore/SearchError`` `.unknownSet` naming the sets that exist.
    func set() throws -> SearchSet {
        try SearchSet.find(requestedSetName, orDefault: defaultSetName, in: sets,
                           hint: "choose one on the settings page, or name one with set=NAME")
    }

    /// The filter of the set and the words, at now in the user's calendar.
    func filter(in set: SearchSet, context: RequestContext) -> SearchFilter {
        let clock = SearchClock(now: Date(), timeZone: context.calendar.timeZone,
                                firstWeekday: SearchClock.weekday(settingValue: context.settings[Settings.firstWeekday]))
        return SearchFilter(set.definition, text: text, clock: clock)
    }

    /// The runs the set and the words find, newest first.
    func runs(in set: SearchSet, context: RequestContext) throws -> [RunRecord] {
        try context.library.runs(matching: filter(in: set, context: context))
    }
}
