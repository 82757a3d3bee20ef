import RunCore
import RunUI

/// The top of the home page (issue 15): this week, the last 4 weeks and this year side by side,
/// then the distance of the last 12 weeks and of this year's months as bar charts, stacked by
/// sport with a legend — from ``RunUI/TrainingOverview``.
enum TrainingOverviewHTML {
    static func render(_ overview: TrainingOverview, formatter: DisplayFormatter, calendar: CalendarText) -> HTML {
        let strings = formatter.strings
        func tile(_ title: String, _ totals: RunTotals) -> HTML {
            "<div class=\"tile\"><h2>\(title)</h2><p>\(totals.text(formatter))</p></div>"
        }
        var html: HTML = "<section class=\"overview\" id=\"overview\"><div class=\"tiles\">"
        html += tile(strings.thisWeek, overview.thisWeek) + tile(strings.lastFourWeeks, overview.lastFourWeeks)
            + tile(strings.thisYear, overview.thisYear) + "</div>"
        func shortDay(_ seconds: Double) -> String {
            let components = ProlepticCalendar.components(seconds, in: calendar.timeZone)
            return "\(components.day) " + String(calendar.monthName(components.month).prefix(3))
        }
        let weekly = BarChartDrawing(bars: TrainingOverview.bars(overview.weeks, formatter: formatter, label: shortDay,
                                                                 title: { strings.weekOf(calendar.date($0)) }),
                                     label: strings.weeklyDistanceChart, kind: "weeks", formatter: formatter)
        let monthly = BarChartDrawing(bars: TrainingOverview.bars(overview.months, formatter: formatter,
                                                                  label: { String(calendar.monthName(calendar.yearMonth($0).month).prefix(3)) },
                                                                  title: { let (y, m) = calendar.yearMonth($0); return calendar.monthTitle(year: y, month: m) }),
                                      label: strings.monthlyDistanceChart, kind: "months", formatter: formatter)
        let legend: HTML = overview.sportsShown.count > 1
            ? "<ul class=\"legend\">" + HTML.join(overview.sportsShown.map { sport in
                "<li><span class=\"swatch sport-\(sport.rawValue)\"></span>\(strings.sportName(sport))</li>" }) + "</ul>"
            : .empty
        html += "<figure><figcaption>\(strings.weeklyDistanceChart)</figcaption><div class=\"figure-scroll\">\(SVGMarkup(weekly))</div>\(legend)</figure>"
        html += "<figure><figcaption>\(strings.monthlyDistanceChart)</figcaption><div class=\"figure-scroll\">\(SVGMarkup(monthly))</div></figure>"
        return html + "</section>"
    }
}
