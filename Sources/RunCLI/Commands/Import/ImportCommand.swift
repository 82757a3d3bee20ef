import Foundation
import RunApp
import RunCore
import RunFormats
import RunStore
import RunUI

/// `runlog import PATH...`
enum ImportCommand: Command {
    static let name = "import"
    static let summary = "import activity files, folders and exports (GPX, FIT, TCX, zip) into the library"
    static let overview = """
        Imports activity files into the library: GPX, FIT (watches, bike computers, apps) and TCX
        (Garmin Connect, Polar Flow, Strava …), plain or compressed (.gz, .bz2, .xz), told apart by
        their content, not their names. A PATH may be a file, a folder (searched recursively for
        such files and for archives), an archive (.zip, .tar, .tar.gz: read in memory, nothing is
        unpacked to disk), an account export (Strava's "Download your data" zip or its unpacked
        folder, whose activities.csv gives each run its name, sport, description and private note
        as notes, and gear; Garmin Connect's export with its uploaded-files zips), or - for
        standard input. Each file is imported in one transaction: either its runs are stored, with
        the original file byte for byte (an archive's member as it is once decompressed), or
        nothing is. Files are read on every processor at once and stored in the order given.

        A GPX file that holds several activities — tracks or points more than the analysis.splitGap
        setting apart in time (2 h by default), or a new track started more than 5 min later and
        1 km away — is stored as one run per activity, each pointing at the one original; tracks
        without any times are kept as a route, never counted as an activity. A FIT or TCX file is
        one run per session its device recorded (a multisport file: swim, ride and run apart).
        A FIT file that is not an activity (settings, course, monitoring) is refused, naming its type.
        An export's activity without a file, or whose file cannot be read, is kept as a run of its
        summary alone (after the file's error is reported).

        A file already in the library (the same bytes) is skipped. A run that starts within 5 s of a
        stored run with nearly the same distance (within 2 %) is a probable duplicate: it is reported
        and not imported unless --allow-duplicates is given. Nothing is ever deleted.
        """
    static let epilogue: String? = """
        Files are reported in the order given, one line each; warnings and failures go to standard
        error; on a terminal a progress line counts the files done and the runs per second. Members
        of archives that are not activity files (photos, other data) are counted in a note; the
        last lines give the runs by format and the totals.

        exit status: 0 when every file was imported or already there, 1 when any failed, 64 on bad usage.
        """
    enum Options {
        static let skipInvalidPoints = Option("--skip-invalid-points", help: """
            import what can be read of damaged files: GPX points with an invalid
            position (a latitude outside [-90, 90], a missing or non-numeric
            lat/lon) left out; a FIT file's records before a truncation or an
            undefined message kept; the report says how many and where
            """)
        static let allowDuplicates = Option("--allow-duplicates", help: "import probable duplicates too")
        static let noSplit = Option("--no-split", help: """
            one run per GPX file, whatever it holds (a run with a gap over the
            split setting is flagged)
            """)
        static let jobs = Option("--jobs", .required("N"),
                                 help: "read N files at once (default: one per processor, here \(ProcessInfo.processInfo.activeProcessorCount))")
        static let json = GlobalOptions.json("print the report as JSON")
    }
    static let shape = CommandShape(options: [Options.skipInvalidPoints, Options.allowDuplicates, Options.noSplit, Options.jobs, Options.json],
                                    positionals: [Positional("PATH", .anyFile, repeats: true)],
                                    globals: [GlobalOptions.library.help("the library file (created if missing)"), GlobalOptions.profile, GlobalOptions.help])

