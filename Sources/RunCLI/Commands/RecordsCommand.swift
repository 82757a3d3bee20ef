import RunCore
import RunStore
import RunUI

/// `runlog records`
enum RecordsCommand: Command {
    static let name = "records"
    static let summary = "the library's best effort at each standard distance"
    static let help = """
        usage: runlog records [--json]

        Lists the fastest time the library holds for 400 m, 1 km, 1 mile, 5 km, 10 km, half marathon
        and marathon, from anywhere inside any run (elapsed time, ends interpolated between points),
        with the run it came from.

        options:
          --json          print the records as JSON
          --library PATH  the library file
        """
    static let arguments = ArgumentSpec(flags: ["--json"])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        let records = !context.libraryExists && !context.isLibraryExplicit ? [] : try context.library().records()
        let json = arguments.has("--json")
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
}
