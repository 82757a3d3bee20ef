/// Which session a time belongs to: the session that began last at or before it (ties: the first
/// in file order); nil before every session's start (``FITActivityAssembler`` then goes by file
/// order). A time at a session's start belongs to the session it begins.
///
/// The sessions' elapsed times are not used: devices write sessions that overlap — a fenix 2's
/// first multisport session claims 3 h 15 min that hold the next three sessions
/// (../shared/corpus-fit-tcx REFERENCE: starts 08:00:01, 10:30:24, 10:36:00, 11:14:16 with elapsed
/// 11,738 s, 335 s, 2,295 s …) — and going by the claimed spans gave the next sessions' records to
/// the first one too, counting them twice. A record between one session's end and the next
/// session's start stays with the session before (recorded after its stop, before the next start).
///
/// Built once from the sessions (O(k log k) for k sessions), asked once per record and lap by
/// bisection (O(log k)): asking each session in turn cost records × sessions (a 1 MB file of
/// 6,000 sessions took minutes).
struct FITSessionIntervals {
    /// The sessions' starts, ascending; for equal starts the first in file order only.
    private var starts: [Double] = []
    /// The session (file order index) of each start.
    private var sessions: [Int] = []

    /// - Parameter starts: each session's start in seconds, in file order; nil for a session
    ///   without a start time (it takes no time).
    init(_ starts: [Double?]) {
        let kept = starts.enumerated().compactMap { index, start in start.flatMap { $0.isFinite ? (index, $0) : nil } }
        for (index, start) in kept.sorted(by: { ($0.1, $0.0) < ($1.1, $1.0) }) where self.starts.last != start {
            self.starts.append(start)
            sessions.append(index)
        }
    }

    /// The session `time` belongs to, nil before every start (or for NaN).
    /// - Complexity: O(log k).
    func session(holding time: Double) -> Int? {
        guard !time.isNaN else { return nil }
        // The first start above `time`; the one before it began last at or before `time`.
        var low = 0, high = starts.count
        while low < high {
            let middle = low + (high - low) / 2
            if starts[middle] <= time { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? sessions[low - 1] : nil
    }
}
