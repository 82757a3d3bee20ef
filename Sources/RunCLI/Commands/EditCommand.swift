import RunApp
import Foundation
import RunCore
import RunStore
import RunUI

/// `runlog edit RUN [--sport SPORT] [--name NAME] [--notes TEXT]`
enum EditCommand: Command {
    static let name = "edit"
    static let summary = "change a run's sport, name or notes"
    static let overview = """
        Changes what you say about run RUN (the number 'runlog list' shows). A new sport recomputes
        the run's numbers with that sport's parameters (moving speed, plausible speeds, best efforts,
        records); 'auto' goes back to the sport the file states or runlog infers from its names,
        device and speeds ('runlog show' says which and how sure). Everything is checked first:
        nothing changes when any part is refused.
        """
    static let epilogue: String? = "exit status: 0 when changed, 1 when refused or the run's file no longer reads, 64 on bad usage."
    enum Options {
        static let sport = Option("--sport", .required("SPORT|auto", .words(Sport.allCases.map(\.rawValue) + ["auto"])),
                                  help: Sport.allCases.map(\.rawValue).joined(separator: ", ") + ", or auto")
        static let name = Option("--name", .required("NAME"), help: "the run's name (one line, 1 to 200 characters)")
        static let notes = Option("--notes", .required("TEXT|-"), help: #"your notes ("" removes them; - reads them from standard input)"#)
        static let json = GlobalOptions.json("print the run as 'runlog show --json' does")
    }
    static let shape = CommandShape(
        options: [Options.sport, Options.name, Options.notes, Options.json], positionals: [runArgument],
        usage: [[.positional(runArgument), .flag(Options.sport), .flag(Options.name), .flag(Options.notes), .flag(Options.json)]])
    private static let runArgument = Positional("RUN", .runIDs)

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        let id = try context.runID(arguments.positionals[0], command: name)
        var edit = RunEdit(name: arguments.value(Options.name), notes: arguments.value(Options.notes))
        if let sport = arguments.value(Options.sport) {
            do { edit.sport = try RunEdit.sportChange(sport) } catch let error as LibraryError { throw UsageError(error.message, command: name) }
        }
        if edit.notes == "-" {
            edit.notes = String(decoding: try context.console.readInput(limit: 1 << 20), as: UTF8.self)
                .trimmingCharacters(in: .newlines)
        }
        guard !edit.isEmpty else { throw UsageError("give --sport, --name or --notes", command: name) }
        let library = try context.library()
        let runs = Runs(library: library, preferences: try context.analysisPreferences(),
                        currentPreferences: { try context.currentAnalysisPreferences() })
        let record = try runs.edit(id: id, edit)
        if arguments.has(Options.json) {
            // As runlog show --json and the API give the run: staleness included.
            context.console.print(RunPresentation(try runs.detail(id: id)).json.text())
        } else {
            let sport = context.formatter.strings.sportName(record.summary.sport)
            context.console.print("run \(id) (\(record.name)): \(sport)" + (record.chosenSport == nil ? " (as the file says or inferred)" : ""))
        }
        return ExitCode.success
    }
}
