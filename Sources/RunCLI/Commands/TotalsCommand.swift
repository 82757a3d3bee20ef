import RunCore
import RunStore
import RunUI

/// `runlog totals`
enum TotalsCommand: Command {
    static let name = "totals"
    static let summary = "totals by week, month or year, with the change from the period before"
    static let overview = """
        Prints the runs' totals — runs, distance, moving time, climb — for each of the last weeks,
        months or years up to the current one, newest first, and each period's change in distance
        from the period before (the current period is counted so far). Weeks start on the day the
        setting firstWeekday names; periods are in your time zone. A period without runs is still a
        row (0 runs, 0 km; in --json its moving time and climb are null, as for runs without them).
        Routes and files without times are not counted.
        """
    enum Options {
        static let json = GlobalOptions.json("print the periods as JSON (SI units; the change and the totals per sport)")
        static let by = Option("--by", .required("PERIOD", .words(TotalsPeriod.allCases.map(\.rawValue))),
                               help: "week, month (the default) or year")
        static let last = Option("--last", .required("N"),
                                 help: "how many periods up to the current one (default: 12 weeks or months, every year since the first run)")
        static let sport = Option("--sport", .required("SPORT,...", .words(Sport.allCases.map(\.rawValue))),
                                  help: "count only these sports (comma-separated): " + Sport.allCases.map(\.rawValue).joined(separator: ", "))
    }
    static let shape = CommandShape(options: [Options.by, Options.last, Options.sport, Options.json],
                                    usage: [[.optional([.option(Options.by)]), .optional([.option(Options.last)]),
                                             .optional([.option(Options.sport)]), .optional([.option(Options.json)])]])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        let query: TotalsQuery
        do {
            query = try TotalsQuery(by: arguments.value(Options.by), last: arguments.value(Options.last), sport: arguments.value(Options.sport))
        } catch {
            throw UsageError("--" + error.message, command: name)
        }
        // No library yet at the default place has no runs; a --library that does not exist is an error.
        let runs = !context.libraryExists && !context.isLibraryExplicit ? [] : try context.library().runs()
        let json = arguments.has(Options.json)
        let list = context.runListContext(runs: runs, json: json)
        let periods = query.periods(of: runs, nowSeconds: list.nowSeconds, calendar: list.calendar, firstWeekday: list.firstWeekday)
        let section = query.section(periods, formatter: list.formatter, calendar: list.calendar)
        if json {
            context.console.print(SectionTextRenderer.json([section]).text())
        } else {
            for line in SectionTextRenderer.render([section]) { context.console.print(line) }
        }
        return ExitCode.success
    }
}
