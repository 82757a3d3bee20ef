import Foundation
import Testing
import TestSupport
@testable import RunCore

/// Best efforts against their definition: every window of the length that starts or ends at a
/// point, its other end found by bisection on the cumulative distance and interpolated — no two
/// pointers, no blocks, no chunks. Runs long enough to be searched in several chunks on several
/// processors, with pauses, surges and slow stretches, and the limits of a run (world records,
/// the plausible speed) and of no sport.
@Suite struct BestEffortsSearchTests {
    /// The fastest window of each length by the definition (O(n log n) per length).
    static func definition(_ t: [Double], _ d: [Double], length: Double, shortest: Double) -> Double? {
        let n = t.count
        // Time at cumulative distance x inside segment (a, a + 1), the later time where it does not grow.
        func time(at x: Double, _ a: Int) -> Double {
            let span = d[a + 1] - d[a]
            guard span > 0 else { return x <= d[a] ? t[a] : t[a + 1] }
            return t[a] + min(1, max(0, (x - d[a]) / span)) * (t[a + 1] - t[a])
        }
        // The last index whose distance is at most x.
        func lastAtMost(_ x: Double) -> Int {
            var low = -1, high = n - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if d[mid] <= x { low = mid } else { high = mid - 1 }
            }
            return low
        }
        // The first index whose distance is at least x (n if none).
        func firstAtLeast(_ x: Double) -> Int {
            var low = 0, high = n
            while low < high {
                let mid = (low + high) / 2
                if d[mid] < x { low = mid + 1 } else { high = mid }
            }
            return low
        }
        var best: Double?
        func consider(_ seconds: Double) {
            if seconds > 0, seconds >= shortest, seconds < (best ?? .infinity) { best = seconds }
        }
        for j in 0..<n where d[j] - length >= d[0] - 1e-9 {
            let i = max(0, min(j - 1, lastAtMost(d[j] - length)))
            consider(t[j] - time(at: d[j] - length, i))
        }
        for s in 0..<n {
            let target = d[s] + length, k = firstAtLeast(target)
            if k < n { consider(time(at: target, k - 1) - t[s]) }
        }
        return best
    }

    /// A run of `count` one-second points at speeds that wander, with stops and surges.
    static func wanderingRun(count: Int, seed: UInt64) -> EquatorTrack {
        var random = SeededGenerator(state: seed)
        var track = EquatorTrack()
        var speed = 3.0
        while track.points.count < count {
            switch Double.random(in: 0..<1, using: &random) {
            case ..<0.002: track.stand(seconds: Int.random(in: 5...120, using: &random))
            case ..<0.004: track.run(speed: Double.random(in: 5...6.5, using: &random), seconds: Int.random(in: 20...400, using: &random))
            default:
                speed = min(5.5, max(1.2, speed + Double.random(in: -0.3...0.3, using: &random)))
                track.run(speed: speed, seconds: 1)
            }
        }
        return track
    }

    @Test(arguments: [(UInt64(1), true), (2, false), (3, true)])
    func searchFindsTheDefinitionsFastestWindow(seed: UInt64, isRun: Bool) {
        let track = Self.wanderingRun(count: 80_000, seed: seed)
        let timeline = TimelineBuilder.timeline(of: track.activity, parameters: AnalysisParameters())
        let series = TimedSeries(timeline)
        #expect(series.count > 2 * ParallelChunks.chunkLength)
        let limit = isRun ? 6.0 : .infinity
        let efforts = BestEfforts.compute(series, plausibleSpeedMetersPerSecond: limit, isRun: isRun)
        var found = 0
        for length in BestEfforts.standardDistances {
            let shortest = max(length / limit, isRun ? BestEfforts.worldRecordSeconds[length] ?? 0 : 0)
            let expected = Self.definition(series.time, series.distance, length: length, shortest: shortest)
            let effort = efforts.first { $0.distanceMeters == length }
            #expect((effort == nil) == (expected == nil), "\(length) m")
            guard let effort, let expected else { continue }
            found += 1
            #expect(abs(effort.elapsedTimeSeconds - expected) < 1e-6, "\(length) m: \(effort.elapsedTimeSeconds) s, by definition \(expected) s")
        }
        #expect(found == BestEfforts.standardDistances.count)
    }
}
