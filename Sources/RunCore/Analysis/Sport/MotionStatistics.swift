import Foundation

/// How a recording moves, for telling its sport: the moving speeds (time-weighted), how much of
/// the time is spent standing, and whether the times look made up (planners give every interval
/// the same speed). Built from the points before the speed-based clean-up, which needs the sport.
package struct MotionStatistics: Sendable, Hashable {
    /// Intervals at or below this speed (m/s) are standing, for every sport (GPS drift at rest).
    package static let standingSpeed = 0.3
    /// Intervals longer than this (seconds) are gaps, not motion.
    package static let longestInterval = 300.0

    /// Seconds in intervals (gaps left out), moving or not.
    package private(set) var seconds = 0.0
    /// Seconds in intervals slower than ``standingSpeed``.
    package private(set) var standingSeconds = 0.0
    /// Moving seconds by speed, in bins 3 % wide from ``standingSpeed`` up.
    private var histogram = [Double](repeating: 0, count: Self.binCount)
    private static let binRatio = 1.03, binCount = 240

    package init() {}

    /// Adds an interval.
    package mutating func add(meters: Double, seconds dt: Double) {
        guard dt > 0, dt <= Self.longestInterval, meters.isFinite else { return }
        seconds += dt
        let speed = meters / dt
        guard speed > Self.standingSpeed else { standingSeconds += dt; return }
        let bin = min(Self.binCount - 1, Int(log(speed / Self.standingSpeed) / log(Self.binRatio)))
        histogram[bin] += dt
    }

    /// Adds the intervals between consecutive timed points of a piece of track, `steps[k]` being the
    /// distance from point k − 1 to point k.
    package mutating func add(times: [Double], steps: [Double]) {
        var previous: Int?, meters = 0.0
        for k in times.indices {
            if k > 0 { meters += steps[k] }
            guard !times[k].isNaN else { continue }
            if let p = previous { add(meters: meters, seconds: times[k] - times[p]) }
            previous = k
            meters = 0
        }
    }

    /// Seconds spent moving.
    package var movingSeconds: Double { seconds - standingSeconds }

    /// The moving speed (m/s) below which a fraction `q` of the moving time is spent (to within
    /// the 3 % bins); nil without moving time.
    package func movingSpeed(quantile q: Double) -> Double? {
        let total = movingSeconds
        guard total > 0 else { return nil }
        var sum = 0.0
        for (bin, dt) in histogram.enumerated() {
            sum += dt
            if sum >= q * total { return Self.standingSpeed * pow(Self.binRatio, Double(bin) + 0.5) }
        }
        return nil
    }

    /// Whether the moving speeds are all within a few percent of each other: times a planner made
    /// up at one speed, not a recording.
    package var hasUniformSpeed: Bool {
        guard movingSeconds > 0, let low = movingSpeed(quantile: 0.05), let high = movingSpeed(quantile: 0.95) else { return false }
        return high / low < 1.07
    }
}
