/// Which session holds a time: the first session in file order whose [start_time, start_time +
/// total_elapsed_time] holds it, a time at a session's start belonging to the session it begins
/// rather than to the one it ends (the rule of ``FITReader``). Built once from the sessions,
/// asked once per record and lap.
///
/// Asking each session in turn costs records × sessions: a 120 KB file of 6,000 sessions and
/// 6,000 records took seconds, a 1 MB one minutes. Here the sessions' starts and ends are sorted
/// once; between two neighbouring bounds the sessions that hold a time do not change, so each
/// bound keeps the first session (file order) holding it and the times up to the next bound.
/// Each bound is given its session once (the next bound without one is found through a
/// union–find path), so building is O(k log k) for k sessions and asking O(log k) by bisection.
struct FITSessionIntervals {
    /// The distinct starts and ends of the sessions that have both (start ≤ end), ascending.
    private var bounds: [Double] = []
    /// For `bounds[j]`: the first session with start ≤ `bounds[j]` < end, -1 when none. The same
    /// session holds every time strictly between `bounds[j]` and `bounds[j + 1]`.
    private var holding: [Int] = []
    /// For `bounds[j]`: the first session whose end is `bounds[j]`, -1 when none (the time at a
    /// session's end belongs to it when no session begins or runs on there).
    private var ending: [Int] = []

    /// - Parameter intervals: each session's start and end in seconds, in file order; nil for a
    ///   session without a start time or duration (it holds no time).
    /// - Complexity: O(k log k) for k sessions.
    init(_ intervals: [(start: Double, end: Double)?]) {
        var kept: [(index: Int, start: Double, end: Double)] = []
        for (index, interval) in intervals.enumerated() {
            guard let interval, interval.start <= interval.end else { continue }  // false for NaN too
            kept.append((index, interval.start, interval.end))
        }
        guard !kept.isEmpty else { return }
        var all = kept.flatMap { [$0.start, $0.end] }
        all.sort()
        for value in all where bounds.last != value { bounds.append(value) }
        holding = Array(repeating: -1, count: bounds.count)
        ending = Array(repeating: -1, count: bounds.count)
        // next[j]: a bound at or after j that may still lack its session (bounds.count: none).
        var next = Array(0...bounds.count)
        func unassigned(from start: Int) -> Int {
            var j = start
            while next[j] != j {
                next[j] = next[next[j]]  // path halving
                j = next[j]
            }
            return j
        }
        for session in kept {  // file order: the first session to reach a bound keeps it
            let first = Self.firstIndex(in: bounds, notBelow: session.start)
            let end = Self.firstIndex(in: bounds, notBelow: session.end)
            var j = unassigned(from: first)
            while j < end {
                holding[j] = session.index
                next[j] = j + 1
                j = unassigned(from: j + 1)
            }
            if ending[end] < 0 { ending[end] = session.index }
        }
    }

    /// The session holding `time`, nil when none does.
    /// - Complexity: O(log k).
    func session(holding time: Double) -> Int? {
        let above = Self.firstIndex(in: bounds, above: time)
        guard above > 0 else { return nil }  // before every start (or NaN)
        let j = above - 1
        if holding[j] >= 0 { return holding[j] }
        if bounds[j] == time, ending[j] >= 0 { return ending[j] }
        return nil
    }

    /// The first index whose value is ≥ `value` (`values.count` when none).
    private static func firstIndex(in values: [Double], notBelow value: Double) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = low + (high - low) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The first index whose value is > `value` (`values.count` when none; 0 for NaN).
    private static func firstIndex(in values: [Double], above value: Double) -> Int {
        guard !value.isNaN else { return 0 }
        var low = 0, high = values.count
        while low < high {
            let middle = low + (high - low) / 2
            if values[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
