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
            body += Pager.html(number: list.page.number, pageCount: pageCount, strings: strings, formatter: context.formatter) { "/?page=\($0)" }
        }
        return PageLayout.response(PageLayout.document(title: strings.navigationRuns, current: .runs, strings: strings,
                                                       language: context.language, csrfToken: context.csrfToken, body: body))
    }
}
