import Dispatch
import Synchronization

/// The fastest stretch of a given distance inside a run, on elapsed time (as Strava's best efforts:
/// a pause inside the stretch counts), both ends interpolated between points.
public struct BestEffort: Sendable, Hashable, Codable {
    public var distanceMeters: Double
    public var elapsedTimeSeconds: Double
    /// Where the stretch starts: metres from the run's start, and the clock time (seconds since 1970 UTC).
    public var startDistanceMeters: Double
    public var startTimeSeconds: Double

    public var paceSecondsPerKilometer: Double { elapsedTimeSeconds / distanceMeters * 1000 }

    public init(distanceMeters: Double, elapsedTimeSeconds: Double, startDistanceMeters: Double, startTimeSeconds: Double) {
        self.distanceMeters = distanceMeters
        self.elapsedTimeSeconds = elapsedTimeSeconds
        self.startDistanceMeters = startDistanceMeters
        self.startTimeSeconds = startTimeSeconds
    }
}

public enum BestEfforts {
    /// 400 m, 1 km, 1 mile, 5 km, 10 km, half marathon (21,097.5 m), marathon (42,195 m): the
    /// distances of World Athletics' road and track records that runners compare.
    public static let standardDistances: [Double] = [400, 1000, 1609.344, 5000, 10_000, 21_097.5, 42_195]

    /// The best effort for each distance the run covers (with times).
    ///
    /// Cumulative distance and time are piecewise linear between points, so the fastest window of a
    /// given length starts or ends at a point: two pointers check every window that ends at a point
    /// (start interpolated) and every window that starts at one (end interpolated).
    /// Travel by other means is not the athlete's effort: a series made with
    /// `TimedSeries(timeline, pausingFastStretches: true)` does not count the distance of fast
    /// stretches (``FastStretches``), so they are pauses; and windows faster than
    /// `plausibleSpeedMetersPerSecond` on average (the sport's plausible maximum: 12.5 m/s for
    /// running, a 400 m in 32 s) are not candidates.
    /// - Complexity: O(n) per distance; the distances are searched in parallel.
    public static func compute(_ series: TimedSeries, distances: [Double] = standardDistances,
                               plausibleSpeedMetersPerSecond: Double = .infinity) -> [BestEffort] {
        guard series.count >= 2 else { return [] }
        let total = series.distance[series.count - 1] - series.distance[0]
        let lengths = distances.filter { $0 <= total + 1e-9 }
        let results = Mutex([BestEffort?](repeating: nil, count: lengths.count))
        DispatchQueue.concurrentPerform(iterations: lengths.count) { index in
            let effort = fastest(lengths[index], in: series, shortestSeconds: lengths[index] / plausibleSpeedMetersPerSecond)
            results.withLock { $0[index] = effort }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    /// The fastest stretch of one length.
    private static func fastest(_ length: Double, in series: TimedSeries, shortestSeconds: Double) -> BestEffort? {
        series.time.withUnsafeBufferPointer { t in
            series.distance.withUnsafeBufferPointer { d in
                let n = t.count
                var effort: BestEffort?
                do {
                    var bestSeconds = Double.infinity
                    var bestStart = 0.0, bestStartTime = 0.0
                    // Windows ending at a point; i is the last point at or before the window's start.
                    var i = 0
                    for j in 0..<n {
                        let target = d[j] - length
                        if target < d[0] - 1e-9 { continue }
                        while i + 1 < j, d[i + 1] <= target { i += 1 }
                        let start = time(at: target, i, i + 1, t, d)
                        let seconds = t[j] - start
                        if seconds > 0, seconds >= shortestSeconds, seconds < bestSeconds {
                            bestSeconds = seconds; bestStart = target; bestStartTime = start
                        }
                    }
                    // Windows starting at a point; k is the first point at or after the window's end.
                    var k = 0
                    for s in 0..<n {
                        let target = d[s] + length
                        while k < n, d[k] < target { k += 1 }
                        if k == n { break }
                        if k <= s { continue }
                        let seconds = time(at: target, k - 1, k, t, d) - t[s]
                        if seconds > 0, seconds >= shortestSeconds, seconds < bestSeconds {
                            bestSeconds = seconds; bestStart = d[s]; bestStartTime = t[s]
                        }
                    }
                    if bestSeconds.isFinite {
                        effort = BestEffort(distanceMeters: length, elapsedTimeSeconds: bestSeconds,
                                            startDistanceMeters: series.timelineDistance(at: bestStart) - series.startTimelineDistance,
                                            startTimeSeconds: bestStartTime)
                    }
                }
                return effort
            }
        }
    }

    /// Time at cumulative distance `x` between points a and b (the later point's time where the
    /// distance does not grow, i.e. the runner left b's position at b's time).
    @inline(__always)
    private static func time(at x: Double, _ a: Int, _ b: Int, _ t: UnsafeBufferPointer<Double>,
                             _ d: UnsafeBufferPointer<Double>) -> Double {
        let span = d[b] - d[a]
        guard span > 0 else { return x <= d[a] ? t[a] : t[b] }
        let f = min(1, max(0, (x - d[a]) / span))
        return t[a] + f * (t[b] - t[a])
    }
}