    /// One thing named on the command line, in order: files read alone, or an archive or export.
    private enum Work {
        case files([String])
        case export(ExportPath)
    }

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        let console = context.console
        var report = ImportReport()
        var work: [Work] = []
        for path in arguments.positionals {
            if let export = ExportPath.recognise(path) {
                work.append(.export(export))
                continue
            }
            do {
                let found = try FileCollection.expand(path)
                var files: [String] = []
                for file in found.files {
                    if let archive = ExportPath.recogniseArchive(file) {
                        if !files.isEmpty { work.append(.files(files)); files = [] }
                        work.append(.export(archive))
                    } else {
                        files.append(file)
                    }
                }
                if !files.isEmpty { work.append(.files(files)) }
                for problem in found.problems {
                    report.entries.append(.failed(.init(file: problem.path, code: "io", message: problem.message)))
                }
                if found.files.isEmpty && found.problems.isEmpty {
                    report.entries.append(.failed(.init(file: path, code: "noFiles",
                                                        message: "no activity files (.gpx, .fit, .tcx, compressed) or archives in this folder")))
                }
            } catch let failure as CommandFailure {
                report.entries.append(.failed(.init(file: path, code: "io", message: failure.message)))
            }
        }
        let jobs = try jobCount(arguments)
        let library = try context.library(creating: true)
        var options = ImportOptions(skipsInvalidPoints: arguments.has(Options.skipInvalidPoints),
                                    importsProbableDuplicates: arguments.has(Options.allowDuplicates))
        options.analysisPreferences = try context.analysisPreferences()
        options.splitsActivities = !arguments.has(Options.noSplit)
        // The analysis settings as the store holds them when the import ends (another process
        // may change them meanwhile: the import's runs then follow them, see LibraryImport).
        let importer = LibraryImport(library: library, options: options, currentPreferences: { try context.currentAnalysisPreferences() })
        // Read and analysed on every processor, stored one by one in the order given; each file's
        // line printed as soon as it is done (an interrupted import has said what it stored).
        let json = arguments.has(Options.json)
        let hint = "use --allow-duplicates to import it"
        let look = { (id: Int64) in "'runlog show \(id)'" }
        if !json { printLines(report.entries.flatMap { ImportReport.lines(for: $0, formatter: context.formatter, probableDuplicateHint: hint, whereToLook: look, failureHint: \.commandLineHint) },
                              console: console) }
        let plainFileCount = work.reduce(0) { if case .files(let f) = $1 { $0 + f.count } else { $0 } }
        var progress = ImportProgress(total: work.contains { if case .export = $0 { true } else { false } } ? nil : plainFileCount)
        let record = { (name: String, outcome: Result<ImportResult, any Error>) throws in
            let before = report.entries.count
            try report.add(file: name) { try outcome.get() }
            progress.done(runs: report.entries[before...].reduce(0) { if case .imported = $1 { $0 + 1 } else { $0 } })
            if !json {
                console.endProgress()
                for entry in report.entries[before...] {
                    printLines(ImportReport.lines(for: entry, formatter: context.formatter, probableDuplicateHint: hint, whereToLook: look, failureHint: \.commandLineHint),
                               console: console)
                }
                console.flush()
                console.progress(progress.line(next: nil))
            }
        }
        for item in work {
            switch item {
            case .files(let files):
                let named = files.map { (path: $0, displayName: FileCollection.displayName($0)) }
                if !json { console.progress(progress.line(next: named.first?.displayName)) }
                try importer.importFiles(named, width: jobs) { index, outcome in try record(named[index].displayName, outcome) }
            case .export(let export):
                if !json { console.progress(progress.line(next: export.path)) }
                do {
                    let summary = try export.withSource { source in try importer.importExport(source, width: jobs, each: record) }
                    report.add(summary, archive: export.path)
                } catch let error as ReadError {
                    report.entries.append(.failed(.init(file: export.path, error)))
                    if !json { printLines(ImportReport.lines(for: report.entries.last!, formatter: context.formatter, probableDuplicateHint: hint,
                                                             failureHint: \.commandLineHint),
                                          console: console) }
                }
            }
        }
        console.endProgress()
        let completion = try importer.finish()
        if !completion.recomputedRunIDs.isEmpty {
            console.error("runlog: note: the analysis settings changed during the import; \(completion.recomputedRunIDs.count) of its runs were recomputed with them")
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
            case .hint: console.error(line.text)
            default: console.print(line.text)
            }
        }
    }

    /// `--jobs N`: a whole number from 1 to 64; nil when not given (one per processor).
    private static func jobCount(_ arguments: ParsedArguments) throws -> Int? {
        guard let text = arguments.value(Options.jobs) else { return nil }
        guard let jobs = Int(text), (1...64).contains(jobs) else {
            throw UsageError("--jobs needs a whole number from 1 to 64, not '\(text)'", command: name)
        }
        return jobs
    }
}
