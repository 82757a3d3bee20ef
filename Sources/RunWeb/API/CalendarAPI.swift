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
        let calendar = CalendarText(timeZone: context.calendar.timeZone)
        let (year, month): (Int, Int)
        if let text = context.request.query["month"] {
            guard let named = CalendarMonthSection.month(parsing: text) else { throw WebError.badRequest("month cannot be '\(text)': it takes YYYY-MM") }
            (year, month) = named
        } else {
            (year, month) = calendar.yearMonth(Date().timeIntervalSince1970)
        }
        let firstWeekday = context.display.firstWeekday
        let span = CalendarMonthSection.span(year: year, month: month, timeZone: calendar.timeZone, firstWeekday: firstWeekday)
        let section = CalendarMonthSection(year: year, month: month, runs: try context.library.runs(RunQuery(calendar: .startingIn(span))).runs, formatter: DisplayFormatter(),
                                           calendar: calendar, firstWeekday: firstWeekday)
        return APIResponses.section(section)
    }
}
