import RunApp
import RunCore
import RunStore
import RunUI

/// `runlog show RUN`
enum ShowCommand: Command {
    static let name = "show"
    static let summary = "show one run's numbers"
    static let overview = """
        Shows a run's numbers: start, elapsed and moving time, distance (2D, on the WGS84 ellipsoid,
        within segments), average pace, elevation gain and loss, heart rate, cadence, points, the
        device that recorded it, and what was noticed on import. RUN is the number 'runlog list' shows.
        """
    enum Options {
        static let json = GlobalOptions.json("all numbers as JSON (SI units, ISO 8601 UTC times)")
    }
    static let shape = CommandShape(options: [Options.json], positionals: [Positional("RUN", .runIDs)])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        let id = try context.runID(arguments.positionals[0], command: name)
        let presentation = RunPresentation(try Runs(library: try context.library(), preferences: try context.analysisPreferences()).detail(id: id))
        if arguments.has(Options.json) {
            context.console.print(presentation.json.text())
        } else {
            for line in FieldsRenderer.render(presentation, formatter: context.formatter, calendar: context.calendar) {
                context.console.print(line)
            }
        }
        return ExitCode.success
    }
}
