package import RunCore
import RunFormats

/// Recomputing runs one by one, collecting what failed: what `runlog reanalyze`, a change of
/// analysis settings (CLI or web) and anything else that recomputes share.
package struct Reanalysis: Sendable, Equatable {
    /// Runs recomputed, in order.
    package var done: [Int64] = []
    /// Runs whose original no longer reads (left as they were), with why.
    package var failed: [Failure] = []
    /// Runs deleted (by another process) before their turn came: nothing to recompute.
    package var deleted: [Int64] = []
    /// Whether the analysis settings were changed again (by another change, in this process or
    /// another) while the runs were recomputed: the runs follow the newest ones,
    /// ``preferences``, not those the recompute began with.
    package var settingsChangedMeanwhile = false
    /// The analysis preferences the runs were last computed with (nil when nothing was recomputed).
    package var preferences: AnalysisPreferences?
    /// Whether the runs are recomputed later, by a background worker (a server's settings change
    /// answers before it): nothing was recomputed here.
    package var isQueued = false

    package struct Failure: Sendable, Equatable {
        package var id: Int64
        package var message: String
    }

    package init() {}

    /// Whether anything was recomputed or failed.
    package var isEmpty: Bool { done.isEmpty && failed.isEmpty && deleted.isEmpty }

    /// Reanalyses `ids` in order (each once); a run whose original no longer reads is reported and
    /// left as it was; a run deleted meanwhile is noted in ``deleted`` and skipped.
    ///
    /// With a reanalyzer that reads the settings (``RunReanalyzer/currentPreferences``), a change of
    /// analysis settings made meanwhile wins: the runs left are computed with the newer
    /// preferences, and once all are done the settings are read again and the runs recomputed
    /// earlier whose numbers no longer follow them are recomputed again — until the settings read
    /// at the end are those the runs were computed with (``settingsChangedMeanwhile`` says so).
    /// - Parameter progress: called before each run with its position (1-based), the count and its
    ///   number (again for a run recomputed again).
    /// - Throws: storage errors other than a damaged or unreadable run.
    package static func run(_ ids: [Int64], with reanalyzer: RunReanalyzer,
                           progress: (_ position: Int, _ count: Int, _ id: Int64) -> Void = { _, _, _ in }) throws -> Reanalysis {
        var result = Reanalysis()
        var seen = Set<Int64>()
        let ids = ids.filter { seen.insert($0).inserted }
        try recompute(ids, into: &result, with: reanalyzer, progress: progress)
        // A write that found newer settings took them; the settings read once more: if either
        // happened, runs written earlier may carry older numbers (one committed just after the
        // newer change's own recompute chose its runs is this recompute's to redo).
        var mustVerify = try reanalyzer.adoptNewerPreferences() || reanalyzer.preferencesChanged
        while mustVerify {
            // Runs written before the newer change was read: those that do not follow it now.
            let again = try result.done.filter { id in
                do { return reanalyzer.isStale(try reanalyzer.library.run(id: id).summary.parameters) }
                catch let error as LibraryError where error.code == .runNotFound { return true }
            }
            var redone = Reanalysis()
            try recompute(again, into: &redone, with: reanalyzer, progress: progress)
            let gone = Set(redone.deleted + redone.failed.map(\.id))
            result.done.removeAll { gone.contains($0) }
            result.deleted += redone.deleted
            result.failed += redone.failed
            mustVerify = try reanalyzer.adoptNewerPreferences()
        }
        if !result.done.isEmpty || !result.failed.isEmpty { result.preferences = reanalyzer.preferences }
        result.settingsChangedMeanwhile = reanalyzer.preferencesChanged
        return result
    }

    private static func recompute(_ ids: [Int64], into result: inout Reanalysis, with reanalyzer: RunReanalyzer,
                                  progress: (_ position: Int, _ count: Int, _ id: Int64) -> Void) throws {
        for (index, id) in ids.enumerated() {
            progress(index + 1, ids.count, id)
            do {
                try reanalyzer.reanalyze(id: id)
                result.done.append(id)
            } catch let error as LibraryError where error.code == .runNotFound {
                result.deleted.append(id)
            } catch let error as ReadError {
                result.failed.append(Failure(id: id, message: error.description))
            } catch let error as StoredDataError {
                result.failed.append(Failure(id: id, message: error.message))
            } catch let error as any StorageFailure where error.isDamage {
                // A damaged page holds this run's data: the others are still recomputed.
                result.failed.append(Failure(id: id, message: "its stored data is damaged (\(error.message))"))
            }
        }
    }
}
