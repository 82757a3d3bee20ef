import Foundation
import RunApp
import RunCore
import RunStore
import RunUI

/// What the import page and `GET /api/v1/imports/{id}` show of a job at one moment: the status
/// line in the language, why it stopped, and the API's JSON (SI-free counts, ISO 8601 UTC times,
/// stable keys; under `display` the page's texts, for its script).
struct ImportJobView {
    let job: ImportJob
    let snapshot: ImportJob.Snapshot
    /// Jobs imported before it, while it waits.
    let ahead: Int?

    init(job: ImportJob, queue: ImportQueue) {
        self.job = job
        // The place first: a job that leaves the queue in between shows as running, never as waiting with no place.
        ahead = queue.ahead(of: job)
        snapshot = job.snapshot
    }

    /// `Waiting: 1 upload ahead of this one.`, `Importing file 2 of 5: 40 runs stored so far, 1 failed.`,
    /// the report's totals once done, `The import stopped:` and why once stopped.
    func status(_ formatter: DisplayFormatter) -> String {
        let strings = formatter.strings
        switch snapshot.phase {
        case .queued: return strings.importQueued(ahead ?? 0)
        case .running:
            let counts = snapshot.counts
            return strings.importRunning(formatter.integer(max(1, snapshot.file)), formatter.integer(job.fileCount),
                                         formatter.count(counts.imported, strings.runs), formatter.integer(counts.failed))
        case .done:
            return snapshot.report?.closingLines(formatter: formatter).last?.text ?? ""
        case .failed:
            return strings.importStopped + " " + (stoppedReason(formatter.language) ?? "")
        }
    }

    /// Why the import stopped, in `language` (the error's sentence; a failure of the server said
    /// as such, the error itself going to the server's standard error).
    func stoppedReason(_ language: Language) -> String? {
        guard let error = snapshot.error else { return nil }
        let said = WebError(from: error, language: language)
        return said.pageMessage ?? said.message
    }

    /// The job as the API gives it.
    func json(_ formatter: DisplayFormatter) -> JSONValue {
        func time(_ date: Date?) -> JSONValue { date.map { .string(CalendarText.iso8601($0.timeIntervalSince1970) ?? "") } ?? .null }
        let counts = snapshot.counts
        var report: JSONValue = .null
        if let finished = snapshot.report, case .object(var object) = finished.json {
            let completion = snapshot.completion ?? ImportCompletion()
            // The runs recomputed because the analysis settings changed during the import (by another process).
            object["recomputedAfterSettingsChange"] = .array(completion.recomputedRunIDs.map { .integer($0) })
            object["recomputeFailed"] = .array(completion.reanalysis.failed.map { .object(["id": .integer($0.id), "message": .string($0.message)]) })
            report = .object(object)
        }
        var error: JSONValue = .null
        if let stopped = snapshot.error {
            let said = WebError(from: stopped, language: .english)
            error = .object(said.data.merging(["code": .string(said.code), "message": .string(said.message)]) { $1 })
        }
        return .object([
            "id": .string(job.id),
            "state": .string(snapshot.phase.rawValue),
            "createdAt": time(job.createdAt), "startedAt": time(snapshot.startedAt), "finishedAt": time(snapshot.finishedAt),
            "fileCount": .integer(Int64(job.fileCount)),
            "queueAhead": ahead.map { .integer(Int64($0)) } ?? .null,
            "progress": .object(["file": .integer(Int64(snapshot.file)), "imported": .integer(Int64(counts.imported)),
                                 "routes": .integer(Int64(counts.routes)), "duplicates": .integer(Int64(counts.duplicates)),
                                 "failed": .integer(Int64(counts.failed))]),
            "report": report,
            "error": error,
            "display": .object(["status": .string(status(formatter)), "isFinished": .bool(snapshot.isFinished)]),
        ])
    }
}
