import RunCore
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

    package struct Failure: Sendable, Equatable {
        package var id: Int64
        package var message: String
    }

    package init() {}

    /// Whether anything was recomputed or failed.
    package var isEmpty: Bool { done.isEmpty && failed.isEmpty && deleted.isEmpty }

    /// Reanalyses `ids` in order (each once); a run whose original no longer reads is reported and
    /// left as it was; a run deleted meanwhile is noted in ``deleted`` and skipped.
    /// - Parameter progress: called before each run with its position (1-based), the count and its number.
    /// - Throws: storage errors other than a damaged or unreadable run.
    package static func run(_ ids: [Int64], with reanalyzer: RunReanalyzer,
                           progress: (_ position: Int, _ count: Int, _ id: Int64) -> Void = { _, _, _ in }) throws -> Reanalysis {
        var result = Reanalysis()
        var seen = Set<Int64>()
        let ids = ids.filter { seen.insert($0).inserted }
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
        return result
    }
}
