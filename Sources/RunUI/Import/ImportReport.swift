package import RunCore
package import RunStore
package import RunFormats

/// The outcome of an import, file by file in the order given: what `runlog import` prints and the
/// web UI's import page shows (the same lines, in the interface language), and the JSON both
/// give (`--json`, `POST /api/v1/imports`).
package struct ImportReport: Sendable {
    package struct Failure: Sendable {
        package var file: String
        /// A ``RunFormats/ReadError`` or ``RunStore/LibraryError`` code, or `io`, `noFiles`.
        package var code: String
        package var message: String
        package var line: Int?
        package var column: Int?
        /// The reader's error, when the file could not be read: its reason in the language, its
        /// hint and its data come from it.
        package var readError: ReadError?
        /// The library's refusal (a file with no track points): its sentence and hint come from it.
        package var libraryError: LibraryError?

        package init(file: String, code: String, message: String, line: Int? = nil, column: Int? = nil) {
            self.file = file
            self.code = code
            self.message = message
            self.line = line
            self.column = column
        }

        /// A file the reader refused, named `file` (the name the import gave it).
        package init(file: String, _ error: ReadError) {
            self.init(file: file, code: error.code.rawValue, message: error.message, line: error.line, column: error.column)
            readError = error
        }

        /// `file:line:column`, as far as known.
        package var location: String {
            var text = file
            if let line { text += ":\(line)"; if let column { text += ":\(column)" } }
            return text
        }
    }

    package enum Entry: Sendable {
        /// The file held several activities (or tracks without times besides): its runs follow.
        case split(file: String, runs: Int, routes: Int)
        /// The file held several sessions (a FIT or TCX multisport file): one run each follows.
        case sessions(file: String, runs: Int)
        case imported(file: String, run: RunRecord)
        case duplicate(file: String, existing: RunRecord, probable: Bool)
        /// A run already stored, completed with an export's details (name, notes, gear, sport).
        case completed(file: String, run: RunRecord)
        case failed(Failure)
    }

    /// One line of the report for people.
    package struct Line: Sendable, Equatable {
        package enum Kind: Sendable, Equatable {
            /// A file stored, skipped as a duplicate, or failed; a note; the totals.
            case imported, skipped, failed, note, totals
            /// Why a file failed (after its `failed` line), or a warning about an imported file:
            /// the CLI writes these to standard error.
            case reason, warning
            /// What would get a failed file in, in the front end's words (the CLI's flag): after
            /// the `reason`, to standard error as it is.
            case hint
        }

        package var kind: Kind
        package var text: String
    }

    /// The entries listed, in order (all of them unless ``listLimit`` says otherwise).
    package var entries: [Entry] = []
    /// Members of archives and exports left out, with the reason (not an activity file, unsafe
    /// path …): the first ``listLimit`` of them.
    package private(set) var skipped: [(file: String, reason: String)] = []
    /// How many entries and skipped members are listed at most; those past it are counted
    /// (``unlisted``, ``skippedCount``), not kept: the web's report of an upload of 20,000 files
    /// stays a page, not tens of megabytes. nil (the command line, which prints each entry as it
    /// goes): every one is listed.
    package let listLimit: Int?
    /// What the entries past ``listLimit`` were.
    package private(set) var unlisted = Counts()
    /// Every member skipped, listed or not, and how many for each reason.
    package private(set) var skippedCount = 0
    private var skippedByReason: [String: Int] = [:]

    /// Runs, routes, duplicates and failures, counted.
    package struct Counts: Sendable, Equatable {
        /// Runs stored (routes not included).
        package var imported = 0
        /// Routes stored (tracks without times).
        package var routes = 0
        /// Files or runs skipped as duplicates.
        package var duplicates = 0
        /// Files that could not be imported.
        package var failed = 0
        /// Entries of any kind (notes included).
        package var entries = 0

        package init() {}

        mutating func count(_ entry: Entry) {
            entries += 1
            switch entry {
            case .imported(_, let run): if run.isRoute { routes += 1 } else { imported += 1 }
            case .duplicate: duplicates += 1
            case .failed: failed += 1
            case .split, .sessions, .completed: break
            }
        }
    }

    /// - Parameter listLimit: how many entries (and skipped members) to keep listed; nil for all.
    package init(listLimit: Int? = nil) {
        self.listLimit = listLimit
    }

    /// Adds an entry: listed while fewer than ``listLimit`` are, else counted in ``unlisted``.
    package mutating func append(_ entry: Entry) {
        if let listLimit, entries.count >= listLimit {
            unlisted.count(entry)
        } else {
            entries.append(entry)
        }
    }

    /// Every entry's counts, listed or not.
    package var counts: Counts {
        var counts = unlisted
        for entry in entries { counts.count(entry) }
        return counts
    }

    package var hasFailures: Bool {
        unlisted.failed > 0 || entries.contains { if case .failed = $0 { return true } else { return false } }
    }

    /// Imports one file through `attempt` and records what happened: a run, a duplicate, or why
    /// the file is not a run (a GPX error, no track points).
    /// - Throws: storage errors, which stop an import.
    package mutating func add(file: String, _ attempt: () throws -> ImportResult) throws {
        do {
            for entry in Self.entries(file: file, try attempt()) { append(entry) }
        } catch let error as ReadError {
            append(.failed(Failure(file: file, error)))
        } catch let error as LibraryError where error.code == .noTrackPoints {
            var failure = Failure(file: file, code: error.code.rawValue, message: error.message)
            failure.libraryError = error
            append(.failed(failure))
        }
    }

    /// What an export held besides its files: its members skipped (with their reasons) and the
    /// errors of its `activities.csv` (each a failure, naming the line).
    package mutating func add(_ summary: ExportSummary, archive: String) {
        for member in summary.skipped {
            let reason = member.reason.description
            skippedCount += 1
            skippedByReason[reason, default: 0] += 1
            if listLimit.map({ skipped.count < $0 }) ?? true { skipped.append((file: archive + ":" + member.path, reason: reason)) }
        }
        for error in summary.csvErrors {
            append(.failed(Failure(file: archive + ":" + error.file, error)))
        }
    }

    /// The entries of one file's result: a note when it was split, then one per run.
    package static func entries(file: String, _ result: ImportResult) -> [Entry] {
        var entries: [Entry] = []
        if result.partCount > 1 && !result.imported.isEmpty {
            entries.append(result.isSplitBySessions ? .sessions(file: file, runs: result.partCount)
                           : .split(file: file, runs: result.partCount - result.routeCount, routes: result.routeCount))
        }
        for outcome in result.outcomes {
            switch outcome {
            case .imported(let run): entries.append(.imported(file: file, run: run))
            case .duplicate(let existing): entries.append(.duplicate(file: file, existing: existing, probable: false))
            case .probableDuplicate(let existing): entries.append(.duplicate(file: file, existing: existing, probable: true))
            }
        }
        for case .duplicate(let file, let run, _) in entries where result.completedFromExport.contains(run.id) {
            entries.append(.completed(file: file, run: run))
        }
        return entries
    }

    /// The report's lines in the formatter's language. `probableDuplicateHint` says how to import
    /// a probable duplicate anyway in the front end (`use --allow-duplicates to import it`);
    /// `whereToLook` where a run's clean-up report is (`'runlog show 3'`; default: the run's page);
    /// `failureHint` what would get a refused file in (the CLI: ``ErrorText/commandLineHint``),
    /// a `hint` line after the reason.
    package func lines(formatter: DisplayFormatter, probableDuplicateHint: String,
                      whereToLook: ((Int64) -> String)? = nil, failureHint: (ErrorText) -> String? = { _ in nil }) -> [Line] {
        entries.flatMap { Self.lines(for: $0, formatter: formatter, probableDuplicateHint: probableDuplicateHint, whereToLook: whereToLook,
                                     failureHint: failureHint) }
            + closingLines(formatter: formatter)
    }

    /// The lines of one entry (a front end may print them as each file is done, so that an
    /// interrupted import has said which runs it stored).
    package static func lines(for entry: Entry, formatter: DisplayFormatter, probableDuplicateHint: String,
                             whereToLook: ((Int64) -> String)? = nil, failureHint: (ErrorText) -> String? = { _ in nil }) -> [Line] {
        let strings = formatter.strings
        var lines: [Line] = []
        switch entry {
        case .split(let file, let runs, let routes):
            lines.append(Line(kind: .note, text: strings.importSplit(file, runs, routes)))
        case .sessions(let file, let runs):
            lines.append(Line(kind: .note, text: strings.importSessions(file, runs)))
        case .completed(_, let run):
            lines.append(Line(kind: .note, text: strings.importCompletedFromExport("\(run.id)", run.name)))
        case .imported(let file, let run):
            let text = run.isRoute ? strings.importedRoute : strings.importedRun
            lines.append(Line(kind: .imported, text: text("\(run.id)", run.name, formatter.distance(run.summary.distanceMeters), file)))
            lines += run.diagnostics.map { Line(kind: .warning, text: "\(file): \($0.description)") }
            let total = run.summary.trackPointCount, leftOut = total - run.summary.analyzedPointCount
            if leftOut * 2 > total {
                lines.append(Line(kind: .warning, text: "\(file): " + strings.importMostPointsLeftOut(
                    formatter.integer(leftOut), formatter.integer(total), whereToLook?(run.id) ?? strings.theRunsPage)))
            }
        case .duplicate(let file, let existing, let probable):
            lines.append(Line(kind: .skipped, text: probable
                ? strings.importProbableDuplicate(file, "\(existing.id)", existing.name) + "; " + probableDuplicateHint
                : strings.importAlreadyThere(file, "\(existing.id)", existing.name)))
        case .failed(let failure):
            lines.append(Line(kind: .failed, text: strings.importFailed(failure.file)))
            if let error = failure.readError {
                lines.append(Line(kind: .reason, text: "\(failure.location): \(ReadErrorText.reason(error, language: formatter.language))"))
                if let text = ErrorText(error, language: formatter.language), let hint = failureHint(text) {
                    lines.append(Line(kind: .hint, text: hint))
                }
            } else if let error = failure.libraryError, let text = ErrorText(error, language: formatter.language) {
                lines.append(Line(kind: .reason, text: "\(failure.location): \(text.sentence)"))
                if let hint = failureHint(text) { lines.append(Line(kind: .hint, text: hint)) }
            } else {
                lines.append(Line(kind: .reason, text: "\(failure.location): \(strings.importFailureReason(failure.code, failure.message))"))
            }
        }
        // File names are the user's: a newline or an escape in one stays on its line, inert.
        return lines.map { Line(kind: $0.kind, text: PrintableText.line($0.text)) }
    }

    /// The note on entries not listed, the note on archive members skipped, the runs by format, and the totals.
    package func closingLines(formatter: DisplayFormatter) -> [Line] {
        let strings = formatter.strings
        let counts = counts
        var lines: [Line] = []
        if unlisted.entries > 0 {
            lines.append(Line(kind: .note, text: strings.importUnlisted(
                formatter.integer(listLimit ?? entries.count), formatter.integer(unlisted.imported + unlisted.routes),
                formatter.integer(unlisted.duplicates), formatter.integer(unlisted.failed))))
        }
        if skippedCount > 0 {
            let reasons = skippedByReason.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { (reason: $0.key, count: $0.value) }
            lines.append(Line(kind: .note, text: strings.importSkippedMembers(skippedCount, reasons)))
        }
        let formats = formatCounts
        if formats.count > 1 || formats.first.map({ $0.format != ActivityFileFormat.gpx.displayName }) == true {
            lines.append(Line(kind: .note, text: strings.importFormats(formats)))
        }
        lines.append(Line(kind: .totals, text: strings.importTotals(counts.imported, counts.routes, counts.duplicates, counts.failed)))
        return lines
    }

    /// The runs stored, by the format of their files, most first (of the entries listed).
    var formatCounts: [(format: String, count: Int)] {
        var counts: [ActivityFileFormat: Int] = [:]
        for case .imported(_, let run) in entries { counts[run.summary.sourceFormat ?? .gpx, default: 0] += 1 }
        return counts.sorted { ($0.value, $1.key.rawValue) > ($1.value, $0.key.rawValue) }.map { (format: $0.key.displayName, count: $0.value) }
    }

    /// The report as JSON: `imported`, `duplicates`, `failed`, `skipped` (the entries listed),
    /// `counts` (of every entry: `imported`, `routes`, `duplicates`, `failed`, `skipped`), and
    /// `unlistedEntryCount`, `unlistedSkippedCount` (past ``listLimit``; 0 when all are listed).
    package var json: JSONValue {
        var imported: [JSONValue] = [], duplicates: [JSONValue] = [], failed: [JSONValue] = [], completed: [JSONValue] = []
        for entry in entries {
            switch entry {
            case .split, .sessions: break
            case .completed(_, let run): completed.append(.integer(run.id))
            case .imported(let file, let run):
                imported.append(.object(["file": .string(file), "id": .integer(run.id), "name": .string(run.name),
                                         "format": .string((run.summary.sourceFormat ?? .gpx).rawValue),
                                         "kind": .string(run.kind.rawValue), "distanceMeters": .number(run.summary.distanceMeters),
                                         "part": run.part.map { .object(["index": .integer(Int64($0.index + 1)), "count": .integer(Int64($0.count))]) } ?? .null,
                                         "warnings": .array(run.diagnostics.map(RunPresentation.json))]))
            case .duplicate(let file, let existing, let probable):
                duplicates.append(.object(["file": .string(file), "existingId": .integer(existing.id), "probable": .bool(probable)]))
            case .failed(let f):
                // The reader's data (offsetBytes, limitBytes, remedy …), the import's file name and place over it.
                failed.append(.object((f.readError?.data ?? [:]).merging(
                    ["file": .string(f.file), "code": .string(f.code), "message": .string(f.message),
                     "line": .from(f.line), "column": .from(f.column)]) { $1 }))
            }
        }
        let counts = counts
        return .object(["imported": .array(imported), "duplicates": .array(duplicates), "failed": .array(failed),
                        "completedFromExport": .array(completed),
                        "skipped": .array(skipped.map { .object(["file": .string($0.file), "reason": .string($0.reason)]) }),
                        "counts": .object(["imported": .integer(Int64(counts.imported)), "routes": .integer(Int64(counts.routes)),
                                           "duplicates": .integer(Int64(counts.duplicates)), "failed": .integer(Int64(counts.failed)),
                                           "skipped": .integer(Int64(skippedCount))]),
                        "unlistedEntryCount": .integer(Int64(unlisted.entries)),
                        "unlistedSkippedCount": .integer(Int64(skippedCount - skipped.count))])
    }
}
