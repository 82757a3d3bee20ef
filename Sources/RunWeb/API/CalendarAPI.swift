import Foundation
import RunApp
import RunCore
import RunHTTP
import RunStore
import RunUI

/// The API's calendar.
enum CalendarAPI {
    /// `GET /api/v1/calendar?month=YYYY-MM`: a month as `runlog calendar --json` gives it
    /// (``RunUI/CalendarMonthSection``: the month's totals, `previousMonth`, `nextMonth`, a row per
    /// week with its days, their runs and the week's totals); this month without `month`. Days in
    /// the server's time zone, weeks from the `firstWeekday` setting's day.
    /// - Throws: ``WebError`` 400 for a `month` that is not `YYYY-MM`.
    static func month(_ context: RequestContext) throws -> HTTPResponse {
        let section = try CalendarMonthRequest.section(context, formatter: DisplayFormatter(),
                                                       calendar: CalendarText(timeZone: context.calendar.timeZone))
        return APIResponses.section(section)
    }
}
