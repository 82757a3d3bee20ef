import Foundation
import RunCore
import RunStore
import RunUI

/// `runlog calendar`
enum CalendarCommand: Command {
    static let name = "calendar"
    static let summary = "a month as a calendar: each day's runs, each week's distance"
    static let overview = """
        Draws a month (YYYY-MM; default: this month) as a calendar: a row per week, starting on the
        day the setting firstWeekday names, each day with its runs' distances (one decimal, in your
        distance unit; other sports than running say which), and each week's distance in the last
        column. Days of the months before and after that share a week are shown too and count in
        that week. The month's totals are in the heading.
        """
    enum Options {
        static let json = GlobalOptions.json("print the month as JSON (every day with its runs; SI units)")
    }
    static let shape = CommandShape(options: [Options.json], positionals: [Positional("YYYY-MM", optional: true)])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        let json = arguments.has(Options.json)
        let list = context.runListContext(runs: [], json: json)
        let (year, month): (Int, Int)
        if let text = arguments.positionals.first {
            guard let named = CalendarMonthSection.month(parsing: text) else {
                throw UsageError("'\(text)' is not a month: it takes YYYY-MM (2026-11)", command: name)
            }
            (year, month) = named
        } else {
            (year, month) = context.calendar.yearMonth(list.nowSeconds)
        }
        // Only the runs that start in the month's grid are read.
        let span = CalendarMonthSection.span(year: year, month: month, timeZone: list.calendar.timeZone, firstWeekday: list.firstWeekday)
        let runs = !context.libraryExists && !context.isLibraryExplicit ? [] : try context.library().runs(RunQuery(calendar: .startingIn(span))).runs
        let section = CalendarMonthSection(year: year, month: month, runs: runs, formatter: list.formatter, calendar: list.calendar,
                                           firstWeekday: list.firstWeekday)
        if json {
            context.console.print(SectionTextRenderer.json([section]).text())
        } else {
            for line in SectionTextRenderer.render([section]) { context.console.print(line) }
        }
        return ExitCode.success
    }
}
