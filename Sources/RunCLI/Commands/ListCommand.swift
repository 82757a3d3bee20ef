import RunStore
import RunCore
import RunUI

/// `runlog list`
enum ListCommand: Command {
    static let name = "list"
    static let summary = "list the runs: this week, then by month with totals, newest first"
    static let overview = """
        Lists the runs in the library: first the run being recorded, while one is ('runlog record'),
        with its live numbers; then this week's runs with the week's totals (weeks start
        on the day the setting firstWeekday names), then every run, newest first, in one section per
        month with the month's totals (runs, distance, moving time, climb); runs from files without
        times come last.
        The first column is the run's number, which other commands take as RUN.
        """
    enum Options {
        static let json = GlobalOptions.json("print the sections as JSON")
        static let ids = Option("--ids", help: "print the runs' numbers only, one per line, newest first")
    }
    static let shape = CommandShape(options: [Options.json, Options.ids],
                                    usage: [[.optional([.oneOf([[.option(Options.json)], [.option(Options.ids)]])])]])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        // No library yet at the default place is an empty list; a --library that does not exist is an error.
        let runs = !context.libraryExists && !context.isLibraryExplicit ? [] : try context.library().runs()
        if arguments.has(Options.ids) {
            if arguments.has(Options.json) { throw UsageError("--ids and --json do not go together", command: name) }
            for run in runs { context.console.print(String(run.id)) }
            return ExitCode.success
        }
        let json = arguments.has(Options.json)
        let sections = RunListScreen.sections(for: context.runListContext(runs: runs, json: json, live: try context.livePresentation()))
        if json {
            context.console.print(SectionTextRenderer.json(sections).text())
        } else {
            for line in SectionTextRenderer.render(sections) {
                context.console.print(line)
            }
            if runs.isEmpty {
                if !sections.isEmpty { context.console.print("") }
                context.console.print("No runs yet. Import some with 'runlog import FILE...'.")
                return ExitCode.success
            }
            let reanalyzer = RunReanalyzer(library: try context.library(), preferences: try context.analysisPreferences())
            let stale = runs.filter { reanalyzer.isStale($0.summary.parameters) }.count
            if stale > 0 {
                context.console.error("runlog: note: \(stale) run\(stale == 1 ? " was" : "s were") analysed by an older method "
                                      + "or with other settings; 'runlog reanalyze --stale' updates \(stale == 1 ? "it" : "them")")
            }
        }
        return ExitCode.success
    }
}
