/// Stretches of a run travelled faster than its sport allows — a drive, a train or a bike ride in
/// the middle of a run — which the clean-up keeps (they were really travelled: the distance
/// counts) but which are not the athlete's effort: best efforts, maximum speed and best pace treat
/// them as pauses, and the clean-up report names them.
///
/// An interval belongs to a fast stretch when the median speed of the intervals around it (itself
/// and up to two on each side, within its piece; intervals without duration have no speed) is above
/// the sport's plausible maximum (``AnalysisParameters/maximumPlausibleSpeedMetersPerSecond``). The
/// median makes one noisy fix no stretch, and a stretch's ends are found to within two intervals.
/// An interval over points without times is fast on its own when its average speed is above the
/// maximum (5 km of untimed points between two fixes a minute apart).
/// The clean-up's own speed rules compare with the segment's median too (so a long drive is judged
/// against its own speed and kept); this absolute test is what tells it from the run.
public struct FastStretches: Sendable {
    /// Intervals on each side of an interval in its median.
    public static let medianHalfWidth = 2

    /// For each timeline point, whether the interval into it (from the previous timed point of its
    /// piece) is part of a fast stretch.
    public let intervalIsFast: [Bool]
    /// Each stretch: the timeline indices of its first and last point.
    public let stretches: [ClosedRange<Int>]

    /// - Complexity: O(n).
    public init(_ timeline: Timeline, plausibleSpeedMetersPerSecond limit: Double) {
        var fast = [Bool](repeating: false, count: timeline.count)
        var stretches: [ClosedRange<Int>] = []
        let t = timeline.points.time, d = timeline.distance
        for piece in timeline.pieces {
            // Intervals with a duration: the point each ends at, its speed, and whether points
            // without times lie inside it (then its speed is no fix's noise but the average over
            // a stretch whose times are unknown: too fast is fast, whatever its neighbours).
            var ends: [Int] = [], speeds: [Double] = [], spansUntimed: [Bool] = []
            var previous: Int?
            for i in piece where !t[i].isNaN {
                if let p = previous, t[i] > t[p] {
                    ends.append(i)
                    speeds.append((d[i] - d[p]) / (t[i] - t[p]))
                    spansUntimed.append(i - p > 1 && (p + 1..<i).contains { t[$0].isNaN })
                }
                previous = i
            }
            // Most pieces have no interval above the limit, so no median can be: nothing to do.
            guard speeds.contains(where: { $0 > limit }) else { continue }
            var window: [Double] = []
            window.reserveCapacity(2 * Self.medianHalfWidth + 1)
            var stretchStart: Int?
            for k in speeds.indices {
                window.removeAll(keepingCapacity: true)
                for j in max(0, k - Self.medianHalfWidth)...min(speeds.count - 1, k + Self.medianHalfWidth) { window.append(speeds[j]) }
                window.sort()
                let median = window.count % 2 == 1 ? window[window.count / 2]
                    : (window[window.count / 2 - 1] + window[window.count / 2]) / 2
                let isFast = median > limit || (spansUntimed[k] && speeds[k] > limit)
                // Mark every point from the interval's start (after the previous timed point) to its end.
                if isFast {
                    let from = k > 0 ? ends[k - 1] : piece.lowerBound
                    for i in (from + 1)...ends[k] { fast[i] = true }
                    if stretchStart == nil { stretchStart = from }
                } else if let start = stretchStart {
                    stretches.append(start...ends[k - 1])
                    stretchStart = nil
                }
            }
            if let start = stretchStart, let last = ends.last { stretches.append(start...last) }
        }
        intervalIsFast = fast
        self.stretches = stretches
    }

    /// None: a timeline of `count` points without fast stretches.
    init(none count: Int) {
        intervalIsFast = [Bool](repeating: false, count: count)
        stretches = []
    }

    public var isEmpty: Bool { stretches.isEmpty }
}
