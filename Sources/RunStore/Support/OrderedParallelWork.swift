import Dispatch
import Foundation

/// Work on items `0..<count` done on several threads, its results consumed one by one in index
/// order on the calling thread: a pipeline whose slow, independent part (reading and analysing a
/// file) runs in parallel while the part that must be serial and ordered (the library's write
/// transaction, which gives the run its number) stays on one thread.
///
/// At most `2 × width` results wait to be consumed, so memory stays bounded however many items
/// there are.
enum OrderedParallelWork {
    /// - Parameters:
    ///   - width: the number of worker threads (at least 1).
    ///   - work: the independent part, called on a worker thread once per index.
    ///   - consume: called on the calling thread with each index's result, in order. When it
    ///     throws, no new work starts, the workers are waited for, and the error is rethrown.
    static func run<Result: Sendable>(count: Int, width: Int, work: @escaping @Sendable (Int) -> Result,
                                      consume: (Int, Result) throws -> Void) throws {
        guard count > 0 else { return }
        let workers = max(1, min(width, count))
        if workers == 1 {
            for index in 0..<count { try consume(index, work(index)) }
            return
        }
        let state = PipelineState<Result>(count: count, window: 2 * workers)
        let group = DispatchGroup()
        for _ in 0..<workers {
            DispatchQueue.global().async(group: group) {
                while let index = state.nextIndex() { state.deliver(work(index), at: index) }
            }
        }
        defer {
            state.cancel()
            group.wait()
        }
        for index in 0..<count {
            try consume(index, state.take(index))
        }
    }
}

/// The shared state of one ``OrderedParallelWork`` run: which index is next to start, the results
/// waiting in order, and how far ahead of the consumer the workers may go. Guarded by `condition`.
private final class PipelineState<Result: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private let window: Int
    private var next = 0
    private var consumed = 0
    private var cancelled = false
    private var results: [Int: Result] = [:]

    init(count: Int, window: Int) {
        self.count = count
        self.window = window
    }

    /// The next index to work on, waiting while `window` results are ahead of the consumer; nil
    /// when every index is taken or the run is cancelled.
    func nextIndex() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled && next < count && next - consumed >= window { condition.wait() }
        guard !cancelled && next < count else { return nil }
        next += 1
        return next - 1
    }

    func deliver(_ result: Result, at index: Int) {
        condition.lock()
        results[index] = result
        condition.broadcast()
        condition.unlock()
    }

    /// The result for `index`, waiting for it.
    func take(_ index: Int) -> Result {
        condition.lock()
        defer { condition.unlock() }
        while results[index] == nil { condition.wait() }
        consumed = index + 1
        condition.broadcast()
        return results.removeValue(forKey: index)!
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}
