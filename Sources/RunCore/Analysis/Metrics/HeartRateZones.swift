/// Time in each of five heart-rate zones, from the zone bounds in ``AnalysisParameters``.
package struct HeartRateZoneTimes: Sendable, Hashable, Codable {
    /// Lower bound of each zone in bpm (zone 1 first).
    package var lowerBoundsBPM: [Double]
    /// Seconds in zones 1…5.
    package var secondsInZone: [Double]
    /// Seconds with a heart rate below zone 1.
    package var secondsBelowZones: Double

    package init(lowerBoundsBPM: [Double], secondsInZone: [Double], secondsBelowZones: Double) {
        self.lowerBoundsBPM = lowerBoundsBPM
        self.secondsInZone = secondsInZone
        self.secondsBelowZones = secondsBelowZones
    }

    /// Each interval within a piece with a positive duration and a heart rate counts with its
    /// duration in the zone of its heart rate (the mean of its ends, as for the average); holes in
    /// the recording (``Timeline/recordingGapSeconds``) count in no zone.
    /// - Returns: nil when the run has no heart rate with times.
    /// - Complexity: O(n).
    package static func compute(_ timeline: Timeline, parameters: AnalysisParameters) -> HeartRateZoneTimes? {
        let bounds = parameters.heartRateZoneLowerBounds.map { $0 * parameters.maximumHeartRateBPM }
        var zones = [Double](repeating: 0, count: bounds.count)
        var below = 0.0
        var any = false
        let t = timeline.points.time, hr = timeline.points.heartRate
        for piece in timeline.pieces {
            var previous: Int?
            for i in piece where !t[i].isNaN {
                defer { previous = i }
                guard let p = previous, let mean = WeightedAverage.intervalValue(hr[p], hr[i]) else { continue }
                let dt = t[i] - t[p]
                guard dt > 0, dt <= timeline.recordingGapSeconds else { continue }
                any = true
                if let zone = bounds.lastIndex(where: { mean >= $0 }) { zones[zone] += dt } else { below += dt }
            }
        }
        return any ? HeartRateZoneTimes(lowerBoundsBPM: bounds, secondsInZone: zones, secondsBelowZones: below) : nil
    }
}
