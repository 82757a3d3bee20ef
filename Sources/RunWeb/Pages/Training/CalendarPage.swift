import Foundation
import RunApp
import RunCore
import RunHTTP
import RunStore
import RunUI

/// `GET /calendar?month=YYYY-MM` — a month as a calendar (``RunUI/CalendarMonthSection``, as
/// `runlog calendar`): a row per week, each day with links to its runs (distance, and the sport
/// when not running), the week's distance in the margin, links to the months before and after.
/// This month without `month`; 400 for a `month` that is not `YYYY-MM`.
enum CalendarPage {
    static func response(_ context: RequestContext) throws -> HTTPResponse {
        let strings = context.strings, calendar = context.calendar, formatter = context.formatter
        let section = try CalendarMonthRequest.section(context, formatter: formatter, calendar: calendar)
        let (year, month) = (section.year, section.month)
        let previous = month == 1 ? (year - 1, 12) : (year, month - 1), next = month == 12 ? (year + 1, 1) : (year, month + 1)
        var body: HTML = "<h1>\(section.title)</h1><p class=\"summary\">\(section.summary ?? "")</p>"
        body += "<nav class=\"pager\"><a class=\"button secondary\" rel=\"prev\" href=\"/calendar?month=\(CalendarMonthSection.monthKey(previous.0, previous.1))\">"
            + "\(strings.previousMonth)</a> <a class=\"button secondary\" rel=\"next\" href=\"/calendar?month=\(CalendarMonthSection.monthKey(next.0, next.1))\">"
            + "\(strings.nextMonth)</a></nav>"
        body += "<div class=\"table-wrap\"><table class=\"calendar\"><thead><tr>"
        for column in section.columns { body += "<th scope=\"col\">\(column.title)</th>" }
        body += "</tr></thead><tbody>"
        for week in section.weeks {
            body += "<tr>"
            for day in week.days {
                body += "<td class=\"\(day.inMonth ? "day" : "day other-month")\"><span class=\"day-number\">\(day.dayOfMonth)</span>"
                // One decimal in the display unit (the unit is in the week's column), the whole name and distance in its title.
                for run in day.runs {
                    let sport: String = run.summary.sport == .running ? "" : " " + strings.sportShortName(run.summary.sport)
                    let distance = formatter.fixed(run.summary.distanceMeters / formatter.units.metersPerDistanceUnit, decimals: 1)
                    body += "<a class=\"day-run sport-\(run.summary.sport.rawValue)\" href=\"/runs/\(run.id)\" "
                        + "title=\"\(run.name + ", " + formatter.distance(run.summary.distanceMeters))\">\(distance + sport)</a>"
                }
                body += "</td>"
            }
            body += "<td class=\"num week-total\">\(week.totals.count == 0 ? "" : formatter.distance(week.totals.distanceMeters))</td></tr>"
        }
        body += "</tbody></table></div>"
        return PageLayout.response(PageLayout.document(title: strings.navigationCalendar, current: .calendar, strings: strings,
                                                       language: context.language, csrfToken: context.csrfToken, body: body))
    }
}
