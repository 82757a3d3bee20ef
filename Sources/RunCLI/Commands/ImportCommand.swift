import RunCore
import RunFormats
import RunStore
import RunUI
import Foundation

/// `runlog import PATH...`
enum ImportCommand: Command {
    static let name = "import"
    static let summary = "import GPX files or folders into the library"
    static let help = """
        usage: runlog import [options] PATH...

        Imports GPX files into the library. A PATH may be a file, a folder (searched recursively for
        .gpx files; .tcx and .fit files are reported as not supported yet), or - for standard input.
        Each file is imported in one transaction: either the whole run is stored, with the original
        file byte for byte, or nothing is.

        A file already in the library (the same bytes) is skipped. A run that starts within 5 s of a
        stored run with nearly the same distance (within 2 %) is a probable duplicate: it is reported
        and not imported unless --allow-duplicates is given. Nothing is ever deleted.

        options:
          --skip-invalid-points  import files that have points with an invalid position (a latitude
                                 outside [-90, 90], a missing or non-numeric lat/lon), leaving those
                                 points out; the report says how many and where
          --allow-duplicates     import probable duplicates too
          --json                 print the report as JSON
          --library PATH         the library file

        exit status: 0 when every file was imported or already there, 1 when any failed, 64 on bad usage.
        """
    static let arguments = ArgumentSpec(flags: ["--skip-invalid-points", "--allow-duplicates"], minimumPositionals: 1,
                                        maximumPositionals: nil)

    static let importableExtensions: Set<String> = ["gpx", "tcx", "fit"]

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        let console = context.console
        var files: [String] = []
        var failures: [ImportReport.Failure] = []
        for path in arguments.positionals {
            do { files += try expand(path) } catch let failure as CommandFailure {
                failures.append(.init(file: path, code: "io", message: failure.message, line: nil, column: nil))
            }
        }
        let library = try context.library()
        var options = ImportOptions(skipsInvalidPoints: arguments.has("--skip-invalid-points"),
                                    importsProbableDuplicates: arguments.has("--allow-duplicates"))
        options.analysisParameters = AnalysisParameters()
        let importer = RunImporter(library: library, options: options)
        var report = ImportReport()
        report.failures = failures
        for (index, file) in files.enumerated() {
            if files.count > 1 {
                console.progress("[\(index + 1)/\(files.count)] \((file as NSString).lastPathComponent)")
            }
            do {
                switch try importer.importFile(atPath: file, displayName: file == "-" ? "-" : file) {
                case .imported(let run): report.imported.append((file, run))
                case .duplicate(let existing): report.duplicates.append((file, existing, false))
                case .probableDuplicate(let existing): report.duplicates.append((file, existing, true))
                }
            } catch let error as GPXError {
                report.failures.append(.init(file: file, code: error.code.rawValue, message: error.message,
                                             line: error.line, column: error.column))
            } catch {
                report.failures.append(.init(file: file, code: "storage", message: "\(error)", line: nil, column: nil))
            }
        }
        console.endProgress()
        if arguments.has("--json") {
            console.print(report.json.text())
        } else {
            report.printText(to: console, formatter: context.formatter)
        }
        return report.failures.isEmpty ? ExitCode.success : ExitCode.failure
    }

    /// The files a PATH stands for: itself, or the importable files under a folder, sorted.
    static func expand(_ path: String) throws -> [String] {
        if path == "-" { return [path] }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandFailure("no such file or folder")
        }
        guard isDirectory.boolValue else { return [path] }
        guard let enumerator = FileManager.default.enumerator(atPath: path) else {
            throw CommandFailure("cannot read the folder")
        }
        var found: [String] = []
        for case let relative as String in enumerator
        where importableExtensions.contains((relative as NSString).pathExtension.lowercased()) {
            let full = (path as NSString).appendingPathComponent(relative)
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue { found.append(full) }
        }
        return found.sorted()
    }
}

/// The outcome of `runlog import` for all its files.
struct ImportReport {
    struct Failure {
        var file: String
        var code: String
        var message: String
        var line: Int?
        var column: Int?

        var location: String {
            var text = file
            if let line { text += ":\(line)"; if let column { text += ":\(column)" } }
            return text
        }
    }

    var imported: [(file: String, run: RunRecord)] = []
    var duplicates: [(file: String, existing: RunRecord, probable: Bool)] = []
    var failures: [Failure] = []

    func printText(to console: Console, formatter: DisplayFormatter) {
        for (file, run) in imported {
            console.print("imported  run \(run.id)  \(run.name)  \(formatter.distance(run.summary.distanceMeters))  (\(file))")
            for d in run.diagnostics { console.error("runlog: warning: \(file): \(d.description)") }
        }
        for (file, existing, probable) in duplicates {
            if probable {
                console.print("skipped   \(file): probably run \(existing.id) (\(existing.name)) again: same start, nearly the same distance; use --allow-duplicates to import it")
            } else {
                console.print("skipped   \(file): already in the library as run \(existing.id) (\(existing.name))")
            }
        }
        for failure in failures { console.error("runlog: failed: \(failure.location): \(failure.message)") }
        let plural = { (n: Int, word: String) in "\(n) \(word)\(n == 1 ? "" : "s")" }
        console.print("\(plural(imported.count, "run")) imported, \(plural(duplicates.count, "duplicate")) skipped, \(failures.count) failed")
    }

    var json: JSONValue {
        .object([
            "imported": .array(imported.map { file, run in
                .object(["file": .string(file), "id": .integer(run.id), "name": .string(run.name),
                         "distanceMeters": .number(run.summary.distanceMeters),
                         "warnings": .array(run.diagnostics.map(RunPresentation.json))])
            }),
            "duplicates": .array(duplicates.map { file, existing, probable in
                .object(["file": .string(file), "existingId": .integer(existing.id), "probable": .bool(probable)])
            }),
            "failed": .array(failures.map { f in
                .object(["file": .string(f.file), "code": .string(f.code), "message": .string(f.message),
                         "line": .from(f.line), "column": .from(f.column)])
            }),
        ])
    }
}
