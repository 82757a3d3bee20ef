import RunCore
import RunHTTP
import RunStore
import RunUI

/// The API's search operations.
enum SearchAPI {
    /// `GET /api/v1/search?set=NAME&q=WORDS`: the runs found (as `runlog search --json`): the set
    /// and words used, the runs, and the sections by month with totals.
    /// - Throws: ``RunCore/SearchError`` `.unknownSet` (404) naming the sets there are.
    static func search(_ context: RequestContext) throws -> HTTPResponse {
        let search = try SearchRequest(context)
        let set = try search.set()
        let runs = try search.runs(in: set)
        let machine = RunListContext(runs: runs, formatter: DisplayFormatter(), calendar: CalendarText(timeZone: context.calendar.timeZone))
        return APIResponses.json(.object([
            "set": .string(set.name), "text": .from(search.text), "runCount": .integer(Int64(runs.count)),
            "runs": .array(runs.map { .object(RunPresentation.listValues($0)) }),
            "sections": .array(SearchResultsScreen.sections(for: machine).map(RunsAPI.sectionJSON)),
        ]))
    }

    /// `GET /api/v1/search-sets`: every set (as `runlog search-sets --json`) and the default one.
    static func sets(_ context: RequestContext) throws -> HTTPResponse {
        let search = try SearchRequest(context)
        return APIResponses.json(SearchSetsSection.json(search.sets, defaultSetName: search.defaultSetName))
    }
}
