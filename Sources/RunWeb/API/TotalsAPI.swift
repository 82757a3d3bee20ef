import Foundation
import RunApp
import RunCore
import RunStore
import RunHTTP
import RunUI

/// The API's totals.
enum TotalsAPI {
    /// `GET /api/v1/totals?by=week|month|year&last=N&sport=running,…`: the runs' totals per period,
    /// newest first, each with the change from the period before — `runlog totals --json`'s
    /// section (``RunUI/TotalsSection``: `period`, `sports`, a row per period with `periodStart`,
    /// `periodEnd`, `totals`, `previousTotals`, `change`, `bySport`). Periods in the server's time
    /// zone, weeks from the `firstWeekday` setting's day.
    /// - Throws: ``WebError`` 400 naming the parameter refused (`by`, `last`, `sport`).
    static func totals(_ context: RequestContext) throws -> HTTPResponse {
        let query: TotalsQuery
        do {
            query = try TotalsQuery(by: context.request.query["by"], last: context.request.query["last"], sport: context.request.query["sport"])
        } catch {
            throw WebError.badRequest(error.message)
        }
        let calendar = CalendarText(timeZone: context.calendar.timeZone)
        let periods = query.periods(of: try context.library.runs(), nowSeconds: Date().timeIntervalSince1970, calendar: calendar,
                                    firstWeekday: context.display.firstWeekday)
        let section = query.section(periods, formatter: DisplayFormatter(), calendar: calendar)
        return APIResponses.section(section)
    }
}
