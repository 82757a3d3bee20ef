import Foundation
import RunApp
import RunCore
import RunHTTP
import RunStore
import RunUI

/// `GET /totals?by=week|month|year&last=N&sport=…` — the totals per period with the change from the
/// period before (``RunUI/TotalsSection``, as `runlog totals`), with links to the other periods.
/// 400 naming a refused parameter.
enum TotalsPage {
    static func response(_ context: RequestContext) throws -> HTTPResponse {
        let strings = context.strings
        let query: TotalsQuery
        do {
            query = try TotalsQuery(by: context.request.query["by"], last: context.request.query["last"], sport: context.request.query["sport"])
        } catch {
            throw WebError.badRequest(error.message)
        }
        let periods = query.periods(of: try context.library.runs(), nowSeconds: Date().timeIntervalSince1970, calendar: context.calendar,
                                    firstWeekday: context.display.firstWeekday)
        let section = query.section(periods, formatter: context.formatter, calendar: context.calendar)
        var body: HTML = "<h1>\(strings.navigationTotals)</h1><nav class=\"pager\">"
        for period in TotalsPeriod.allCases {
            let title = strings.totalsTitle(period)
            body += period == query.period ? "<span class=\"button\" aria-current=\"page\">\(title)</span> "
                : "<a class=\"button secondary\" href=\"/totals?by=\(period.rawValue)\">\(title)</a> "
        }
        body += "</nav>" + SectionHTMLRenderer.render(section)
        return PageLayout.response(PageLayout.document(title: strings.navigationTotals, current: .totals, strings: strings,
                                                       language: context.language, csrfToken: context.csrfToken, body: body))
    }
}
