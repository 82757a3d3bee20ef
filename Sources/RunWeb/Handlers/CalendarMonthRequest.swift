import Foundation
import RunApp
import RunCore
import RunHTTP
import RunStore
import RunUI

/// What the calendar page and `GET /api/v1/calendar` share: the month a request asks for
/// (`?month=YYYY-MM`, this month in `calendar`'s time zone without it) and its section, built from
/// the runs that start in the month's grid only (read by the store).
enum CalendarMonthRequest {
    /// - Throws: ``WebError`` 400 for a `month` that is not `YYYY-MM`.
    static func section(_ context: RequestContext, formatter: DisplayFormatter, calendar: CalendarText) throws -> CalendarMonthSection {
        let (year, month): (Int, Int)
        if let text = context.request.query["month"] {
            guard let named = CalendarMonthSection.month(parsing: text) else { throw WebError.badRequest("month cannot be '\(text)': it takes YYYY-MM") }
            (year, month) = named
        } else {
            (year, month) = calendar.yearMonth(Date().timeIntervalSince1970)
        }
        let firstWeekday = context.display.firstWeekday
        let span = CalendarMonthSection.span(year: year, month: month, timeZone: calendar.timeZone, firstWeekday: firstWeekday)
        return CalendarMonthSection(year: year, month: month, runs: try context.library.runs(RunQuery(calendar: .startingIn(span))).runs,
                                    formatter: formatter, calendar: calendar, firstWeekday: firstWeekday)
    }
}
