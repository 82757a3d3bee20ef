import Foundation
import RunApp
import RunCore
import RunHTTP
import RunUI
import CMalloc

/// The uploads waiting to be imported, imported one at a time on a thread of the queue's own —
/// never on a thread of the server's pool, so no request waits for the library's write lock
/// while it holds a worker: an upload is answered as soon as its body is on disk, and its page
/// (or `GET /api/v1/imports/{id}`) follows the import.
///
/// - **One worker.** The library has one writer at a time anyway; the worker thread starts with
///   the first job and ends when none waits.
/// - **Bounded, fairly.** At most ``WebConfiguration/importQueueLimit`` jobs waiting or running
///   in all, shared among client addresses (``RunHTTP/FairPool``: sessions are free, so one
///   address with four sessions once filled it), and ``WebConfiguration/importSessionQueueLimit``
///   of one session (429 `tooManyImports`). An accepted job is never dropped to make room: an
///   address below its share (8 / the addresses with jobs) refused 503 `importQueueFull` gets the
///   next place that frees (kept for it ``priorityHoldSeconds``), and the richer addresses'
///   uploads are refused meanwhile. Every refusal with `Retry-After`.
/// - **Private.** A job is found by its random id together with the session that made it;
///   another session's request finds nothing (404), so an upload's report cannot be read by
///   another client.
/// - **Kept a while, fairly.** A job's report is kept ``WebConfiguration/importResultSeconds``
///   after it ended. Past ``WebConfiguration/importResultLimit`` reports, the oldest of the
///   address holding the most goes — so uploads from one address push out only that address's
///   own reports, never another client's before its hour (a review's jobs from other sessions
///   pushed reports out of the 64 kept, oldest first, before).
/// - **Memory returns.** After each job the worker hands the heap's free memory back to the
///   system (glibc's `malloc_trim`): an import's pieces are freed, but glibc keeps freed pages of
///   its arenas unless asked.
///
/// `@unchecked Sendable`: every stored property but the constants is read and written under
/// `condition`'s lock.
package final class ImportQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [ImportJob] = []
    private var running: ImportJob?
    /// Ended jobs, oldest first, with when they ended (seconds on ``clock``).
    private var finished: [(job: ImportJob, endedAt: Double)] = []
    private var hasWorker = false
    /// The places of the jobs waiting or running, by job.
    private var places: [ObjectIdentifier: FairPlace] = [:]
    private let fairShare: FairPool
    /// Whether new uploads are refused (``close()``: the server is stopping).
    private var isClosed = false
    private let configuration: WebConfiguration
    private let pool: StorePool
    private let clock: @Sendable () -> Double

    /// How long reports are kept is measured on ``WebConfiguration/sessionClock`` (monotonic seconds).
    package init(pool: StorePool, configuration: WebConfiguration) {
        self.pool = pool
        self.configuration = configuration
        clock = configuration.sessionClock
        fairShare = FairPool(limit: configuration.importQueueLimit, priorityHold: .seconds(Self.priorityHoldSeconds))
    }

    /// How long a place that frees is kept for an address refused while below its share: twice
    /// the `Retry-After` it was told.
    static let priorityHoldSeconds = 2 * retryAfterSeconds

    /// Queues a job for `job`'s session.
    /// - Throws: ``WebError`` 429 `tooManyImports` when the session has as many jobs waiting or
    ///   running as it may; 503 `importQueueFull` when the queue is full. Both with `Retry-After`.
    func enqueue(_ job: ImportJob, strings: UIStrings) throws {
        condition.lock()
        defer { condition.unlock() }
        places[ObjectIdentifier(job)] = try checkRoomLocked(for: job.owner, address: job.address, taking: true, strings: strings)
        waiting.append(job)
        guard !hasWorker else { return }
        hasWorker = true
        let thread = Thread { [self] in work() }
        thread.name = "runlog.import"
        thread.start()
    }

    /// Refuses an upload of the session `owner` from `address` as ``enqueue(_:strings:)`` would,
    /// asked from the upload's head before a byte of its body is read (``UploadAdmission``); a
    /// refused address below its share gets the next place all the same. `strings` are made only
    /// for a refusal.
    /// - Throws: ``WebError`` 429 `tooManyImports`, 503 `importQueueFull`, both with `Retry-After`.
    func checkRoom(for owner: String, address: ClientAddress, strings: @autoclosure () -> UIStrings) throws {
        condition.lock()
        defer { condition.unlock() }
        _ = try checkRoomLocked(for: owner, address: address, taking: false, strings: strings())
    }

    /// The refusals of ``enqueue(_:strings:)`` (under the lock); when `taking`, the job's place.
    private func checkRoomLocked(for owner: String, address: ClientAddress, taking: Bool,
                                 strings: @autoclosure () -> UIStrings) throws -> FairPlace? {
        if isClosed {
            var error = WebError(503, "shuttingDown", "the server is stopping: it imports the uploads it took and takes no more; "
                                 + "send this one when it runs again", headers: [("Retry-After", "\(Self.retryAfterSeconds)")])
            error.pageMessage = strings().serverStopping
            error.data = ["retryAfterSeconds": .integer(Int64(Self.retryAfterSeconds))]
            throw error
        }
        forgetExpired()
        let active = waiting + (running.map { [$0] } ?? [])
        let own = active.filter { $0.owner == owner }.count
        if own >= configuration.importSessionQueueLimit {
            let limit = configuration.importSessionQueueLimit
            throw Self.refusal(429, "tooManyImports", "\(limit) uploads of this session are waiting to be imported already; "
                               + "send this one when one of them is done", page: strings().importSessionQueueFull("\(limit)"), limit: limit)
        }
        if taking, case .success(let place) = fairShare.take(for: address) { return place }
        if !taking, fairShare.check(for: address) == nil { return nil }
        let limit = configuration.importQueueLimit
        throw Self.refusal(503, "importQueueFull", "the server has \(limit) uploads waiting to be imported already, this address's "
                           + "share of them included; try again later", page: strings().importQueueFull("\(limit)"), limit: limit)
    }

    /// A refusal for want of room in the queue, with `Retry-After` and the limit met.
    private static func refusal(_ status: Int, _ code: String, _ message: String, page: String, limit: Int) -> WebError {
        var error = WebError(status, code, message, headers: [("Retry-After", "\(retryAfterSeconds)")])
        error.pageMessage = page
        error.data = ["limitImports": .integer(Int64(limit)), "retryAfterSeconds": .integer(Int64(retryAfterSeconds))]
        return error
    }

    /// How long a refused upload is told to wait: about what a typical upload takes to import.
    static let retryAfterSeconds = 30

    /// The job `id` of the session `owner`, if it is still kept; nil for another session's.
    func job(id: String, owner: String) -> ImportJob? {
        condition.lock()
        defer { condition.unlock() }
        forgetExpired()
        let all = waiting + (running.map { [$0] } ?? []) + finished.map(\.job)
        return all.first { $0.id == id && $0.owner == owner }
    }

    /// The jobs imported before `job` (the one running included); nil when it is not waiting.
    func ahead(of job: ImportJob) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard let index = waiting.firstIndex(where: { $0 === job }) else { return nil }
        return index + (running == nil ? 0 : 1)
    }

    /// Waits until the job `id` ended or `seconds` passed (for tests, which wait on readiness).
    /// - Returns: whether it ended.
    package func waitUntilFinished(id: String, timeoutSeconds seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if finished.contains(where: { $0.job.id == id }) { return true }
            let known = waiting.contains { $0.id == id } || running?.id == id
            if !known || !condition.wait(until: deadline) { return finished.contains { $0.job.id == id } }
        }
    }

    /// Waits until the job `id` is being imported (or ended) or `seconds` passed (for tests).
    package func waitUntilStarted(id: String, timeoutSeconds seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while !(running?.id == id || finished.contains { $0.job.id == id }) {
            if !condition.wait(until: deadline) { return running?.id == id || finished.contains { $0.job.id == id } }
        }
        return true
    }

    /// Refuses new uploads from now on (503 `shuttingDown`, with `Retry-After`); the jobs taken
    /// are still imported. For a server that stops: ``waitUntilDrained(timeoutSeconds:)`` then.
    package func close() {
        condition.lock()
        defer { condition.unlock() }
        isClosed = true
    }

    /// Waits until no job waits or runs, or `seconds` passed (nil: however long it takes).
    /// - Returns: whether the queue is empty.
    package func waitUntilDrained(timeoutSeconds seconds: Double? = nil) -> Bool {
        let deadline = seconds.map { Date().addingTimeInterval($0) }
        condition.lock()
        defer { condition.unlock() }
        while !waiting.isEmpty || running != nil {
            // (NSCondition traps on a deadline as far as `distantFuture`: no deadline is a plain wait.)
            guard let deadline else { condition.wait(); continue }
            if !condition.wait(until: deadline) { return waiting.isEmpty && running == nil }
        }
        return true
    }

    /// The jobs not imported yet, the one running first: what a server that stops at once leaves.
    package var unfinished: [ImportJob] {
        condition.lock()
        defer { condition.unlock() }
        return (running.map { [$0] } ?? []) + waiting
    }

    /// Times the job `id` found the library's write lock held and waited to try again
    /// (``ImportJob/Snapshot/lockWaits``); nil when it is not kept.
    package func lockWaits(id: String) -> Int? {
        condition.lock()
        let all = waiting + (running.map { [$0] } ?? []) + finished.map(\.job)
        condition.unlock()
        return all.first { $0.id == id }?.snapshot.lockWaits
    }

    /// Reports kept now (jobs that ended, within their time).
    package var finishedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        forgetExpired()
        return finished.count
    }

    /// Jobs waiting or running now.
    package var activeCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return waiting.count + (running == nil ? 0 : 1)
    }

    // MARK: - The worker

    private func work() {
        while let job = next() {
            job.run(pool: pool, limits: configuration.uploadLimits, listLimit: configuration.importReportListLimit)
            condition.lock()
            running = nil
            places.removeValue(forKey: ObjectIdentifier(job))?.release()
            finished.append((job, clock()))
            forgetExpired()
            condition.broadcast()
            condition.unlock()
            _ = malloc_trim(0)
        }
    }

    /// The next job, marked running; nil (and the worker ends) when none waits.
    private func next() -> ImportJob? {
        condition.lock()
        defer { condition.unlock() }
        guard !waiting.isEmpty else {
            hasWorker = false
            return nil
        }
        let job = waiting.removeFirst()
        // Running as soon as it is taken: waitUntilStarted and a page asked for meanwhile agree.
        job.markRunning()
        running = job
        condition.broadcast()
        return job
    }

    /// Drops reports past their time, then, while more are kept than the limit, the oldest of the
    /// address holding the most (under the lock).
    /// - Complexity: O(r) for `r` reports, and O(r) more for each dropped past the limit (r ≤ the limit + 1).
    private func forgetExpired() {
        let now = clock()
        finished.removeAll { now - $0.endedAt > configuration.importResultSeconds }
        while finished.count > configuration.importResultLimit {
            let held = finished.reduce(into: [ClientAddress: Int]()) { $0[$1.job.address, default: 0] += 1 }
            guard let richest = held.max(by: { $0.value < $1.value })?.key,
                  let oldest = finished.firstIndex(where: { $0.job.address == richest }) else { return }
            finished.remove(at: oldest)
        }
    }
}
