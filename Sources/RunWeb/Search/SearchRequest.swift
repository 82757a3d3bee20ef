import Foundation
import RunApp
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

    /// The search itself (RunApp's, as `runlog search` does it), now on the clock.
    private let search: RunSearch

    init(_ context: RequestContext) throws {
        search = try RunSearch(library: context.library, settings: context.settings, display: context.display, now: Date())
        sets = search.sets
        defaultSetName = try search.defaultSetName()
        requestedSetName = context.request.query["set"].flatMap { $0.isEmpty ? nil : $0 }
        text = RunSearch.words(context.request.query["q"] ?? "")
    }

    /// The set to search in.
    /// - Throws: ``RunCore/SearchError`` `.unknownSet` naming the sets that exist.
    func set() throws -> SearchSet {
        try search.set(named: requestedSetName)
    }

    /// The filter of the set and the words, at now in the user's calendar.
    func filter(in set: SearchSet) -> SearchFilter {
        search.filter(in: set, text: text)
    }
}
