/// Maximum speed as the best average over a window of time, never from a single pair of points
/// (one bad fix would set it: ../shared/cases/17).
///
/// Within each piece, for every timed point j the window ends at j and starts at t_j − w, the
/// distance at the start interpolated linearly in time; the maximum of distance/w over all windows
/// is the maximum speed. w is the configured window (30 s), or the piece's duration when the piece
/// is shorter; pieces with fewer than three intervals of positive duration are not used. An
/// interval without duration (a repeated timestamp) has no speed: its distance counts in the
/// run's distance but not in any window (../shared/cases/08). Intervals of a fast stretch
/// (``FastStretches``: travel by other means) are pauses here — their time passes, their distance
/// does not count — and windows still faster than the sport's plausible maximum
/// (``AnalysisParameters/maximumPlausibleSpeedMetersPerSecond``) are skipped. Best pace is the inverse.
package enum SpeedWindow {
    /// Fewest intervals with a duration a piece needs to give a maximum speed.
    package static let minimumIntervals = 3

    /// - Returns: the maximum windowed speed in m/s, or nil when no piece qualifies.
    /// - Complexity: O(n) (two pointers).
    package static func maximumSpeed(_ timeline: Timeline, windowSeconds: Double,
                                    plausibleSpeedMetersPerSecond: Double = .infinity) -> Double? {
        let t = timeline.points.time, d = timeline.distance
        let fast = timeline.fastStretches.intervalIsFast
        var best: Double?
        for piece in timeline.pieces {
            // Timed points and the distance covered in intervals with a duration.
            var times: [Double] = [], distances: [Double] = []
            var covered = 0.0
            var intervals = 0
            var previous: Int?
            for i in piece where !t[i].isNaN {
                if let p = previous, t[i] > t[p] {
                    if i >= fast.count || !fast[i] { covered += d[i] - d[p] }
                    intervals += 1
                }
                times.append(t[i])
                distances.append(covered)
                previous = i
            }
            guard intervals >= minimumIntervals, let first = times.first, let last = times.last else { continue }
            let w = min(windowSeconds, last - first)
            var s = 0   // last index with times[s] <= window start
            for j in times.indices where times[j] - first >= w {
                let startTime = times[j] - w
                while s + 1 < times.count, times[s + 1] <= startTime { s += 1 }
                var startDistance = distances[s]
                if times[s] < startTime, s + 1 < times.count, times[s + 1] > times[s] {
                    startDistance += (distances[s + 1] - distances[s]) * (startTime - times[s]) / (times[s + 1] - times[s])
                }
                let v = (distances[j] - startDistance) / w
                if v > (best ?? -1), v <= plausibleSpeedMetersPerSecond { best = v }
            }
        }
        return best
    }
}
