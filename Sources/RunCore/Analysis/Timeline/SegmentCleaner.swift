/// GPS clean-up of one track segment: what is left out of the numbers (and only of the numbers —
/// the stored original keeps everything), with a report of how many and where.
///
/// Rules, in order:
/// 1. **Timestamps that stand still**: 20 or more consecutive points within 1 ms of each other
///    (a logger whose clock stopped: gpxpy's Mojstrovka.gpx has 183) lose their times; their
///    positions still count as distance. Shorter runs are normal — loggers sampling faster than
///    they write times (../shared/cases/08; 3 fixes per second in Open GPX Tracker files) — and kept.
/// 2. **Duplicate points**: the same position and time as the previous point: left out.
/// 3. **Time going backwards**: a point older than the newest kept point: left out.
/// 4. **Spikes**: a point whose intervals to both neighbours are implausibly fast while the
///    neighbours' own interval is not (one fix that landed far away and came back, cases/17): left out.
/// 5. **Jumps**: an implausibly fast interval between two plausible ones that stays implausible
///    when averaged with them (a fix that landed far away and stayed, a signal found again far from
///    where it was lost): not distance; the segment is split there, so the jump is a gap. A fast
///    interval next to a stopped one (a logger that repeated a fix, then caught up) averages out
///    and is kept; so are sustained fast stretches (three or more fast intervals in a row: really
///    travelled, by other means than the sport's; reported).
///
/// "Implausibly fast" is faster than both the sport's plausible maximum and 4 × the segment's
/// median interval speed (so a car trip is judged against its own speed). GPXSee uses a similar
/// relative criterion (modified Z-score of acceleration); gpxpy drops intervals more than 1.5 σ
/// from the mean distance.
public struct SegmentCleaner: Sendable {
    public let maximumPlausibleSpeedMetersPerSecond: Double
    private let geodesic = Geodesic.wgs84

    /// Consecutive points with one timestamp from which the clock is taken to have stopped.
    public static let stoppedClockRun = 20
    /// Consecutive implausibly fast intervals from which a stretch is reported as travelled fast.
    public static let sustainedFastIntervals = 3

    public init(maximumPlausibleSpeedMetersPerSecond: Double) {
        self.maximumPlausibleSpeedMetersPerSecond = maximumPlausibleSpeedMetersPerSecond
    }

    /// What happened to the points of one segment.
    public struct Result: Sendable {
        /// Clean pieces of the segment (more than one when a jump split it).
        public var pieces: [PointColumns]
        public var report: CleanupReport
    }

    /// Cleans a segment.
    /// - Parameter location: describes the segment in messages ("track 1, segment 2").
    /// - Complexity: O(n log n) (the median speed).
    public func clean(_ input: PointColumns, location: String) -> Result {
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
        // 2 and 3. Duplicates and time going backwards.
        var kept = PointColumns()
        kept.reserveCapacity(n)
        var keptIndex: [Int] = []
        var newestTime = -Double.infinity
        for i in 0..<n {
            if let last = keptIndex.last, points.latitude[i] == points.latitude[last], points.longitude[i] == points.longitude[last],
               points.time[i] == points.time[last] || (points.time[i].isNaN && points.time[last].isNaN) {
                report.note(.duplicatePoints, at: "\(location), point \(i + 1)", time: points.time[i])
                continue
            }
            if !points.time[i].isNaN {
                if points.time[i] < newestTime {
                    report.note(.timeBackwards, at: "\(location), point \(i + 1)", time: points.time[i])
                    continue
                }
                newestTime = points.time[i]
            }
            kept.append(from: points, at: i)
            keptIndex.append(i)
        }
        // 4 and 5. Spikes and jumps, judged by speed.
        let limit = speedLimit(kept)
        var pieces: [PointColumns] = []
        var piece = PointColumns()
        var fastRun = 0   // consecutive fast intervals kept so far
        var i = 0
        while i < kept.count {
            if piece.isEmpty {
                piece.append(from: kept, at: i)
                i += 1
                continue
            }
            let last = piece.count - 1
            guard let speedIn = speed(piece, last, kept, i), speedIn > limit else {
                fastRun = 0
                piece.append(from: kept, at: i)
                i += 1
                continue
            }
            let speedOut = i + 1 < kept.count ? speed(kept, i, kept, i + 1) : nil
            if let speedOut, speedOut > limit, let across = speed(piece, last, kept, i + 1), across <= limit {
                report.note(.spikes, at: "\(location), point \(keptIndex[i] + 1)", time: kept.time[i])
                i += 1
                continue
            }
            if fastRun == 0, (speedOut ?? 0) <= limit, isImplausibleWithNeighbours(piece, kept, i, limit: limit) {
                report.note(.jumps, at: "\(location), before point \(keptIndex[i] + 1)", time: kept.time[i])
                pieces.append(piece)
                piece = PointColumns()
                continue
            }
            fastRun += 1
            if fastRun == Self.sustainedFastIntervals {
                report.note(.fastStretches, at: "\(location), from point \(keptIndex[i] + 2 - fastRun)", time: kept.time[i])
            }
            piece.append(from: kept, at: i)
            i += 1
        }
        if !piece.isEmpty || pieces.isEmpty { pieces.append(piece) }
        return Result(pieces: pieces, report: report)
    }

    /// Whether the interval into point `i` is still too fast when averaged with the intervals
    /// before and after it.
    private func isImplausibleWithNeighbours(_ piece: PointColumns, _ kept: PointColumns, _ i: Int, limit: Double) -> Bool {
        let last = piece.count - 1
        let from = max(0, last - 1)
        let to = min(kept.count - 1, i + 1)
        var distance = 0.0
        for k in from..<last {
            distance += geodesic.distanceMeters(latitude1: piece.latitude[k], longitude1: piece.longitude[k],
                                                latitude2: piece.latitude[k + 1], longitude2: piece.longitude[k + 1])
        }
        distance += geodesic.distanceMeters(latitude1: piece.latitude[last], longitude1: piece.longitude[last],
                                            latitude2: kept.latitude[i], longitude2: kept.longitude[i])
        if to > i {
            distance += geodesic.distanceMeters(latitude1: kept.latitude[i], longitude1: kept.longitude[i],
                                                latitude2: kept.latitude[to], longitude2: kept.longitude[to])
        }
        let seconds = kept.time[to] - piece.time[from]
        guard seconds > 0 else { return true }
        return distance / seconds > limit
    }

    /// The speed above which an interval is implausible for this segment.
    private func speedLimit(_ p: PointColumns) -> Double {
        var speeds: [Double] = []
        speeds.reserveCapacity(p.count)
        for i in 1..<max(p.count, 1) {
            if let v = speed(p, i - 1, p, i), v > 0 { speeds.append(v) }
        }
        guard !speeds.isEmpty else { return maximumPlausibleSpeedMetersPerSecond }
        speeds.sort()
        return max(maximumPlausibleSpeedMetersPerSecond, 4 * speeds[speeds.count / 2])
    }

    /// 2D speed from point `i` of `a` to point `j` of `b`; nil without a positive time step.
    private func speed(_ a: PointColumns, _ i: Int, _ b: PointColumns, _ j: Int) -> Double? {
        let dt = b.time[j] - a.time[i]
        guard dt > 0 else { return nil }
        return geodesic.distanceMeters(latitude1: a.latitude[i], longitude1: a.longitude[i],
                                       latitude2: b.latitude[j], longitude2: b.longitude[j]) / dt
    }
}
