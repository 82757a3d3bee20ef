import Foundation
import RunStore

/// Work done for a client after its request was answered (an accepted upload's import, a
/// settings change's recompute) must not be dropped because another writer — a `runlog import`
/// in another process — holds the library's write lock past the store's own busy timeout: it
/// waits and tries again. One rule for every such job.
enum BusyRetry {
    /// The first wait after the write lock was found held, in seconds; each further wait
    /// doubles, up to ``longestWaitSeconds``.
    static let firstWaitSeconds = 0.25
    /// The longest wait between two tries, in seconds (each try itself waits up to the store's
    /// busy timeout, 5 s for SQLite, before it reports the lock held).
    static let longestWaitSeconds = 5.0

    /// Runs `body` until it does not fail with a ``RunStore/StorageFailure`` that `isBusy`.
    /// Between tries `rewind` undoes what the failed try noted and `waiting` is told the count of
    /// waits so far (1 on the first) and the error; the waits back off (0.25 s doubling to 5 s).
    /// Only the process's end stops the waiting.
    /// - Throws: any other error of `body`.
    static func run<T>(_ body: () throws -> T, rewind: () -> Void = {},
                       waiting: (_ waits: Int, _ error: any StorageFailure) -> Void) throws -> T {
        var wait = firstWaitSeconds
        var waits = 0
        while true {
            do {
                return try body()
            } catch let error as any StorageFailure where error.isBusy {
                rewind()
                waits += 1
                waiting(waits, error)
                Thread.sleep(forTimeInterval: wait)
                wait = min(2 * wait, longestWaitSeconds)
            }
        }
    }
}
