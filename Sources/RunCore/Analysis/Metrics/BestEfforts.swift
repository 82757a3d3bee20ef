
/// The fastest stretch of a given distance inside a run, on elapsed time (as Strava's best efforts:
/// a pause inside the stretch counts), both ends interpolated between points.
package struct BestEffort: Sendable, Hashable, Codable {
    package var distanceMeters: Double
    package var elapsedTimeSeconds: Double
    /// Where the stretch starts: metres from the run's start, and the clock time (seconds since 1970 UTC).
    package var startDistanceMeters: Double
    package var startTimeSeconds: Double

    package var paceSecondsPerKilometer: Double { elapsedTimeSeconds / distanceMeters * 1000 }

    package init(distanceMeters: Double, elapsedTimeSeconds: Double, startDistanceMeters: Double, startTimeSeconds: Double) {
        self.distanceMeters = distanceMeters
        self.elapsedTimeSeconds = elapsedTimeSeconds
        self.startDistanceMeters = startDistanceMeters
        self.startTimeSeconds = startTimeSeconds
    }
}

package enum BestEfforts {
    /// 400 m, 1 km, 1 mile, 5 km, 10 km, half marathon (21,097.5 m), marathon (42,195 m): the
    /// distances of World Athletics' road and track records that runners compare.
    package static let standardDistances: [Double] = [400, 1000, 1609.344, 5000, 10_000, 21_097.5, 42_195]

    /// The best effort for each distance the run covers (with times).
    ///
    /// Cumulative distance and time are piecewise linear between points, so the fastest window of a
    /// given length starts or ends at a point: two pointers check every window that ends at a point
    /// (start interpolated) and every window that starts at one (end interpolated). Ends (starts)
    /// are taken in blocks: a block none of whose windows can beat the best found so far (bounded
    /// by its first end and the start of its last end's window) is passed over whole, so the
    /// result is exactly the two pointers' at a fraction of the steps.
    /// Travel by other means is not the athlete's effort: a series made with
    /// `TimedSeries(timeline, pausingFastStretches: true)` does not count the distance of fast
    /// stretches (``FastStretches``), so they are pauses; and windows faster than
    /// `plausibleSpeedMetersPerSecond` on average (the sport's sustained maximum,
    /// ``SportProfile``: 7.3 m/s for running, a 400 m in 54.8 s) are not candidates; nor, for runs, windows faster than the world
    /// record at the distance (``worldRecordSeconds``). A window never spans a pause longer than
    /// ``longestPauseSeconds``: a file that holds several days' runs (togeojson-blue_hills.gpx:
    /// 14 segments months apart) has no 3,363-hour marathon.
    /// - Parameter isRun: the activity is a run (its efforts are held to the world records).
    /// - Complexity: O(n) per distance; the distances, and chunks of long runs, are searched in parallel.
    package static func compute(_ series: TimedSeries, distances: [Double] = standardDistances,
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
        let longest = stretches.map { series.distance[$0.upperBound - 1] - series.distance[$0.lowerBound] }.max() ?? 0
        let lengths = distances.filter { $0 <= longest + 1e-9 }
        // Every (distance, stretch, pass, chunk of the stretch) is a task on some processor; each
        // finds the fastest window of its chunk, and the first fastest in task order wins (as one
        // pass after the other would find it).
        var searches: [Search] = []
        for (index, length) in lengths.enumerated() {
            let shortest = max(length / plausibleSpeedMetersPerSecond, isRun ? worldRecordSeconds[length] ?? 0 : 0)
            for stretch in stretches where stretch.count >= 2 {
                for pass in [Pass.windowsEnding, .windowsStarting] {
                    for chunk in ParallelChunks.tasks(lengths: [stretch.count]) {
                        searches.append(Search(lengthIndex: index, length: length, shortestSeconds: shortest,
                                               stretch: stretch, pass: pass, chunk: chunk.range, block: block(length, stretch, series)))
                    }
                }
            }
        }
        let tasks = searches
        var found = [Window?](repeating: nil, count: tasks.count)
        found.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let found = buffer
            ParallelChunks.run(tasks.count) { t in found[t] = fastest(tasks[t], in: series) }
        }
        var best = [Window?](repeating: nil, count: lengths.count)
        for (task, window) in zip(tasks, found) {
            guard let window else { continue }
            if let current = best[task.lengthIndex], current.seconds <= window.seconds { continue }
            best[task.lengthIndex] = window
        }
        return zip(lengths, best).compactMap { length, window in
            window.map {
                BestEffort(distanceMeters: length, elapsedTimeSeconds: $0.seconds,
                           startDistanceMeters: series.timelineDistance(at: $0.startDistance) - series.startTimelineDistance,
                           startTimeSeconds: $0.startTime)
            }
        }
    }

    /// The longest pause a best effort may hold (6 h: a long stop inside one outing, not the night
    /// between two days' runs).
    package static let longestPauseSeconds = 6 * 3600.0

    /// The fastest time ever run at each standard distance (World Athletics world records, men,
    /// as of 2025: 400 m 43.03 van Niekerk 2016; 1000 m 2:11.96 Ngeny 1999; mile 3:43.13
    /// El Guerrouj 1999; 5000 m 12:35.36 and 10,000 m 26:11.00 Cheptegei 2020; half marathon 56:42
    /// Kiplimo 2025; marathon 2:00:35 Kiptum 2023). A run's effort faster than these is a GPS
    /// error or another means of travel, never a record.
    package static let worldRecordSeconds: [Double: Double] = [
        400: 43.03, 1000: 131.96, 1609.344: 223.13, 5000: 755.36, 10_000: 1571.00, 21_097.5: 3402, 42_195: 7235,
    ]

    /// A 256th of the points a window of `length` holds in `stretch` on average, at least 16:
    /// blocks whose first and last windows differ little, so that a block slower than the best
    /// is told at once (sizes from the benchmark: 1,000,000 points, best efforts 50 ms → 15 ms).
    private static func block(_ length: Double, _ stretch: Range<Int>, _ series: TimedSeries) -> Int {
        let meters = series.distance[stretch.upperBound - 1] - series.distance[stretch.lowerBound]
        guard meters > 0 else { return 16 }
        return max(16, Int(length / meters * Double(stretch.count) / 256))
    }

    /// Which windows a search checks: those ending at a point (start interpolated) or starting at one.
    private enum Pass: Sendable { case windowsEnding, windowsStarting }

    /// One search: the windows of one length whose driving point (end or start) lies in `chunk`
    /// (indices within `stretch`).
    private struct Search: Sendable {
        var lengthIndex: Int
        var length: Double
        var shortestSeconds: Double
        var stretch: Range<Int>
        var pass: Pass
        var chunk: Range<Int>
        /// Points per block of windows checked against the best at once.
        var block: Int
    }

    /// A window found: its time, and where it starts (series distance, clock time).
    private struct Window: Sendable {
        var seconds: Double
        var startDistance: Double
        var startTime: Double
    }

    /// The fastest window of a search (the first of equals), or nil.
    private static func fastest(_ search: Search, in series: TimedSeries) -> Window? {
        series.time[search.stretch].withUnsafeBufferPointer { t in
            series.distance[search.stretch].withUnsafeBufferPointer { d in
                let n = t.count, length = search.length, shortestSeconds = search.shortestSeconds
                var bestSeconds = Double.infinity
                var bestStart = 0.0, bestStartTime = 0.0
                let chunkEnd = search.chunk.upperBound, block = search.block
                switch search.pass {
                case .windowsEnding:
                    // i is the last point at or before the window's start (never past j − 1): where
                    // a pass from the stretch's first point would have it at the chunk's first end.
                    let first = search.chunk.lowerBound
                    var i = max(0, min(first - 1, firstAbove(d[first] - length, d, from: 0) - 1))
                    var blockStart = first
                    while blockStart < chunkEnd {
                        let blockEnd = min(blockStart + block, chunkEnd)
                        // A block of ends whose windows all start at or before the start of its last
                        // end's window: when even that is no faster than the best, skip the block.
                        if bestSeconds.isFinite {
                            let last = blockEnd - 1
                            let lastStart = max(i, min(last - 1, firstAbove(d[last] - length, d, from: i) - 1))
                            if t[blockStart] - t[lastStart + 1] >= bestSeconds {
                                i = lastStart
                                blockStart = blockEnd
                                continue
                            }
                        }
                        for j in blockStart..<blockEnd {
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
                        blockStart = blockEnd
                    }
                case .windowsStarting:
                    // k is the first point at or after the window's end (after s: the length is positive).
                    var k = 0
                    var blockStart = search.chunk.lowerBound
                    blocks: while blockStart < chunkEnd {
                        let blockEnd = min(blockStart + block, chunkEnd)
                        k = firstAtOrAbove(d[blockStart] + length, d, from: k)
                        if k == n { break }
                        // Every window starting in the block ends after t[k − 1]: skip the block when
                        // even its last start's is no faster than the best.
                        if bestSeconds.isFinite, t[k - 1] - t[blockEnd - 1] >= bestSeconds {
                            blockStart = blockEnd
                            continue
                        }
                        for s in blockStart..<blockEnd {
                            let target = d[s] + length
                            while k < n, d[k] < target { k += 1 }
                            if k == n { break blocks }
                            // The end lies between t[k − 1] and t[k] (as above).
                            if t[k - 1] - t[s] >= bestSeconds || t[k] - t[s] < shortestSeconds { continue }
                            let seconds = time(at: target, k - 1, k, t, d) - t[s]
                            if seconds > 0, seconds >= shortestSeconds, seconds < bestSeconds {
                                bestSeconds = seconds; bestStart = d[s]; bestStartTime = t[s]
                            }
                        }
                        blockStart = blockEnd
                    }
                }
                return bestSeconds.isFinite ? Window(seconds: bestSeconds, startDistance: bestStart, startTime: bestStartTime) : nil
            }
        }
    }

    /// The first index from `from` on whose distance is `x` or more (`d` never decreases):
    /// galloping, then halving.
    private static func firstAtOrAbove(_ x: Double, _ d: UnsafeBufferPointer<Double>, from: Int) -> Int {
        first(from: from, d.count) { d[$0] >= x }
    }

    /// The first index from `from` on whose distance is more than `x`.
    private static func firstAbove(_ x: Double, _ d: UnsafeBufferPointer<Double>, from: Int) -> Int {
        first(from: from, d.count) { d[$0] > x }
    }

    /// The first index in `from..<count` where `isPast` holds (it holds from there on), or `count`.
    @inline(__always)
    private static func first(from: Int, _ count: Int, where isPast: (Int) -> Bool) -> Int {
        guard from < count, !isPast(from) else { return min(from, count) }
        var low = from, reach = 1   // isPast(low) is false
        while low + reach < count, !isPast(low + reach) { low += reach; reach *= 2 }
        var high = min(low + reach, count)   // isPast(high) or high = count
        while high - low > 1 {
            let mid = (low + high) / 2
            if isPast(mid) { high = mid } else { low = mid }
        }
        return high
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
