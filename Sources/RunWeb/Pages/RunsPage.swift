import RunCore
import RunHTTP
import RunStore
import RunUI

/// `GET /` — the runs: the run being recorded (while one is), on the first page the training
/// overview (this week, the last 4 weeks, this year; the last 12 weeks' and this year's months'
/// distances), this week, then a section per month with its totals, paged by the `list.pageSize`
/// setting (`?page=2`). The same section controllers as `runlog list`.
enum RunsPage {
    static func response(_ context: RequestContext) throws -> HTTPResponse {
        let strings = context.strings
        let (list, pageCount) = try RunList.context(context)
        guard list.page.number <= pageCount else { throw WebError.notFound("there is no page \(list.page.number) of runs") }
        var body: HTML = "<h1>\(strings.navigationRuns)</h1>"
        if list.page.isFirst, !list.runs.isEmpty { body += try overview(context, nowSeconds: list.nowSeconds, firstWeekday: list.firstWeekday) }
        body += SectionHTMLRenderer.render(RunListScreen.sections(for: list))
        if list.runs.isEmpty {
            body += "<p class=\"notice\">\(strings.noRunsYet)</p><p><a class=\"button\" href=\"/import\">\(strings.importTitle)</a></p>"
        } else {
            body += Pager.html(number: list.page.number, pageCount: pageCount, strings: strings, formatter: context.formatter) { "/?page=\($0)" }
        }
        return PageLayout.response(PageLayout.document(title: strings.navigationRuns, current: .runs, strings: strings,
                                                       language: context.language, csrfToken: context.csrfToken, body: body))
    }

    /// The overview of the runs that started in its span (read by the store, not every run).
    private static func overview(_ context: RequestContext, nowSeconds: Double, firstWeekday: Int) throws -> HTML {
        let span = TrainingOverview.span(nowSeconds: nowSeconds, calendar: context.calendar, firstWeekday: firstWeekday)
        let runs = try context.library.runs(RunQuery(calendar: .startingIn(span))).runs
        let overview = TrainingOverview(runs: runs, nowSeconds: nowSeconds, calendar: context.calendar, firstWeekday: firstWeekday)
        return TrainingOverviewHTML.render(overview, formatter: context.formatter, calendar: context.calendar)
    }
}
