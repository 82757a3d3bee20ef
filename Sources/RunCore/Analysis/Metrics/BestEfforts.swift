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
    /// - Complexity: O(n) per distance.
    public static func compute(_ timeline: Timeline, distances: [Double] = standardDistances) -> [BestEffort] {
        let t = timeline.points.time, d = timeline.distance
        let timed = timeline.timedIndices
        guard timed.count >= 2 else { return [] }
        let total = d[timed.last!] - d[timed.first!]
        var efforts: [BestEffort] = []
        for length in distances where length <= total + 1e-9 {
            var best: BestEffort?
            func consider(startDistance: Double, startTime: Double, endTime: Double) {
                let seconds = endTime - startTime
                if seconds > 0, seconds < (best?.elapsedTimeSeconds ?? .infinity) {
                    best = BestEffort(distanceMeters: length, elapsedTimeSeconds: seconds,
                                      startDistanceMeters: startDistance - d[timed[0]], startTimeSeconds: startTime)
                }
            }
            // Windows ending at a point; i is the last point at or before the window's start.
            var i = 0
            for j in 0..<timed.count {
                let end = timed[j]
                let target = d[end] - length
                guard target >= d[timed[0]] - 1e-9 else { continue }
                while i + 1 < j, d[timed[i + 1]] <= target { i += 1 }
                consider(startDistance: target, startTime: time(at: target, between: timed[i], timed[i + 1], t, d), endTime: t[end])
            }
            // Windows starting at a point; k is the first point at or after the window's end.
            var k = 0
            for s in 0..<timed.count {
                let start = timed[s]
                let target = d[start] + length
                while k < timed.count, d[timed[k]] < target { k += 1 }
                guard k < timed.count else { break }
                guard k > s else { continue }
                consider(startDistance: d[start], startTime: t[start], endTime: time(at: target, between: timed[k - 1], timed[k], t, d))
            }
            if let best { efforts.append(best) }
        }
        return efforts
    }

    /// Time at cumulative distance `x` between points a and b (the later point's time where the
    /// distance does not grow, i.e. the runner left b's position at b's time).
    private static func time(at x: Double, between a: Int, _ b: Int, _ t: [Double], _ d: [Double]) -> Double {
        let span = d[b] - d[a]
        guard span > 0 else { return x <= d[a] ? t[a] : t[b] }
        let f = min(1, max(0, (x - d[a]) / span))
        return t[a] + f * (t[b] - t[a])
    }
}
