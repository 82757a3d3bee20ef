import Foundation
import RunCore
import RunStore

/// Stores the sketch a run page computed from a run's points when the run had none (stored
/// before sketches were kept, or by another ``RunCore/TrackSketch/version``), once and off the
/// request's thread (issue 16): the run's next uncached pages read it instead of cleaning every
/// point again. One thread writes, one run at a time; no request waits for the library's write
/// lock. A run is tried once while the server runs (a read-only library, or a run deleted
/// meanwhile, is not tried again); what another writer stored meanwhile is never overwritten
/// (``RunStore/RunLibrary/keepSketch(_:id:parameters:)``). Each write is a commit, so the page
/// cache is emptied once per run kept.
///
/// Thread safety: the state is guarded by `condition`'s lock.
package final class SketchKeeper: @unchecked Sendable {
    private struct Job {
        var runID: Int64
        var sketch: TrackSketch
        var parameters: AnalysisParameters
    }

    private let pool: StorePool
    private let condition = NSCondition()
    private var pending: [Job] = []
    /// Runs asked for since the server started (kept, or tried and failed).
    private var asked: Set<Int64> = []
    private var isRunning = false
    /// Sketches written so far.
    private var keptCount = 0

    init(pool: StorePool) {
        self.pool = pool
    }

    /// Whether a sketch of this run would be stored (it was not asked for before): the page
    /// computes one only then.
    func wants(runID: Int64) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return !asked.contains(runID)
    }

    /// Queues the run's sketch, computed from its points with `parameters` (those of its stored
    /// numbers), to be stored; returns at once.
    func keep(_ sketch: TrackSketch, runID: Int64, parameters: AnalysisParameters) {
        condition.lock()
        defer { condition.unlock() }
        guard asked.insert(runID).inserted else { return }
        pending.append(Job(runID: runID, sketch: sketch, parameters: parameters))
        guard !isRunning else { return }
        isRunning = true
        let thread = Thread { [self] in work() }
        thread.name = "runlog.sketches"
        thread.start()
    }

    /// Sketches written since the server started.
    package var kept: Int {
        condition.lock()
        defer { condition.unlock() }
        return keptCount
    }

    /// Waits until every sketch queued has been written or given up (tests, and a server stopping).
    /// - Returns: false when `timeoutSeconds` passed first.
    package func waitUntilIdle(timeoutSeconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeoutSeconds)
        condition.lock()
        defer { condition.unlock() }
        while isRunning {
            if !condition.wait(until: deadline) { return !isRunning }
        }
        return true
    }

    private func work() {
        while true {
            condition.lock()
            guard !pending.isEmpty else {
                isRunning = false
                condition.broadcast()
                condition.unlock()
                return
            }
            let job = pending.removeFirst()
            condition.unlock()
            do {
                let written = try pool.withWorkspace { workspace in
                    try workspace.library.keepSketch(job.sketch, id: job.runID, parameters: job.parameters)
                }
                if written {
                    pool.noteChange()
                    condition.lock()
                    keptCount += 1
                    condition.unlock()
                }
            } catch {
                ErrorMappingMiddleware.log("the sketch of run \(job.runID) was not stored: \(error)")
            }
        }
    }
}
