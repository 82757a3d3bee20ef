/// GPS clean-up of one track segment: what is left out of the numbers (and only of the numbers —
/// the stored original keeps everything), with a report of how many and where.
///
/// Times and positions are judged apart: a wrong time is repaired, never a reason to lose the
/// distance a position adds (distance comes from every plausible position, in file order).
///
/// Rules, in order:
/// 1. **Timestamps that stand still**: 20 or more consecutive points within 1 ms of each other
///    (a logger whose clock stopped: gpxpy's Mojstrovka.gpx has 183) lose their times; their
///    positions still count as distance. Shorter runs are normal — loggers sampling faster than
///    they write times (../shared/cases/08; 3 fixes per second in Open GPX Tracker files) — and kept.
/// 2. **Stored newest first**: a segment whose times mostly step backwards (more backward steps
///    than forward ones, and more times in order read backwards) is read in reverse, so in time
///    order, and reported.
/// 3. **Times out of order**: the times kept are the largest set that never goes back (a longest
///    non-decreasing subsequence, O(n log n)), less a kept time that repeats the time before a
///    block left out. One fix with a wrong date — a first fix from 2030, a point an hour ahead — is
///    then one time left out, not every time after it. **Times far off**: up to three points more
///    than a day from the rest (a first fix dated 2000, in order but wrong) lose their times too.
///    Each time left out is repaired: interpolated by position in the file between the kept times
///    around it (or left unknown at either end); the point's position stays. Points without a
///    time take no part.
/// 4. **Duplicate points**: the same position and time as the previous point: left out.
/// 5. **Spikes**: a point whose intervals to both neighbours are implausibly fast while the
///    neighbours' own interval is not (one fix that landed far away and came back, cases/17): left out.
/// 6. **Jumps**: an implausibly fast interval between two plausible ones, more than twice as fast
///    as each of them, that stays implausible when averaged with them (a fix that landed far away
///    and stayed, a signal found again far from where it was lost): not distance; the segment is
///    split there, so the jump is a gap. Two fast
///    intervals in a row are a jump (two gaps) when their average with the neighbours is above
///    twice the limit (a fix 3 km away followed by one more fast fix: coregpx-GPXTest-TrackPointOnly). A fast
///    interval next to a stopped one (a logger that repeated a fix, then caught up) averages out
///    and is kept; so are sustained fast stretches (three or more fast intervals in a row: really
///    travelled, by other means than the sport's; ``FastStretches`` reports them).
///
/// "Implausibly fast" is faster than both the sport's plausible maximum and 4 × the segment's
/// median interval speed (so a car trip is judged against its own speed), and in any case faster
/// than ``fastestTravelMetersPerSecond`` (no receiver on the ground or in an airliner moves that
/// fast: points that alternate between two places 55 km apart are spikes, not 200,000 km). GPXSee
/// uses a similar relative criterion (modified Z-score of acceleration); gpxpy drops intervals
/// more than 1.5 σ from the mean distance. An interval faster than that is never travel, so never
/// part of a sustained stretch: it is a jump.
///
/// Rules 1–4 do not depend on the sport (``prepare(_:location:)``): the sport, when the file does
/// not state it, is told from the prepared points' speeds, and rules 5 and 6 then use its ceiling
/// (``clean(_:)``).
package struct SegmentCleaner: Sendable {
    /// The sport's ceiling (``AnalysisParameters/speedCeilingMetersPerSecond``).
    package let speedCeilingMetersPerSecond: Double
    private static let geodesic = Geodesic.wgs84

    /// Consecutive points with one timestamp from which the clock is taken to have stopped.
    package static let stoppedClockRun = 20
    /// Consecutive implausibly fast intervals from which a stretch is reported as travelled fast.
    package static let sustainedFastIntervals = 3
    /// Faster than this (m/s) no recording moves: an airliner's ground speed with a jet-stream
    /// tailwind is about 300 m/s (1,080 km/h); the speed of sound at sea level is 343 m/s.
    package static let fastestTravelMetersPerSecond = 350.0

    package init(speedCeilingMetersPerSecond: Double) {
        self.speedCeilingMetersPerSecond = speedCeilingMetersPerSecond
    }

    /// A segment after rules 1–4: its points, each point's distance from the previous one, where
    /// each came from in the file, and what was done so far.
    package struct PreparedSegment: Sendable {
        package var points: PointColumns
        /// Metres from the previous point (0 for the first), once measured (``measureSteps(_:)``).
        package var steps: [Double] = []
        /// Each point's 0-based index among the segment's points in the file.
        var sourceIndex: [Int]
        var report: CleanupReport
        var location: String
    }

    /// What happened to the points of one segment.
    package struct Result: Sendable {
        /// Clean pieces of the segment (more than one when a jump split it).
        package var pieces: [CleanPiece]
        package var report: CleanupReport
    }

    /// Rules 1–4, which do not depend on the sport.
    /// - Parameter location: describes the segment in messages ("track 1, segment 2").
    /// - Complexity: O(n log n) (times in order).
    package static func prepare(_ input: PointColumns, location: String) -> PreparedSegment {
        var report = CleanupReport()
        var points = input
        let n = points.count
        // 1. Clocks that stood still.
        var runStart = 0
        for i in 1...max(n, 1) {
            let continues = i < n && !points.time[i].isNaN && !points.time[i - 1].isNaN
                && abs(points.time[i] - points.time[i - 1]) < 0.001
            if !continues {
                if i - runStart >= Self.stoppedClockRun {
                    report.note(.standingTimestamps, count: i - runStart,
                                at: "\(location), points \(runStart + 1)–\(i)", time: points.time[runStart])
                    for k in runStart..<i { points.time[k] = .nan }
                }
                runStart = i
            }
        }
        // 2. Stored newest first: read in time order. `sourceIndex` maps back to the file's points.
        var sourceIndex = Array(0..<n)
        if Self.isStoredNewestFirst(points.time) {
            points.reverse()
            sourceIndex.reverse()
            report.note(.reversedOrder, at: location, time: points.time.first { !$0.isNaN } ?? .nan)
        }
        // 3 and 4. Times out of order and duplicates (most segments have none: then no copy).
        if !hasDuplicatesOrBackwardTimes(points) {
            return PreparedSegment(points: points, sourceIndex: sourceIndex, report: report, location: location)
        }
        var inOrder = Self.longestRunInTimeOrder(points.time)
        Self.leaveOutRepeatedTimesAfterDisorder(&inOrder, points.time)
        let farOff = Self.farOffTimes(points.time, kept: inOrder)
        var timeKept = inOrder
        for i in 0..<n where !points.time[i].isNaN && (!inOrder[i] || farOff[i]) {
            report.note(inOrder[i] ? .timeFarOff : .timeBackwards, at: "\(location), point \(sourceIndex[i] + 1)", time: points.time[i])
            timeKept[i] = false
        }
        Self.repairTimes(&points.time, kept: timeKept, farOff: farOff)
        var kept = PointColumns()
        kept.reserveCapacity(n)
        var keptIndex: [Int] = []
        var last: Int?
        for i in 0..<n {
            if let last, points.latitude[i] == points.latitude[last], points.longitude[i] == points.longitude[last],
               points.time[i] == points.time[last] || (points.time[i].isNaN && points.time[last].isNaN) {
                report.note(.duplicatePoints, at: "\(location), point \(sourceIndex[i] + 1)", time: points.time[i])
                continue
            }
            kept.append(from: points, at: i)
            keptIndex.append(sourceIndex[i])
            last = i
        }
        return PreparedSegment(points: kept, sourceIndex: keptIndex, report: report, location: location)
    }

    /// The segments with each point's distance from the previous one (0 for the first), measured
    /// on every processor (long segments in chunks).
    static func measureSteps(_ segments: [PreparedSegment]) -> [PreparedSegment] {
        let lengths = segments.map(\.points.count)
        var offsets = [0]
        for length in lengths { offsets.append(offsets[offsets.count - 1] + length) }
        let tasks = ParallelChunks.tasks(lengths: lengths), starts = offsets
        let total = offsets[offsets.count - 1]
        let all = [Double](unsafeUninitializedCapacity: total) { buffer, initialized in
            nonisolated(unsafe) let out = buffer
            ParallelChunks.run(tasks.count) { t in
                let (piece, range) = tasks[t]
                let points = segments[piece].points, base = starts[piece]
                for k in range { out[base + k] = k == 0 ? 0 : distance(points, k - 1, points, k) }
            }
            initialized = total
        }
        var measured = segments
        for s in measured.indices { measured[s].steps = Array(all[offsets[s]..<offsets[s + 1]]) }
        return measured
    }

    /// Whether a segment's times mostly step backwards (more backward steps than forward ones
    /// between consecutive timed points) and read backwards keep more of their times in order than
    /// read forwards: a track stored newest first. (A clock that zig-zags — every other time 10 s
    /// behind — steps back about as often as forward, but read forwards it keeps half its times
    /// in order and read backwards two.)
    static func isStoredNewestFirst(_ time: [Double]) -> Bool {
        var backward = 0, forward = 0
        var previous = Double.nan
        for t in time where !t.isNaN {
            if !previous.isNaN {
                if t < previous { backward += 1 } else if t > previous { forward += 1 }
            }
            previous = t
        }
        guard backward > forward else { return false }
        let kept = { (times: [Double]) in longestRunInTimeOrder(times).reduce(0) { $0 + ($1 ? 1 : 0) } }
        return kept(time.reversed()) > kept(time)
    }

    /// Repairs the times not kept (out of order, or far off) so that every time runs forward and
    /// no position is lost:
    /// - **Jitter**: a run of consecutive times left out that all lie within ``jitterSeconds(_:)``
    ///   of where the kept times around them put them (a clock that wobbles by a second or two:
    ///   Sports Tracker files have thousands of such back-steps) keeps its times; these and the
    ///   kept times are then sorted and given back to their points in file order. Sorting is the
    ///   right repair for small independent errors: each time ends within the wobble of its true
    ///   value, and no interval gets shorter than the truth's smallest step.
    /// - **Wrong times** (a run reaching further — a block written by a clock that stepped back, a
    ///   fix an hour ahead —, and times far off): interpolated by the point's position in the
    ///   segment between the valid times around it; unknown (NaN) without a valid time on both sides.
    /// Points without a time stay without one.
    /// - Complexity: O(n log n) (the sort, when there is jitter), O(n) otherwise.
    static func repairTimes(_ time: inout [Double], kept: [Bool], farOff: [Bool]) {
        let timed = time.indices.filter { !time[$0].isNaN }
        let allowance = jitterSeconds(time)
        // Each run of consecutive timed points not kept: valid as jitter, or wrong.
        var valid = kept
        var k = 0
        while k < timed.count {
            guard !kept[timed[k]] else { k += 1; continue }
            var end = k
            while end + 1 < timed.count, !kept[timed[end + 1]] { end += 1 }
            let before = k > 0 ? timed[k - 1] : nil, after = end + 1 < timed.count ? timed[end + 1] : nil
            var isJitter = before != nil && after != nil
            if let a = before, let b = after {
                for m in k...end where isJitter {
                    let i = timed[m]
                    let expected = time[a] + (time[b] - time[a]) * Double(i - a) / Double(b - a)
                    isJitter = !farOff[i] && abs(time[i] - expected) <= allowance
                }
            }
            if isJitter { for m in k...end { valid[timed[m]] = true } }
            k = end + 1
        }
        // Jitter: the valid times, sorted, back in file order.
        if valid != kept {
            let positions = timed.filter { valid[$0] }
            let sorted = positions.map { time[$0] }.sorted()
            for (position, value) in zip(positions, sorted) { time[position] = value }
        }
        // Wrong times: interpolated between the valid times around them.
        var previousValid: Int?
        var pending: [Int] = []
        for i in timed {
            guard valid[i] else { pending.append(i); continue }
            for p in pending {
                time[p] = previousValid.map { a in time[a] + (time[i] - time[a]) * Double(p - a) / Double(i - a) } ?? .nan
            }
            pending.removeAll(keepingCapacity: true)
            previousValid = i
        }
        for p in pending { time[p] = .nan }
    }

    /// How far (seconds) a time may stray from where the times around it put it and still be a
    /// clock's wobble: 5 sampling intervals (the median step between timed points) and at least
    /// 2 s. A block of times stepped back further than that is a wrong clock, not jitter.
    static func jitterSeconds(_ time: [Double]) -> Double {
        var steps: [Double] = []
        steps.reserveCapacity(time.count)
        var previous = Double.nan
        for t in time where !t.isNaN {
            if !previous.isNaN, t > previous { steps.append(t - previous) }
            previous = t
        }
        guard !steps.isEmpty else { return 2 }
        return max(2, 5 * QuickSelect.value(atRank: steps.count / 2, in: &steps))
    }

    /// For each point, whether it belongs to the longest subsequence of timed points whose times
    /// never decrease (points without a time: true). Patience sorting with predecessor links, in
    /// O(n log n); among subsequences of equal length the one ending earliest is kept.
    static func longestRunInTimeOrder(_ time: [Double]) -> [Bool] {
        var keep = [Bool](repeating: true, count: time.count)
        var tails: [Int] = []                      // tails[k]: index ending the best subsequence of length k + 1
        var previous = [Int](repeating: -1, count: time.count)
        var timed = 0
        for i in time.indices where !time[i].isNaN {
            timed += 1
            // The first length whose tail is later than time[i] (ties extend: non-decreasing).
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if time[tails[middle]] <= time[i] { low = middle + 1 } else { high = middle }
            }
            previous[i] = low > 0 ? tails[low - 1] : -1
            if low == tails.count { tails.append(i) } else { tails[low] = i }
        }
        guard tails.count < timed else { return keep }
        for i in time.indices where !time[i].isNaN { keep[i] = false }
        var i = tails.last ?? -1
        while i >= 0 { keep[i] = true; i = previous[i] }
        return keep
    }

    /// A kept point whose time repeats the previous kept point's, with points left out between
    /// them, is part of the disorder (a block of times running backwards ends on the time before
    /// it): left out too, so no distance is covered in no time.
    static func leaveOutRepeatedTimesAfterDisorder(_ keep: inout [Bool], _ time: [Double]) {
        var previous: Int?
        for i in time.indices where keep[i] && !time[i].isNaN {
            if let p = previous, time[i] == time[p], (p + 1..<i).contains(where: { !keep[$0] }) {
                keep[i] = false
                continue
            }
            previous = i
        }
    }

    /// More than this between two consecutive times of a segment is not a pause of one activity
    /// but a clock that was wrong (a first fix dated 2000, a last one a week late).
    package static let farOffGapSeconds = 86_400.0

    /// A group of at most this many points a day or more from the rest is a wrong clock; a larger
    /// one is a recording of its own (a logger that records for weeks: gpsbabel-dg100.gpx holds
    /// 322 points from 83 days after the first 11,705, in one segment) and stays.
    package static let farOffMaximumPoints = 3

    /// The kept timed points cut into blocks at gaps over ``farOffGapSeconds``: the blocks of at
    /// most ``farOffMaximumPoints`` points, apart from the block with the most points, are far off.
    static func farOffTimes(_ time: [Double], kept: [Bool]) -> [Bool] {
        var farOff = [Bool](repeating: false, count: time.count)
        var blocks: [[Int]] = []
        var last: Double?
        for i in time.indices where kept[i] && !time[i].isNaN {
            if let l = last, time[i] - l <= Self.farOffGapSeconds { blocks[blocks.count - 1].append(i) } else { blocks.append([i]) }
            last = time[i]
        }
        guard blocks.count > 1, let main = blocks.indices.max(by: { blocks[$0].count < blocks[$1].count || (blocks[$0].count == blocks[$1].count && $0 > $1) })
        else { return farOff }
        for (k, block) in blocks.enumerated() where k != main && block.count <= Self.farOffMaximumPoints {
            for i in block { farOff[i] = true }
        }
        return farOff
    }

    /// Whether rules 3 or 4 would change any point.
    private static func hasDuplicatesOrBackwardTimes(_ p: PointColumns) -> Bool {
        var newestTime = -Double.infinity
        for i in 0..<p.count {
            if i > 0, p.latitude[i] == p.latitude[i - 1], p.longitude[i] == p.longitude[i - 1],
               p.time[i] == p.time[i - 1] || (p.time[i].isNaN && p.time[i - 1].isNaN) {
                return true
            }
            let t = p.time[i]
            if !t.isNaN {
                if t < newestTime || t - newestTime > Self.farOffGapSeconds && newestTime > -Double.infinity { return true }
                newestTime = t
            }
        }
        return false
    }

    /// Rules 5 and 6 on a prepared segment: spikes and jumps, judged by speed against the sport's ceiling.
    /// - Complexity: O(n) (the median speed in expected linear time).
    package func clean(_ prepared: PreparedSegment) -> Result {
        let kept = prepared.points, keptIndex = prepared.sourceIndex, steps = prepared.steps, location = prepared.location
        var report = prepared.report
        let limit = speedLimit(kept, steps)
        // Most segments have no implausible interval: one piece, no copy.
        var anyFast = false
        for k in 1..<max(kept.count, 1) {
            if let v = speed(steps[k], kept.time[k - 1], kept.time[k]), v > limit { anyFast = true; break }
        }
        if !anyFast { return Result(pieces: [CleanPiece(points: kept, steps: steps)], report: report) }
        var pieces: [CleanPiece] = []
        var piece = CleanPiece()
        var lastTaken = -1   // index in `kept` of the piece's last point
        var fastRun = 0      // consecutive fast intervals kept so far
        var i = 0
        while i < kept.count {
            if piece.points.isEmpty {
                piece.append(from: kept, at: i, step: 0)
                lastTaken = i
                i += 1
                continue
            }
            let stepIn = lastTaken == i - 1 ? steps[i] : distance(kept, lastTaken, kept, i)
            guard let speedIn = speed(stepIn, kept.time[lastTaken], kept.time[i]), speedIn > limit else {
                fastRun = 0
                piece.append(from: kept, at: i, step: stepIn)
                lastTaken = i
                i += 1
                continue
            }
            let speedOut = i + 1 < kept.count ? speed(steps[i + 1], kept.time[i], kept.time[i + 1]) : nil
            if let speedOut, speedOut > limit,
               let across = speed(distance(kept, lastTaken, kept, i + 1), kept.time[lastTaken], kept.time[i + 1]), across <= limit {
                report.note(.spikes, at: "\(location), point \(keptIndex[i] + 1)", time: kept.time[i])
                i += 1
                continue
            }
            if fastRun == 0 {
                // A short run of fast intervals (fewer than a sustained stretch) that stays too fast
                // averaged with the intervals around it is a jump: each of its intervals is a gap.
                let run = fastIntervals(from: i, kept, steps, limit: limit)
                if run < Self.sustainedFastIntervals, isImplausibleWithNeighbours(piece, kept, steps, lastTaken, i, count: run, limit: limit) {
                    report.note(.jumps, at: "\(location), before point \(keptIndex[i] + 1)", time: kept.time[i])
                    for k in i..<(i + run) {
                        pieces.append(piece)
                        piece = CleanPiece()
                        piece.append(from: kept, at: k, step: 0)
                        lastTaken = k
                    }
                    i += run
                    continue
                }
            }
            if speedIn > Self.fastestTravelMetersPerSecond, stepIn > Self.fastestTravelMetersPerSecond * Self.clockResolutionSeconds {
                // No travel is this fast, even with the times a second off (repaired times can be
                // a fraction of a second apart): a jump, even inside a sustained stretch.
                report.note(.jumps, at: "\(location), before point \(keptIndex[i] + 1)", time: kept.time[i])
                pieces.append(piece)
                piece = CleanPiece()
                piece.append(from: kept, at: i, step: 0)
                lastTaken = i
                fastRun = 0
                i += 1
                continue
            }
            fastRun += 1   // kept: a sustained stretch is reported by FastStretches
            piece.append(from: kept, at: i, step: stepIn)
            lastTaken = i
            i += 1
        }
        if !piece.points.isEmpty || pieces.isEmpty { pieces.append(piece) }
        return Result(pieces: pieces, report: report)
    }

    /// How many consecutive intervals from the one into point `i` are implausibly fast (at least
    /// 1: that one is), counting up to a sustained stretch.
    private func fastIntervals(from i: Int, _ kept: PointColumns, _ steps: [Double], limit: Double) -> Int {
        var count = 1
        while count < Self.sustainedFastIntervals, i + count < kept.count,
              let v = speed(steps[i + count], kept.time[i + count - 1], kept.time[i + count]), v > limit {
            count += 1
        }
        return count
    }

    /// Whether the `count` intervals from the one into point `i` are still too fast when averaged
    /// with the interval before them and the one after.
    private func isImplausibleWithNeighbours(_ piece: CleanPiece, _ kept: PointColumns, _ steps: [Double], _ lastTaken: Int,
                                             _ i: Int, count: Int, limit: Double) -> Bool {
        let hasBefore = piece.points.count >= 2
        let before = hasBefore ? piece.steps[piece.steps.count - 1] : 0
        let fromTime = hasBefore ? piece.points.time[piece.points.count - 2] : kept.time[lastTaken]
        var run = lastTaken == i - 1 ? steps[i] : distance(kept, lastTaken, kept, i)
        for k in (i + 1)..<(i + count) { run += steps[k] }
        let end = i + count - 1
        let after = end + 1 < kept.count ? steps[end + 1] : 0
        let toTime = end + 1 < kept.count ? kept.time[end + 1] : kept.time[end]
        let seconds = toTime - fromTime
        guard seconds > 0 else { return true }
        // A jump stands out from its neighbours: when an interval next to it is at least half as
        // fast, the two are travel at one speed (a ride between two runs), not a fix gone wrong.
        let runSeconds = kept.time[end] - kept.time[lastTaken]
        if runSeconds > 0 {
            let runSpeed = run / runSeconds
            let beforeSpeed = hasBefore ? speed(before, fromTime, kept.time[lastTaken]) : nil
            let afterSpeed = end + 1 < kept.count ? speed(after, kept.time[end], toTime) : nil
            if [beforeSpeed, afterSpeed].contains(where: { ($0 ?? 0) * 2 >= runSpeed }) { return false }
        }
        // Two fast intervals in a row may be a short burst of real travel (a ride between two
        // runs); they are a jump only when clearly beyond it: twice the limit on average.
        return (before + run + after) / seconds > (count == 1 ? limit : 2 * limit)
    }

    /// The speed above which an interval is implausible for this segment.
    private func speedLimit(_ p: PointColumns, _ steps: [Double]) -> Double {
        var speeds: [Double] = []
        speeds.reserveCapacity(p.count)
        for i in 1..<max(p.count, 1) {
            if let v = speed(steps[i], p.time[i - 1], p.time[i]), v > 0 { speeds.append(v) }
        }
        guard !speeds.isEmpty else { return speedCeilingMetersPerSecond }
        return min(max(speedCeilingMetersPerSecond, 4 * QuickSelect.value(atRank: speeds.count / 2, in: &speeds)),
                   Self.fastestTravelMetersPerSecond)
    }

    /// Speed over a step; nil without a positive time step — except that two points with one time
    /// are less than the clock's resolution apart (a second at most, for whole-second times), so a
    /// step longer than ``fastestTravelMetersPerSecond`` covers in a second is no travel at all
    /// (55 km between two points with one time): its speed is at least that.
    private func speed(_ meters: Double, _ from: Double, _ to: Double) -> Double? {
        let dt = to - from
        if dt > 0 { return meters / dt }
        if dt == 0, meters > Self.fastestTravelMetersPerSecond * Self.clockResolutionSeconds { return meters / Self.clockResolutionSeconds }
        return nil
    }

    /// The coarsest resolution of the times in a track: whole seconds.
    static let clockResolutionSeconds = 1.0

    private func distance(_ a: PointColumns, _ i: Int, _ b: PointColumns, _ j: Int) -> Double {
        Self.distance(a, i, b, j)
    }

    private static func distance(_ a: PointColumns, _ i: Int, _ b: PointColumns, _ j: Int) -> Double {
        geodesic.fastDistanceMeters(latitude1: a.latitude[i], longitude1: a.longitude[i],
                                    latitude2: b.latitude[j], longitude2: b.longitude[j])
    }
}

/// A clean piece of a segment: its points, and each point's distance from the previous one.
package struct CleanPiece: Sendable {
    package var points = PointColumns()
    /// Metres from the previous point of the piece (0 for the first).
    package var steps: [Double] = []

    init() {}

    init(points: PointColumns, steps: [Double]) {
        self.points = points
        self.steps = steps
    }

    mutating func append(from other: PointColumns, at index: Int, step: Double) {
        points.append(from: other, at: index)
        steps.append(step)
    }
}
