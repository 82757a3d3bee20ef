import RunCore
import RunHTTP
import RunStore
import RunUI

/// The API's search operations.
enum SearchAPI {
    /// `GET /api/v1/search?set=NAME&q=WORDS&page=N&pageSize=M`: a page of the runs found (as
    /// `runlog search --json` gives them all): the set and words used, the paging (`runCount`: the
    /// runs found on every page), the page's runs, and the sections by month with totals. The
    /// store does the search and the paging, as on the search page.
    /// - Throws: ``RunCore/SearchError`` `.unknownSet` (404) naming the sets there are; ``WebError``
    ///   400 for a bad `page` or `pageSize`, 404 for a page past the last.
    static func search(_ context: RequestContext) throws -> HTTPResponse {
        let search = try SearchRequest(context)
        let set = try search.set()
        let (list, pageCount) = try RunList.context(context, filter: search.filter(in: set), includesThisWeek: false,
                                                    pageSize: try RunsAPI.pageSize(context))
        guard list.page.number <= pageCount else { throw WebError.notFound("there is no page \(list.page.number) of these runs") }
        let sections = SearchResultsScreen.sections(for: list.forMachines(timeZone: context.calendar.timeZone))
        return APIResponses.json(.object(RunsAPI.paging(list, pageCount: pageCount).merging([
            "set": .string(set.name), "text": .from(search.text),
            "runs": .array(list.pageRuns.map { .object(RunPresentation.listValues($0)) }),
            "sections": .array(sections.map(RunsAPI.sectionJSON)),
        ]) { $1 }))
    }

    /// `GET /api/v1/search-sets`: every set (as `runlog search-sets --json`) and the default one.
    static func sets(_ context: RequestContext) throws -> HTTPResponse {
        let search = try SearchRequest(context)
        return APIResponses.json(SearchSetsSection.json(search.sets, defaultSetName: search.defaultSetName))
    }
}
