/// Stretches of a run travelled faster than its sport allows — a drive, a train or a bike ride in
/// the middle of a run — which the clean-up keeps (they were really travelled: the distance
/// counts) but which are not the athlete's effort: best efforts, maximum speed and best pace treat
/// them as pauses, and the clean-up report names them.
///
/// An interval belongs to a fast stretch when the average speed over the minute around it (the
/// intervals of its piece whose middles lie within ±30 s of its middle: their distance over their
/// time; intervals without duration take no part) is above what the sport sustains
/// (``AnalysisParameters/maximumPlausibleSpeedMetersPerSecond``, ``SportProfile``). A minute is long
/// enough that a sprint finish, a fast interval on the track or one noisy fix is no stretch, and
/// short enough that a 40-second ride in a car is one. An interval over points without times is
/// fast on its own when its average speed is above the maximum (5 km of untimed points between
/// two fixes a minute apart).
/// The clean-up's own speed rules compare with the segment's median too (so a long drive is judged
/// against its own speed and kept); this absolute test is what tells it from the run.
package struct FastStretches: Sendable {
    /// Half the window over which an interval's speed is averaged, seconds.
    package static let windowHalfSeconds = 30.0

    /// For each timeline point, whether the interval into it (from the previous timed point of its
    /// piece) is part of a fast stretch.
    package let intervalIsFast: [Bool]
    /// Each stretch: the timeline indices of its first and last point.
    package let stretches: [ClosedRange<Int>]

    /// - Complexity: O(n) (two pointers over each piece's intervals).
    package init(_ timeline: Timeline, plausibleSpeedMetersPerSecond limit: Double) {
        var fast = [Bool](repeating: false, count: timeline.count)
        var stretches: [ClosedRange<Int>] = []
        let t = timeline.points.time, d = timeline.distance
        for piece in timeline.pieces {
            // Intervals with a duration: the point each ends at, its middle, cumulative distance
            // and time, and whether points without times lie inside it (then its speed is no
            // fix's noise but the average over a stretch whose times are unknown: too fast is
            // fast, whatever its neighbours).
            var ends: [Int] = [], middles: [Double] = [], meters: [Double] = [0], seconds: [Double] = [0], spansUntimed: [Bool] = []
            var previous: Int?
            var anyAbove = false
            for i in piece where !t[i].isNaN {
                if let p = previous, t[i] > t[p] {
                    ends.append(i)
                    middles.append((t[i] + t[p]) / 2)
                    meters.append(meters[meters.count - 1] + d[i] - d[p])
                    seconds.append(seconds[seconds.count - 1] + t[i] - t[p])
                    spansUntimed.append(i - p > 1 && (p + 1..<i).contains { t[$0].isNaN })
                    if (d[i] - d[p]) / (t[i] - t[p]) > limit { anyAbove = true }
                }
                previous = i
            }
            // Most pieces have no interval above the limit, so no average can be: nothing to do.
            guard anyAbove else { continue }
            var low = 0, high = 0   // the window of interval k: intervals low..<high
            var stretchStart: Int?
            for k in ends.indices {
                while middles[low] < middles[k] - Self.windowHalfSeconds { low += 1 }
                while high < ends.count, middles[high] <= middles[k] + Self.windowHalfSeconds { high += 1 }
                let average = (meters[high] - meters[low]) / (seconds[high] - seconds[low])
                let own = (meters[k + 1] - meters[k]) / (seconds[k + 1] - seconds[k])
                let isFast = average > limit || (spansUntimed[k] && own > limit)
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

    package var isEmpty: Bool { stretches.isEmpty }
}
