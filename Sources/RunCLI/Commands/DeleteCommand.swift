import RunApp
import RunStore
/// `runlog delete RUN`
enum DeleteCommand: Command {
    static let name = "delete"
    static let summary = "delete a run from the library"
    static let overview = """
        Deletes run RUN (the number 'runlog list' shows), and its stored original unless other runs
        were cut from the same file. Run numbers are never reused.
        """
    enum Options {
        static let json = GlobalOptions.json(#"print {"deleted": RUN}"#)
    }
    static let shape = CommandShape(options: [Options.json], positionals: [Positional("RUN", .runIDs)])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        let id = try context.runID(arguments.positionals[0], command: name)
        let run = try Runs(library: try context.library(), preferences: try context.analysisPreferences()).delete(id: id)
        if arguments.has(Options.json) {
            context.console.print("{\"deleted\": \(id)}")
        } else {
            context.console.print("deleted run \(id) (\(run.name))")
        }
        return ExitCode.success
    }
}
