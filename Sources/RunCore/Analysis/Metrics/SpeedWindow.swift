/// Maximum speed as the best average over a window of time, never from a single pair of points
/// (one bad fix would set it: ../shared/cases/17).
///
/// Within each piece, for every timed point j the window ends at j and starts at t_j − w, the
/// distance at the start interpolated linearly in time; the maximum of distance/w over all windows
/// is the maximum speed. w is the configured window (30 s) or the piece's duration when the piece is
/// shorter; pieces shorter than 5 s are not used. Best pace is its inverse.
public enum SpeedWindow {
    /// - Returns: the maximum windowed speed in m/s, or nil when no piece has times over 5 s.
    /// - Complexity: O(n) (two pointers).
    public static func maximumSpeed(_ timeline: Timeline, windowSeconds: Double) -> Double? {
        let t = timeline.points.time, d = timeline.distance
        var best: Double?
        for piece in timeline.pieces {
            let timed = piece.filter { !t[$0].isNaN }
            guard let first = timed.first, let last = timed.last else { continue }
            let duration = t[last] - t[first]
            guard duration >= 5 else { continue }
            let w = min(windowSeconds, duration)
            var s = 0   // index into timed: last point with time <= t_j - w
            for j in timed where t[j] - t[first] >= w {
                let startTime = t[j] - w
                while s + 1 < timed.count, t[timed[s + 1]] <= startTime { s += 1 }
                let a = timed[s]
                var startDistance = d[a]
                if t[a] < startTime, s + 1 < timed.count {
                    let b = timed[s + 1]
                    let span = t[b] - t[a]
                    if span > 0 { startDistance += (d[b] - d[a]) * (startTime - t[a]) / span }
                }
                let v = (d[j] - startDistance) / w
                if v > (best ?? -1) { best = v }
            }
        }
        return best
    }
}
