import RunCore
import RunStore
import RunUI

/// `runlog records`
enum RecordsCommand: Command {
    static let name = "records"
    static let summary = "the library's best effort at each standard distance"
    static let overview = """
        Lists the fastest time the library holds for 400 m, 1 km, 1 mile, 5 km, 10 km, half marathon
        and marathon, from anywhere inside any run (elapsed time, ends interpolated between points),
        with the run it came from. Runs and trail runs count; --sport chooses another sport.
        """
    enum Options {
        static let sport = Option("--sport", .required("SPORT", .words(Sport.allCases.map(\.rawValue) + ["all"])), help: """
            the runs of one sport: running (with trail running, the default),
            \(Sport.allCases.map(\.rawValue).joined(separator: ", ")), or all
            """)
        static let json = GlobalOptions.json("print the records as JSON")
    }
    static let shape = CommandShape(options: [Options.sport, Options.json])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        let sports = try sports(arguments.value(Options.sport))
        let records = !context.libraryExists && !context.isLibraryExplicit ? [] : try context.library().records(sports: sports)
        let json = arguments.has(Options.json)
        let section = RecordsSection(records: records, formatter: json ? context.machineFormatter : context.formatter,
                                     calendar: json ? context.machineCalendar : context.calendar)
        if json {
            context.console.print(SectionTextRenderer.json([section]).text())
        } else if records.isEmpty {
            context.console.print("No records yet: they come from runs with times.")
        } else {
            for line in SectionTextRenderer.render([section]) { context.console.print(line) }
        }
        return ExitCode.success
    }

    /// `--sport`: nil for all; running takes trail running with it.
    private static func sports(_ text: String?) throws -> Set<Sport>? {
        guard let text, text != "running" else { return [.running, .trailRunning] }
        if text == "all" { return nil }
        guard let sport = Sport(rawValue: text) else {
            throw UsageError("--sport cannot be '\(text)': it takes \(Sport.allCases.map(\.rawValue).joined(separator: ", ")) or all",
                             command: name)
        }
        return [sport]
    }
}
