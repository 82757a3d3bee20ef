import RunCore
import RunFormats
import RunStore
import RunUI

/// `runlog reanalyze [RUN...|--all]`
enum ReanalyzeCommand: Command {
    static let name = "reanalyze"
    static let summary = "recompute runs' numbers from their stored originals"
    static let help = """
        usage: runlog reanalyze [--json] (RUN... | --all | --stale)

        Reads the stored original of each run again and recomputes all its numbers (summary, splits,
        best efforts, zones, clean-up) with this runlog's methods. Use it after an upgrade of
        runlog, or when runs show "analysed with an older method". Each run is replaced in one
        transaction; a run whose original no longer reads is reported and left as it was.

        options:
          --all           every run
          --stale         the runs analysed by an older method (what 'runlog list' points out)
          --json          print {"reanalyzed": [...], "failed": [...]}
          --library PATH  the library file
        """
    static let arguments = ArgumentSpec(flags: ["--all", "--stale", "--json"], minimumPositionals: 0, maximumPositionals: nil)

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        let all = arguments.has("--all"), stale = arguments.has("--stale")
        guard (all || stale) != !arguments.positionals.isEmpty, !(all && stale) else {
            throw UsageError("give run numbers, or --all, or --stale", command: name)
        }
        let library = try context.library()
        let reanalyzer = RunReanalyzer(library: library)
        let ids = all ? try library.runIDs() : stale ? try reanalyzer.staleRunIDs()
            : try arguments.positionals.map { try context.runID($0, command: name) }
        var done: [Int64] = []
        var failed: [(Int64, String)] = []
        for (index, id) in ids.enumerated() {
            if ids.count > 1 { context.console.progress("[\(index + 1)/\(ids.count)] run \(id)") }
            do {
                try reanalyzer.reanalyze(id: id)
                done.append(id)
            } catch let error as GPXError {
                failed.append((id, error.description))
            } catch let error as StoreError where error.code != .runNotFound {
                failed.append((id, error.message))
            }
        }
        context.console.endProgress()
        if arguments.has("--json") {
            context.console.print(JSONValue.object([
                "reanalyzed": .array(done.map { .integer($0) }),
                "failed": .array(failed.map { .object(["id": .integer($0.0), "message": .string($0.1)]) }),
            ]).text())
        } else {
            context.console.print("\(done.count) run\(done.count == 1 ? "" : "s") reanalysed, \(failed.count) failed")
            for (id, message) in failed { context.console.error("runlog: run \(id): \(message)") }
        }
        return failed.isEmpty ? ExitCode.success : ExitCode.failure
    }
}
