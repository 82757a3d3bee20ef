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
    /// running, a 400 m in 32 s) are not candidates; nor, for runs, windows faster than the world
    /// record at the distance (``worldRecordSeconds``). A window never spans a pause longer than
    /// ``longestPauseSeconds``: a file that holds several days' runs (togeojson-blue_hills.gpx:
    /// 14 segments months apart) has no 3,363-hour marathon.
    /// - Parameter isRun: the activity is a run (its efforts are held to the world records).
    /// - Complexity: O(n) per distance; the distances are searched in parallel.
    public static func compute(_ series: TimedSeries, distances: [Double] = standardDistances,
                               plausibleSpeedMetersPerSecond: Double = .infinity, isRun: Bool = false) -> [BestEffort] {
        guard series.count >= 2 else { return [] }
        // Stretches between pauses longer than the longest a window may hold.
        var stretches: [Range<Int>] = []
        var start = 0
        for i in 1..<series.count where series.time[i] - series.time[i - 1] > longestPauseSeconds {
            stretches.append(start..<i)
            start = i
        }
        stretches.append(start..<series.count)
        let ranges = stretches
        let longest = ranges.map { series.distance[$0.upperBound - 1] - series.distance[$0.lowerBound] }.max() ?? 0
        let lengths = distances.filter { $0 <= longest + 1e-9 }
        let results = Mutex([BestEffort?](repeating: nil, count: lengths.count))
        DispatchQueue.concurrentPerform(iterations: lengths.count) { index in
            let length = lengths[index]
            let shortest = max(length / plausibleSpeedMetersPerSecond, isRun ? worldRecordSeconds[length] ?? 0 : 0)
            let effort = ranges.compactMap { fastest(length, in: series, range: $0, shortestSeconds: shortest) }
                .min { $0.elapsedTimeSeconds < $1.elapsedTimeSeconds }
            results.withLock { $0[index] = effort }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    /// The longest pause a best effort may hold (6 h: a long stop inside one outing, not the night
    /// between two days' runs).
    public static let longestPauseSeconds = 6 * 3600.0

    /// The fastest time ever run at each standard distance (World Athletics world records, men,
    /// as of 2025: 400 m 43.03 van Niekerk 2016; 1000 m 2:11.96 Ngeny 1999; mile 3:43.13
    /// El Guerrouj 1999; 5000 m 12:35.36 and 10,000 m 26:11.00 Cheptegei 2020; half marathon 56:42
    /// Kiplimo 2025; marathon 2:00:35 Kiptum 2023). A run's effort faster than these is a GPS
    /// error or another means of travel, never a record.
    public static let worldRecordSeconds: [Double: Double] = [
        400: 43.03, 1000: 131.96, 1609.344: 223.13, 5000: 755.36, 10_000: 1571.00, 21_097.5: 3402, 42_195: 7235,
    ]

    /// The fastest stretch of one length within `range` of the series.
    private static func fastest(_ length: Double, in series: TimedSeries, range: Range<Int>, shortestSeconds: Double) -> BestEffort? {
        guard range.count >= 2 else { return nil }
        return series.time[range].withUnsafeBufferPointer { t in
            series.distance[range].withUnsafeBufferPointer { d in
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
                        // The start lies between t[i] and t[i + 1]: most windows cannot beat the
                        // best or reach the shortest even at their ends, and need no interpolation.
                        if t[j] - t[i + 1] >= bestSeconds || t[j] - t[i] < shortestSeconds { continue }
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
                        // The end lies between t[k − 1] and t[k] (as above).
                        if t[k - 1] - t[s] >= bestSeconds || t[k] - t[s] < shortestSeconds { continue }
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
