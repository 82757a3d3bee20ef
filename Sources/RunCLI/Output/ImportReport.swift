import RunCore
import RunStore
import RunUI

/// The outcome of `runlog import`, file by file in the order given.
struct ImportReport {
    struct Failure {
        var file: String
        var code: String
        var message: String
        var line: Int?
        var column: Int?

        init(file: String, code: String, message: String, line: Int? = nil, column: Int? = nil) {
            self.file = file
            self.code = code
            self.message = message
            self.line = line
            self.column = column
        }

        var location: String {
            var text = file
            if let line { text += ":\(line)"; if let column { text += ":\(column)" } }
            return text
        }
    }

    enum Entry {
        case imported(file: String, run: RunRecord)
        case duplicate(file: String, existing: RunRecord, probable: Bool)
        case failed(Failure)
    }

    var entries: [Entry] = []
    /// TCX and FIT files found in folders and skipped.
    var unsupported: [String] = []

    var hasFailures: Bool { entries.contains { if case .failed = $0 { return true } else { return false } } }

    func printText(to console: Console, formatter: DisplayFormatter) {
        var imported = 0, skipped = 0, failed = 0
        for entry in entries {
            switch entry {
            case .imported(let file, let run):
                imported += 1
                console.print("imported  run \(run.id)  \(run.name)  \(formatter.distance(run.summary.distanceMeters))  (\(file))")
                for d in run.diagnostics { console.error("runlog: warning: \(file): \(d.description)") }
            case .duplicate(let file, let existing, let probable):
                skipped += 1
                if probable {
                    console.print("skipped   \(file): probably run \(existing.id) (\(existing.name)) again: same start, nearly the same distance; use --allow-duplicates to import it")
                } else {
                    console.print("skipped   \(file): already in the library as run \(existing.id) (\(existing.name))")
                }
            case .failed(let failure):
                failed += 1
                console.print("failed    \(failure.file)")
                console.error("runlog: \(failure.location): \(failure.message)")
            }
        }
        if !unsupported.isEmpty {
            console.print("note: \(unsupported.count) .tcx/.fit file\(unsupported.count == 1 ? "" : "s") in the folder skipped: not supported yet (GPX only)")
        }
        let plural = { (n: Int, word: String) in "\(n) \(word)\(n == 1 ? "" : "s")" }
        console.print("\(plural(imported, "run")) imported, \(plural(skipped, "duplicate")) skipped, \(failed) failed")
    }

    var json: JSONValue {
        var imported: [JSONValue] = [], duplicates: [JSONValue] = [], failed: [JSONValue] = []
        for entry in entries {
            switch entry {
            case .imported(let file, let run):
                imported.append(.object(["file": .string(file), "id": .integer(run.id), "name": .string(run.name),
                                         "distanceMeters": .number(run.summary.distanceMeters),
                                         "warnings": .array(run.diagnostics.map(RunPresentation.json))]))
            case .duplicate(let file, let existing, let probable):
                duplicates.append(.object(["file": .string(file), "existingId": .integer(existing.id), "probable": .bool(probable)]))
            case .failed(let f):
                failed.append(.object(["file": .string(f.file), "code": .string(f.code), "message": .string(f.message),
                                       "line": .from(f.line), "column": .from(f.column)]))
            }
        }
        return .object(["imported": .array(imported), "duplicates": .array(duplicates), "failed": .array(failed),
                        "unsupported": .array(unsupported.map { .string($0) })])
    }
}
