package import Foundation
package import RunApp
import RunCore
import RunHTTP
import RunStore
package import RunUI
import Synchronization

/// One upload waiting in the ``ImportQueue``, being imported, or done: what it holds (its spooled
/// body and where its files lie in it, until it is imported), whose it is, and how far it got —
/// the progress while it runs, the report and why it stopped (if it did) once it ended.
package final class ImportJob: Sendable {
    /// How far a job got.
    package struct Snapshot: Sendable {
        package enum Phase: String, Sendable {
            /// Waiting for the worker.
            case queued
            /// Being imported.
            case running
            /// Every file imported (or refused one by one: the report says).
            case done
            /// Stopped before its end: a cap of the upload passed (``RunApp/UploadError``), or a storage failure.
            case failed
        }

        package var phase = Phase.queued
        package var startedAt: Date?
        package var finishedAt: Date?
        /// The file of the upload being imported, from 1 (0 before the first).
        package var file = 0
        /// What the import has done so far (all of it once ended).
        package var counts = ImportReport.Counts()
        /// The report, once ended.
        package var report: ImportReport?
        /// The runs recomputed because the analysis settings changed meanwhile, once ended.
        package var completion: ImportCompletion?
        /// Why the import stopped, for ``Phase/failed``.
        package var error: (any Error)?
        /// Times the import found the library's write lock held by another writer past the
        /// store's busy timeout, and waited to try again (``ImportJob/retryingWhileLocked(_:rewind:)``).
        package var lockWaits = 0

        /// Whether it ended (done or failed).
        package var isFinished: Bool { phase == .done || phase == .failed }
    }

    /// What the job imports; let go when it starts, so the spooled file goes with the import.
    struct Input: Sendable {
        let body: SpooledBody
        /// The upload's file parts, in order.
        let files: [MultipartForm.PartLocation]
        let allowsDuplicates: Bool
    }

    /// 32 random bytes in hex: the job's address, which no other client can guess.
    package let id: String
    /// The session whose job it is (its id): only that session sees it.
    let owner: String
    /// The address the upload came from: whose share of the kept reports its report counts against.
    let address: ClientAddress
    package let createdAt: Date
    /// The files in the upload.
    package let fileCount: Int
    /// The names of the upload's files, in order (what the operator is told of an upload not imported).
    package let fileNames: [String]
    private let input: Mutex<Input?>
    private let state = Mutex(Snapshot())

    init(owner: String, address: ClientAddress = .unknown, input: Input, now: Date = Date()) {
        id = Session.randomHex()
        self.owner = owner
        self.address = address
        createdAt = now
        fileCount = input.files.count
        fileNames = input.files.map { $0.fileName ?? "upload" }
        self.input = Mutex(input)
    }

    /// How far it got, now.
    package var snapshot: Snapshot { state.withLock { $0 } }

    /// Marks the job running (the queue does as it takes the job, so whoever sees it taken sees it running).
    func markRunning() {
        state.withLock { ($0.phase, $0.startedAt) = (.running, Date()) }
    }

    /// Imports the upload (on the queue's worker): each file in order through RunApp's
    /// ``RunApp/UploadImport`` within `limits`, then the recompute after a concurrent settings
    /// change (``RunApp/LibraryImport/finish(progress:)``), noting the library's changes for the
    /// page cache. The analysis settings are read as it starts, not when the upload arrived.
    func run(pool: StorePool, limits: UploadLimits, listLimit: Int) {
        guard let input = input.withLock({ input in defer { input = nil }; return input }) else { return }
        markRunning()
        var report = ImportReport(listLimit: listLimit)
        var completion: ImportCompletion?
        var stoppedBy: (any Error)?
        do {
            try pool.withWorkspace { workspace in
                var options = ImportOptions(importsProbableDuplicates: input.allowsDuplicates)
                options.analysisPreferences = AnalysisPreferences(settings: try workspace.reading().snapshot)
                let settings = workspace.settings
                let library = LibraryImport(library: workspace.library, options: options,
                                            currentPreferences: { AnalysisPreferences(settings: try settings.snapshot()) })
                let upload = UploadImport(library: library, limits: limits)
                do {
                    let mapping = try input.body.mapped()
                    for (index, part) in input.files.enumerated() {
                        state.withLock { $0.file = index + 1 }
                        let name = part.fileName ?? "upload"
                        let (reportBefore, usageBefore) = (report, upload.usage)
                        let summary = try retryingWhileLocked({
                            try upload.importFile(mapping.data(part.range), fileName: name) { member, outcome in
                                defer { pool.noteChange() }
                                try report.add(file: member) { try outcome.get() }
                                let counts = report.counts
                                state.withLock { $0.counts = counts }
                            }
                        }, rewind: {
                            report = reportBefore
                            upload.rewind(to: usageBefore)
                        })
                        if let summary { report.add(summary, archive: name) }
                    }
                } catch {
                    stoppedBy = error
                }
                // Also after a stop: the runs stored follow the settings as they are now.
                completion = try retryingWhileLocked({ try library.finish() }, rewind: {})
            }
        } catch {
            stoppedBy = stoppedBy ?? error
        }
        pool.noteChange()
        if let stoppedBy, WebError(from: stoppedBy, language: .english).status >= 500 {
            // The operator reads the whole error; the page and the API say only what kind it is.
            ErrorMappingMiddleware.log("import \(id): \(stoppedBy)")
        }
        let counts = report.counts
        state.withLock { snapshot in
            snapshot.phase = stoppedBy == nil ? .done : .failed
            snapshot.finishedAt = Date()
            snapshot.counts = counts
            snapshot.report = report
            snapshot.completion = completion ?? ImportCompletion()
            snapshot.error = stoppedBy
        }
    }
}


extension ImportJob {
    /// Runs `body` until it does not fail because another writer holds the library's write lock
    /// (``BusyRetry``: an accepted upload is never dropped for that). Between tries `rewind` undoes
    /// what the failed try noted; only the process's end (a second signal to `runlog serve`) stops
    /// the waiting. The first wait of a job is logged on standard error.
    /// - Throws: any other error of `body`.
    func retryingWhileLocked<T>(_ body: () throws -> T, rewind: () -> Void) throws -> T {
        try BusyRetry.run(body, rewind: rewind) { _, error in
            let waits = state.withLock { snapshot in
                snapshot.lockWaits += 1
                return snapshot.lockWaits
            }
            if waits == 1 {
                ErrorMappingMiddleware.log("import \(id): the library is locked by another writer; waiting for it (\(error))")
            }
        }
    }
}
