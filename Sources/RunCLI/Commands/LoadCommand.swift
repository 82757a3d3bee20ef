import RunCore
import RunStore
import RunUI

/// `runlog load`
enum LoadCommand: Command {
    static let name = "load"
    static let summary = "training load by day: each day's load, fitness, fatigue and form"
    static let overview = """
        Prints the training load of the last days up to today, newest first: each day's load (the
        sum of its runs' TRIMP, Banister's training impulse: moving minutes at the average heart
        rate's fraction of the heart-rate reserve, weighted as the setting heartRate.trimpWeighting
        says, between the settings heartRate.resting and heartRate.maximum), fitness and fatigue
        (the loads' exponentially weighted averages over 42 and 7 days, in TRIMP a day) and form
        (yesterday's fitness minus fatigue). A run without heart rate is estimated from its pace, by
        your runs of its sport that have both, and counted as estimated.
        """
    enum Options {
        static let json = GlobalOptions.json("print the days as JSON (with each run's TRIMP and whether it was estimated)")
        static let days = Option("--days", .required("N"), help: "how many days up to today (default 28)")
    }
    static let shape = CommandShape(options: [Options.days, Options.json],
                                    usage: [[.optional([.option(Options.days)]), .optional([.option(Options.json)])]])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        let days = try arguments.value(Options.days).map { text in
            guard let days = Int(text), (1...LoadSection.maximumDayCount).contains(days) else {
                throw UsageError("--days cannot be '\(text)': it takes a whole number from 1 to \(LoadSection.maximumDayCount)", command: name)
            }
            return days
        } ?? 28
        let runs = !context.libraryExists && !context.isLibraryExplicit ? [] : try context.library().runs()
        let json = arguments.has(Options.json)
        let list = context.runListContext(runs: runs, json: json)
        let section = LoadSection.make(runs: runs, settings: try context.settings(), dayCount: days, nowSeconds: list.nowSeconds,
                                       formatter: list.formatter, calendar: list.calendar)
        if json {
            context.console.print(SectionTextRenderer.json([section]).text())
        } else {
            for line in SectionTextRenderer.render([section]) { context.console.print(line) }
        }
        return ExitCode.success
    }
}
