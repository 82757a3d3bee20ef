import RunCore
import RunHTTP
import RunStore
import RunUI

/// `GET /search?q=WORDS&set=NAME` — a search box and a choice of the library's search sets (the
/// one the `search.defaultSet` setting names chosen first), and the runs found, by month with
/// totals: the same section controllers as `runlog search`, a page at a time (`page=N`, the
/// `list.pageSize` setting; the store does the search and the paging). An unknown set is an error
/// page (404) that names the sets there are, with the form to choose one.
enum SearchPage {
    static func response(_ context: RequestContext) throws -> HTTPResponse {
        let search = try SearchRequest(context)
        let strings = context.strings
        var results: HTML
        var chosen: String?
        var status = 200
        do {
            let set = try search.set()
            chosen = set.name
            let (list, pageCount) = try RunList.context(context, filter: search.filter(in: set), includesThisWeek: false)
            let total = list.foundCount
            guard list.page.number <= pageCount else { throw WebError.notFound("there is no page \(list.page.number) of these runs") }
            let found = strings.searchFound(context.formatter.count(total, strings.runs), set.name, search.text)
            results = "<p class=\"summary\" role=\"status\">\(found)</p>"
            results += SectionHTMLRenderer.render(SearchResultsScreen.sections(for: list))
            results += Pager.html(number: list.page.number, pageCount: pageCount, strings: strings, formatter: context.formatter) {
                Pager.address("/search", [("q", search.text), ("set", search.requestedSetName), ("page", String($0))])
            }
        } catch let error as SearchError where error.code == .unknownSet {
            status = 404
            let names = search.sets.map(\.name)
            let text = search.requestedSetName.map { strings.unknownSearchSet($0, names) }
                ?? strings.defaultSearchSetMissing(search.defaultSetName, names)
            results = "<p class=\"notice error\" role=\"alert\">\(text)</p>"
        }
        let body: HTML = "<h1>\(strings.navigationSearch)</h1>\(form(search, chosen: chosen, strings: strings))\(results)"
        return PageLayout.response(PageLayout.document(title: strings.navigationSearch, current: .search, strings: strings,
                                                       language: context.language, csrfToken: context.csrfToken, body: body),
                                   status: status)
    }

    /// The words and the set, sent with GET (a search is a link that can be kept).
    private static func form(_ search: SearchRequest, chosen: String?, strings: UIStrings) -> HTML {
        var options = HTML.empty
        for set in search.sets {
            let title = SearchSet.sameName(set.name, search.defaultSetName) ? "\(set.name) (\(strings.defaultSetMarker))" : set.name
            let selected = chosen.map { SearchSet.sameName($0, set.name) } ?? false
            options += "<option value=\"\(set.name)\"\(selected ? " selected" : "")>\(title)</option>"
        }
        return """
        <form class="inline search" method="get" action="/search" role="search">
        <label for="search-words">\(strings.searchWords)</label>
        <input id="search-words" name="q" type="search" maxlength="200" value="\(search.text)">
        <label for="search-set">\(strings.searchSet)</label>
        <select id="search-set" name="set">\(options)</select>
        <button type="submit">\(strings.searchButton)</button>
        </form>
        """
    }
}
