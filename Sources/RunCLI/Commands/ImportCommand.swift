import Foundation
import RunCore
import RunFormats
import RunStore
import RunUI

/// `runlog import PATH...`
enum ImportCommand: Command {
    static let name = "import"
    static let summary = "import GPX files or folders into the library"
    static let help = """
        usage: runlog import [options] PATH...

        Imports GPX files into the library. A PATH may be a file, a folder (searched recursively for
        .gpx files; .tcx and .fit files are reported as not supported yet), or - for standard input.
        Each file is imported in one transaction: either the whole run is stored, with the original
        file byte for byte, or nothing is. Files are read on every processor at once and stored in
        the order given, so runs are numbered in that order.

        A file that holds several activities — tracks or points more than the analysis.splitGap
        setting apart in time (2 h by default), or a new track started more than 5 min later and
        1 km away — is stored as one run per activity, each pointing at the one original; tracks
        without any times are kept as a route, never counted as an activity.

        A file already in the library (the same bytes) is skipped. A run that starts within 5 s of a
        stored run with nearly the same distance (within 2 %) is a probable duplicate: it is reported
        and not imported unless --allow-duplicates is given. Nothing is ever deleted.

        options:
          --skip-invalid-points  import files that have points with an invalid position (a latitude
                                 outside [-90, 90], a missing or non-numeric lat/lon), leaving those
                                 points out; the report says how many and where
          --allow-duplicates     import probable duplicates too
          --no-split             one run per file, whatever it holds (a run with a gap over the
                                 split setting is flagged)
          --jobs N               read N files at once (default: one per processor, here \(ProcessInfo.processInfo.activeProcessorCount))
          --json                 print the report as JSON
          --library PATH         the library file (created if missing)

        Files are reported in the order given, one line each; warnings and failures go to standard
        error. A folder's .tcx and .fit files are skipped with a note (not supported yet).

        exit status: 0 when every file was imported or already there, 1 when any failed, 64 on bad usage.
        """
    static let arguments = ArgumentSpec(flags: ["--skip-invalid-points", "--allow-duplicates", "--no-split", "--json"], options: ["--jobs"], minimumPositionals: 1,
                                        maximumPositionals: nil)

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        let console = context.console
        var report = ImportReport()
        var files: [String] = []
        for path in arguments.positionals {
            do {
                let found = try FileCollection.expand(path)
                files += found.files
                report.unsupported += found.unsupported
                for problem in found.problems {
                    report.entries.append(.failed(.init(file: problem.path, code: "io", message: problem.message)))
                }
                if found.files.isEmpty && found.unsupported.isEmpty && found.problems.isEmpty {
                    report.entries.append(.failed(.init(file: path, code: "noFiles", message: "no .gpx files in this folder")))
                }
            } catch let failure as CommandFailure {
                report.entries.append(.failed(.init(file: path, code: "io", message: failure.message)))
            }
        }
        let jobs = try jobCount(arguments)
        let library = try context.library(creating: true)
        var options = ImportOptions(skipsInvalidPoints: arguments.has("--skip-invalid-points"),
                                    importsProbableDuplicates: arguments.has("--allow-duplicates"))
        options.analysisPreferences = try context.analysisPreferences()
        options.splitsActivities = !arguments.has("--no-split")
        let importer = RunImporter(library: library, options: options)
        // Read and analysed on every processor, stored one by one in the order given; each file's
        // line printed as soon as it is done (an interrupted import has said what it stored).
        let json = arguments.has("--json")
        let hint = "use --allow-duplicates to import it"
        let look = { (id: Int64) in "'runlog show \(id)'" }
        if !json { printLines(report.entries.flatMap { ImportReport.lines(for: $0, formatter: context.formatter, probableDuplicateHint: hint, whereToLook: look) },
                              console: console) }
        let named = files.map { (path: $0, displayName: FileCollection.displayName($0)) }
        if files.count > 1 { console.progress("[1/\(files.count)] \(named[0].displayName)") }
        try importer.importFiles(named, width: jobs) { index, outcome in
            let before = report.entries.count
            try report.add(file: named[index].displayName) { try outcome.get() }
            if !json {
                console.endProgress()
                for entry in report.entries[before...] {
                    printLines(ImportReport.lines(for: entry, formatter: context.formatter, probableDuplicateHint: hint, whereToLook: look),
                               console: console)
                }
                console.flush()
            }
            if files.count > 1 && index + 1 < files.count {
                console.progress("[\(index + 2)/\(files.count)] \(named[index + 1].displayName)")
            }
        }
        console.endProgress()
        // Analysis settings changed while importing (by another process, whose recompute may have
        // run before some of these runs were stored): those runs follow the settings now.
        let current = try context.currentAnalysisPreferences()
        if current != options.analysisPreferences {
            let reanalyzer = RunReanalyzer(library: library, preferences: current)
            let stale = report.entries.compactMap { entry -> Int64? in
                guard case .imported(_, let run) = entry, let stored = try? library.run(id: run.id) else { return nil }
                return reanalyzer.isStale(stored.summary.parameters) ? run.id : nil
            }
            let redone = try Reanalysis.run(stale, with: reanalyzer)
            if !redone.done.isEmpty {
                console.error("runlog: note: the analysis settings changed during the import; \(redone.done.count) of its runs were recomputed with them")
            }
        }
        if json {
            console.print(report.json.text())
        } else {
            printLines(report.closingLines(formatter: context.formatter), console: console)
        }
        return report.hasFailures ? ExitCode.failure : ExitCode.success
    }

    /// Lines for people: results on standard output, warnings and reasons on standard error.
    private static func printLines(_ lines: [ImportReport.Line], console: Console) {
        for line in lines {
            switch line.kind {
            case .warning: console.error("runlog: warning: \(line.text)")
            case .reason: console.error("runlog: \(line.text)")
            default: console.print(line.text)
            }
        }
    }

    /// `--jobs N`: a whole number from 1 to 64; nil when not given (one per processor).
    private static func jobCount(_ arguments: ParsedArguments) throws -> Int? {
        guard let text = arguments.value("--jobs") else { return nil }
        guard let jobs = Int(text), (1...64).contains(jobs) else {
            throw UsageError("--jobs needs a whole number from 1 to 64, not '\(text)'", command: name)
        }
        return jobs
    }
}
