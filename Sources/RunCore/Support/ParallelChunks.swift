import Dispatch
import Foundation

/// Work on disjoint pieces of arrays, spread over the processors: `concurrentPerform` over a list
/// of (piece, sub-range) tasks, so that one long series and many short ones both keep every
/// processor busy. Each task writes only its own sub-range.
enum ParallelChunks {
    /// Pieces longer than this are cut into sub-ranges of about this length.
    static let chunkLength = 32_768

    /// Tasks covering each of `lengths` (a piece's element count): (piece, range within it).
    static func tasks(lengths: [Int]) -> [(piece: Int, range: Range<Int>)] {
        var tasks: [(Int, Range<Int>)] = []
        for (piece, length) in lengths.enumerated() where length > 0 {
            var start = 0
            while start < length {
                let end = length - start < 2 * chunkLength ? length : start + chunkLength
                tasks.append((piece, start..<end))
                start = end
            }
        }
        return tasks
    }

    /// Runs `body` for each task, on several threads when there are several tasks and processors.
    static func run(_ count: Int, _ body: @Sendable (Int) -> Void) {
        if count > 1, ProcessInfo.processInfo.activeProcessorCount > 1 {
            DispatchQueue.concurrentPerform(iterations: count, execute: body)
        } else {
            for task in 0..<count { body(task) }
        }
    }
}
