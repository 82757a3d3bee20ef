/// One split: a kilometre or a mile of the run (the last one partial).
package struct Split: Sendable, Hashable, Codable {
    /// 1-based.
    package var index: Int
    /// Length in metres (1000 or 1609.344; less for the last, partial split).
    package var distanceMeters: Double
    /// Clock time from the split's start to its end (pauses included), boundaries interpolated.
    package var elapsedTimeSeconds: Double
    /// The moving part of it (see ``MovingTime``).
    package var movingTimeSeconds: Double
    /// Elevation at the end minus at the start (smoothed elevation), metres; nil without elevations.
    package var elevationChangeMeters: Double?
    /// Time-weighted average heart rate within the split (nil when none was recorded in it; never
    /// drawn across a hole in the recording, ``Timeline/recordingGapSeconds``).
    package var averageHeartRateBPM: Double?
    /// True for the last split when it is shorter than the unit.
    package var isPartial: Bool

    package init(index: Int, distanceMeters: Double, elapsedTimeSeconds: Double, movingTimeSeconds: Double,
                 elevationChangeMeters: Double?, averageHeartRateBPM: Double?, isPartial: Bool) {
        self.index = index
        self.distanceMeters = distanceMeters
        self.elapsedTimeSeconds = elapsedTimeSeconds
        self.movingTimeSeconds = movingTimeSeconds
        self.elevationChangeMeters = elevationChangeMeters
        self.averageHeartRateBPM = averageHeartRateBPM
        self.isPartial = isPartial
    }

    /// Moving time per kilometre.
    package var paceSecondsPerKilometer: Double? {
        guard distanceMeters > 0, movingTimeSeconds > 0 else { return nil }
        return movingTimeSeconds / distanceMeters * 1000
    }
}

/// Splits at every whole unit of distance, the boundary interpolated between the two points around it.
package enum Splits {
    package static let kilometer = 1000.0
    /// The international mile (1959): 1609.344 m.
    package static let mile = 1609.344

    /// - Parameters:
    ///   - unitMeters: 1000 for kilometres, 1609.344 for miles.
    ///   - moving: from ``MovingTime/movingIntervals(_:parameters:)``.
    /// - Returns: the splits; empty without times. The last split is partial unless the run ends
    ///   exactly on a boundary (and omitted when shorter than 1 m).
    /// - Complexity: O(n).
    /// The most splits a run has: 10,000 (10,000 km; the longest single recordings, multi-week
    /// rides, stay well below). Beyond, none are computed (``ActivityAnalyzer`` notes it).
    package static let maximumCount = 10_000

    package static func compute(_ timeline: Timeline, series: TimedSeries, unitMeters: Double, moving: [Bool]) -> [Split] {
        let t = timeline.points.time, d = timeline.distance, e = timeline.smoothedElevation
        let hr = timeline.points.heartRate
        let timed = series.indices
        guard let first = timed.first, let end = timed.last, timed.count >= 2 else { return [] }
        // A distance of more splits than any activity has (damaged times and positions read
        // leniently: 100 years of scattered fixes) gets none, rather than unbounded work.
        guard (d[end] - d[first]) / unitMeters <= Double(maximumCount) else { return [] }
        var splits: [Split] = []
        var start = (distance: d[first], time: t[first], elevation: e[first])
        var moved = 0.0
        var heartSum = 0.0, heartWeight = 0.0
        var nextBoundary = d[first] + unitMeters

        func close(atDistance distance: Double, time: Double, elevation: Double, partial: Bool) {
            let change = (elevation.isNaN || start.elevation.isNaN) ? nil : elevation - start.elevation
            splits.append(Split(index: splits.count + 1, distanceMeters: distance - start.distance,
                                elapsedTimeSeconds: time - start.time, movingTimeSeconds: moved,
                                elevationChangeMeters: change, averageHeartRateBPM: heartWeight > 0 ? heartSum / heartWeight : nil,
                                isPartial: partial))
            start = (distance, time, elevation)
            moved = 0
            heartSum = 0
            heartWeight = 0
        }

        for k in 1..<timed.count {
            let a = timed[k - 1], b = timed[k]
            var fromFraction = 0.0
            let isMoving = moving[b]
            let dt = t[b] - t[a], dd = d[b] - d[a]
            // Across a hole in the recording the heart rate is unknown (as for the run's average).
            let heart = dt <= timeline.recordingGapSeconds ? WeightedAverage.intervalValue(hr[a], hr[b]) ?? .nan : .nan
            func account(to fraction: Double) {
                let seconds = dt * (fraction - fromFraction)
                if isMoving { moved += seconds }
                if !heart.isNaN { heartSum += heart * seconds; heartWeight += seconds }
                fromFraction = fraction
            }
            while dd > 0, d[b] >= nextBoundary {
                let f = (nextBoundary - d[a]) / dd
                account(to: f)
                let elevation = e[a].isNaN || e[b].isNaN ? Double.nan : e[a] + f * (e[b] - e[a])
                close(atDistance: nextBoundary, time: t[a] + f * dt, elevation: elevation, partial: false)
                nextBoundary += unitMeters
            }
            account(to: 1)
        }
        let last = timed[timed.count - 1]
        if d[last] - start.distance >= 1 {
            close(atDistance: d[last], time: t[last], elevation: e[last], partial: true)
        }
        return splits
    }
}
