import RunCore
import RunHTTP
import RunStore
import RunUI

/// `GET /` — the runs: the run being recorded (while one is), this week, then a section per month
/// with its totals, paged by the `list.pageSize` setting (`?page=2`). The same section controllers
/// as `runlog list`.
enum RunsPage {
    static func response(_ context: RequestContext) throws -> HTTPResponse {
        let strings = context.strings
        let (list, pageCount) = try RunList.context(context)
        guard list.page.number <= pageCount else { throw WebError.notFound("there is no page \(list.page.number) of runs") }
        var body: HTML = "<h1>\(strings.navigationRuns)</h1>"
        body += SectionHTMLRenderer.render(RunListScreen.sections(for: list))
        if list.runs.isEmpty {
            body += "<p class=\"notice\">\(strings.noRunsYet)</p><p><a class=\"button\" href=\"/import\">\(strings.importTitle)</a></p>"
        } else {
            if pageCount > 1 {
                let number = list.page.number
                let newer: HTML = number > 1 ? "<a href=\"/?page=\(number - 1)\" rel=\"prev\">← \(strings.newerRuns)</a>" : "<span></span>"
                let older: HTML = number < pageCount ? "<a href=\"/?page=\(number + 1)\" rel=\"next\">\(strings.olderRuns) →</a>" : "<span></span>"
                body += "<nav class=\"pager\" aria-label=\"\(strings.pageOf(String(number), String(pageCount)))\">\(newer)"
                    + "<span class=\"muted\">\(strings.pageOf(context.formatter.integer(number), context.formatter.integer(pageCount)))</span>\(older)</nav>"
            }
        }
        return PageLayout.response(PageLayout.document(title: strings.navigationRuns, current: .runs, strings: strings,
                                                       language: context.language, csrfToken: context.csrfToken, body: body))
    }
}
