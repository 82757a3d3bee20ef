import RunCore
import RunFormats
import RunStore
import RunUI

/// `runlog reanalyze [RUN...|--all]`
enum ReanalyzeCommand: Command {
    static let name = "reanalyze"
    static let summary = "recompute runs' numbers from their stored originals"
    static let overview = """
        Reads the stored original of each run again and recomputes all its numbers (summary, splits,
        best efforts, zones, clean-up) with this runlog's methods and the settings (of the active
        profile, or --profile). Use it after an upgrade of runlog, or when runs show "analysed with
        an older method". ('runlog settings set' recomputes what a change affects.) Each run is replaced in one
        transaction; a run whose original no longer reads is reported and left as it was.
        """
    enum Options {
        static let all = Option("--all", help: "every run")
        static let stale = Option("--stale", help: """
            the runs analysed by an older method or with other settings
            (what 'runlog list' points out)
            """)
        static let json = GlobalOptions.json(#"print {"reanalyzed": [...], "failed": [...]}"#)
    }
    static let shape = CommandShape(
        options: [Options.all, Options.stale, Options.json], positionals: [runs],
        usage: [[.flag(Options.json), .oneOf([[.positional(Positional("RUN", repeats: true))], [.option(Options.all)], [.option(Options.stale)]])]])
    private static let runs = Positional("RUN", .runIDs, optional: true, repeats: true)

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        let all = arguments.has(Options.all), stale = arguments.has(Options.stale)
        guard (all || stale) != !arguments.positionals.isEmpty, !(all && stale) else {
            throw UsageError("give run numbers, or --all, or --stale", command: name)
        }
        let library = try context.library()
        let reanalyzer = RunReanalyzer(library: library, preferences: try context.analysisPreferences(),
                                       currentPreferences: { try context.currentAnalysisPreferences() })
        let ids = all ? try library.runIDs() : stale ? try reanalyzer.staleRunIDs()
            : try arguments.positionals.map { try context.runID($0, command: name) }
        if !all && !stale { for id in ids { _ = try library.run(id: id) } }   // each run named exists
        let result = try Reanalysis.run(ids, with: reanalyzer, console: context.console)
        let done = result.done, failed = result.failed
        if arguments.has(Options.json) {
            context.console.print(JSONValue.object([
                "reanalyzed": .array(done.map { .integer($0) }),
                "failed": .array(failed.map { .object(["id": .integer($0.id), "message": .string($0.message)]) }),
                "settingsChangedMeanwhile": .bool(result.settingsChangedMeanwhile),
            ]).text())
        } else {
            context.console.print("\(done.count) run\(done.count == 1 ? "" : "s") reanalysed, \(failed.count) failed"
                                  + (result.settingsChangedMeanwhile ? " (with the analysis settings as changed meanwhile)" : ""))
            for failure in failed { context.console.error("runlog: run \(failure.id): \(failure.message)") }
        }
        return failed.isEmpty ? ExitCode.success : ExitCode.failure
    }
}
