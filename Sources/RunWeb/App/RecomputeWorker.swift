import Foundation
import RunApp
import RunCore
import RunStore
import RunUI

/// Recomputes the library's runs after a change of the analysis settings, off the server's
/// threads (issue 16): a settings change made through the web is stored and answered at once
/// (`202` with `Location: /api/v1/settings/recompute` from the API, the form's page saying the
/// runs are being recomputed), and this worker brings the runs up to the settings.
///
/// **At most one recompute runs** for the library: a change that comes while one runs is noted
/// (``requested`` grows) and, when the running one ends, one more pass recomputes what is still
/// stale — so however many changes come, one thread works, and the last pass reads the newest
/// settings. **The newest setting wins** also within a pass: each run's write checks the
/// settings read then (``RunStore/RunReanalyzer``'s check of the current preferences, Build 4), so
/// no run is written with older preferences after a newer change was stored.
///
/// Thread safety: the state is guarded by `condition`'s lock.
package final class RecomputeWorker: @unchecked Sendable {
    private let pool: StorePool
    private let condition = NSCondition()
    /// Changes asked for so far; ``finished`` reaches it when the runs follow the settings.
    private var requested: UInt64 = 0
    private var finished: UInt64 = 0
    private var isRunning = false
    /// The run being recomputed now, of how many, during a pass.
    private var progress: (position: Int, count: Int)?
    /// The last pass's outcome: what it recomputed, or the error that stopped it.
    private var last: Result<Reanalysis, any Error>?
    /// Times a pass found the library's write lock held by another writer and waited (since the
    /// server started).
    private var lockWaits = 0
    /// Called on the worker's thread before each pass (tests hold it there); nil in service.
    private let willStart: (@Sendable () -> Void)?

    init(pool: StorePool, willStart: (@Sendable () -> Void)? = nil) {
        self.pool = pool
        self.willStart = willStart
    }

    /// Notes a change of the analysis settings (already stored) and starts the worker if it is
    /// not running. Returns at once.
    func request() {
        condition.lock()
        defer { condition.unlock() }
        requested += 1
        guard !isRunning else { return }
        isRunning = true
        let thread = Thread { [self] in work() }
        thread.name = "runlog.recompute"
        thread.start()
    }

    /// A closure for ``RunApp/SettingsChanges/queueRecompute``.
    var queue: @Sendable () -> Void { { [self] in request() } }

    /// Waits until every change asked for has been recomputed (tests, and a server stopping).
    /// - Returns: false when `timeoutSeconds` passed first.
    package func waitUntilIdle(timeoutSeconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeoutSeconds)
        condition.lock()
        defer { condition.unlock() }
        while isRunning || finished < requested {
            if !condition.wait(until: deadline) { return !isRunning && finished >= requested }
        }
        return true
    }

    private func work() {
        while true {
            condition.lock()
            guard finished < requested else {
                isRunning = false
                condition.broadcast()
                condition.unlock()
                return
            }
            let target = requested
            condition.unlock()
            willStart?()
            // A writer in another process holding the library's lock past the store's busy
            // timeout delays the pass, never ends it (``BusyRetry``): a pass that gave up would
            // leave runs stale behind a change already answered. The runs it did recompute before
            // the lock was met stay done; the next try finds only those still stale.
            let outcome = Result<Reanalysis, any Error> {
                try BusyRetry.run({
                    try pool.withWorkspace { workspace in
                        let changes = SettingsChanges(settings: workspace.settings, library: workspace.library)
                        return try changes.recomputeStale { position, count, _ in
                            self.condition.lock()
                            self.progress = (position, count)
                            self.condition.unlock()
                        }
                    }
                }, waiting: { waits, error in
                    self.condition.lock()
                    self.lockWaits += 1
                    self.condition.unlock()
                    if waits == 1 {
                        ErrorMappingMiddleware.log("settings recompute: the library is locked by another writer; waiting for it (\(error))")
                    }
                })
            }
            // The runs changed: pages built before are stale (the pool's generation keys the cache).
            pool.noteChange()
            condition.lock()
            finished = target
            progress = nil
            last = outcome
            condition.broadcast()
            condition.unlock()
        }
    }

    /// `GET /api/v1/settings/recompute`: `state` (`running` — with `position` and `count` of the
    /// run being recomputed once the pass knows them — until the runs follow every change asked
    /// for, then `idle`), `lockWaits` (times a pass found the library's write lock held by another
    /// writer and waited to try again, since the server started), and the last pass's outcome:
    /// `recomputed` (count), `failed` (`id`, `message`), or `error` (`code`, `message`).
    var status: JSONValue {
        condition.lock()
        defer { condition.unlock() }
        var object: [String: JSONValue] = [:]
        object["state"] = .string(isRunning ? "running" : "idle")
        object["lockWaits"] = .integer(Int64(lockWaits))
        if let progress {
            object["position"] = .integer(Int64(progress.position))
            object["count"] = .integer(Int64(progress.count))
        }
        switch last {
        case .success(let reanalysis)?:
            object["lastPass"] = .object([
                "recomputed": .integer(Int64(reanalysis.done.count)),
                "failed": .array(reanalysis.failed.map { .object(["id": .integer($0.id), "message": .string($0.message)]) }),
            ])
        case .failure(let error)?:
            let said = WebError(from: error, language: .english)
            object["lastPass"] = .object(["error": .object(["code": .string(said.code), "message": .string(said.message)])])
        case nil:
            break
        }
        return .object(object)
    }
}
