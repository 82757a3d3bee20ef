import RunCore
import RunFormats
import RunStore

/// Recomputes runs one by one with progress, collecting what failed (shared by `runlog
/// reanalyze` and the settings commands that change analysis settings).
struct Reanalysis {
    var done: [Int64] = []
    var failed: [(id: Int64, message: String)] = []

    /// Reanalyses `ids`; a run whose original no longer reads is reported and left as it was.
    /// - Throws: storage errors other than a damaged or unreadable run.
    static func run(_ ids: [Int64], with reanalyzer: RunReanalyzer, console: Console) throws -> Reanalysis {
        var result = Reanalysis()
        for (index, id) in ids.enumerated() {
            if ids.count > 1 { console.progress("[\(index + 1)/\(ids.count)] run \(id)") }
            do {
                try reanalyzer.reanalyze(id: id)
                result.done.append(id)
            } catch let error as GPXError {
                result.failed.append((id, error.description))
            } catch let error as StoreError where error.code != .runNotFound {
                result.failed.append((id, error.message))
            } catch let error as SQLiteError where error.isDamage {
                // A damaged page holds this run's original: the others are still recomputed.
                result.failed.append((id, "its stored data is damaged (SQLite: \(error.message))"))
            }
        }
        console.endProgress()
        return result
    }
}
