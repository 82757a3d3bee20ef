import RunCore
import RunFormats
import RunUI
import Foundation

/// `runlog stats FILE...`
enum StatsCommand: Command {
    static let name = "stats"
    static let summary = "show the numbers of activity files (GPX, FIT, TCX) without importing them"
    static let overview = """
        Reads activity files — GPX, FIT, TCX, plain or compressed (- for standard input; a folder
        means its activity files) — and shows the same numbers as 'runlog show', without importing
        anything. A GPX file is read in one streaming pass: only the columns the analysis needs are
        kept (about 100 bytes per track point), never the file's text or the whole model; FIT and
        TCX files, compressed files and standard input are read whole. Each file is taken
        whole: one holding several activities (which 'runlog import' cuts into runs) is not cut,
        and its warnings name a gap longer than the analysis.splitGap setting.
        """
    enum Options {
        static let skipInvalidPoints = Option("--skip-invalid-points", help: """
            leave out points with an invalid position instead of refusing the file
            (FIT: keep the records before a truncation or an undefined message)
            """)
        static let json = GlobalOptions.json("""
            a JSON array with one object per file (an "error" object for files
            that cannot be read)
            """)
    }
    static let shape = CommandShape(options: [Options.skipInvalidPoints, Options.json],
                                    positionals: [Positional("FILE", .anyFile, repeats: true)], globals: GlobalOptions.withoutLibrary)

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        let reader = GPXReader(options: GPXReader.Options(skipsInvalidPoints: arguments.has(Options.skipInvalidPoints)))
        let json = arguments.has(Options.json)
        var results: [JSONValue] = []
        var failed = false
        var files: [String] = []
        for path in arguments.positionals {
            do {
                let found = try FileCollection.expand(path)
                files += found.files
                for problem in found.problems {
                    failed = true
                    context.console.error("runlog: \(problem.path): \(problem.message)")
                }
                if found.files.isEmpty && found.problems.isEmpty {
                    failed = true
                    context.console.error("runlog: \(path): no activity files (.gpx, .fit, .tcx, compressed) in this folder")
                }
            } catch let failure as CommandFailure {
                failed = true
                context.console.error("runlog: \(path): \(failure.message)")
            }
        }
        let preferences = try context.analysisPreferences()
        for (index, file) in files.enumerated() {
            let fileName = file == "-" ? nil : (file as NSString).lastPathComponent
            do {
                let source = file == "-" ? "stdin" : file
                let fallbackName = ((source as NSString).lastPathComponent as NSString).deletingPathExtension
                let presentation: RunPresentation
                if isPlainGPX(file) {
                    let handler = SummaryHandler(preferences: preferences, fileName: fileName)
                    let diagnostics = try reader.read(fileAt: file, into: handler)
                    presentation = RunPresentation(analysis: handler.analysis, diagnostics: diagnostics,
                                                   name: handler.displayName ?? fallbackName, source: source, creator: handler.creator)
                } else {
                    let read = try ActivityReadSession.read(fileAt: file, options: ReadOptions(isLenient: arguments.has(Options.skipInvalidPoints)))
                    let analysis = ActivityAnalyzer.analyze(read.activity, preferences: preferences, fileName: fileName)
                    presentation = RunPresentation(analysis: analysis, diagnostics: read.diagnostics,
                                                   name: read.activity.displayName ?? fallbackName, source: source, creator: read.activity.creator)
                }
                if json {
                    results.append(presentation.json)
                } else {
                    if index > 0 { context.console.print() }
                    for line in FieldsRenderer.render(presentation, formatter: context.formatter, calendar: context.calendar) {
                        context.console.print(line)
                    }
                }
            } catch let error as ReadError {
                failed = true
                if let text = ErrorText(error, language: context.language) { CLI.say(text, console: context.console) }
                if json {
                    results.append(.object(["source": .string(file), "error": .object([
                        "code": .string(error.code.rawValue), "message": .string(error.message),
                        "line": .from(error.line), "column": .from(error.column)])]))
                }
            }
        }
        if json { context.console.print(JSONValue.array(results).text()) }
        return failed ? ExitCode.failure : ExitCode.success
    }

    /// Whether a file is uncompressed GPX (read streaming): XML whose root is not TCX. Standard
    /// input cannot be looked at first and is read whole, as any format.
    private static func isPlainGPX(_ path: String) -> Bool {
        guard path != "-", let head = ChunkedFile.head(ofFileAt: path) else { return false }
        return head.withUnsafeBytes { ActivityReadSession.isPlainGPX(head: $0) }
    }
}
