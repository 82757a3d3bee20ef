/// A run's points after the GPS clean-up, as columns, in analysis order: the clean pieces of every
/// segment (ordered by start time; pieces without times last), with cumulative distances and the
/// smoothed elevation. Every number of a run is computed from its timeline.
package struct Timeline: Sendable {
    /// The sport the timeline was cleaned for, and how it was settled.
    package var sport = SportInference.chosen(.running)
    /// The parameters it was built with.
    package var parameters = AnalysisParameters()
    /// How the points moved before the speed-based clean-up (what the sport was told from).
    package var motion = MotionStatistics()
    package var points = PointColumns()
    /// Cumulative 2D distance in metres (WGS84 geodesic); it does not grow across the gap between two pieces.
    package var distance: [Double] = []
    /// Cumulative 3D distance in metres: each step's √(2D² + Δh²) of the smoothed elevations, where both are known.
    package var distance3D: [Double] = []
    /// Elevation smoothed as its source needs (``ElevationProfiler``); NaN where unknown.
    package var smoothedElevation: [Double] = []
    /// The elevation's source, roughness, dead band, gain and loss (``ElevationProfiler``).
    package var elevation = ElevationProfiler.Result.none
    /// Index of the first point of each piece.
    package var pieceStarts: [Int] = []
    /// What the clean-up left out.
    package var cleanup = CleanupReport()
    /// Stretches travelled faster than the sport allows (kept as distance; pauses for best efforts
    /// and maximum speed).
    package var fastStretches = FastStretches(none: 0)
    /// Intervals longer than this (seconds) are holes in the recording (a watch that lost its
    /// sensor, a phone app killed and restarted): no heart rate or cadence is assumed across them.
    /// See ``recordingGapSeconds(times:pieces:)``.
    package var recordingGapSeconds = Double.infinity
    /// Counts in the source, before the clean-up.
    package var trackCount = 0
    package var segmentCount = 0
    package var sourcePointCount = 0

    package init() {}

    package var count: Int { points.count }

    /// Index ranges of the pieces.
    package var pieces: [Range<Int>] {
        pieceStarts.enumerated().map { k, start in start..<(k + 1 < pieceStarts.count ? pieceStarts[k + 1] : count) }
    }


    /// Shortest interval that is a hole in the recording: 5 sampling intervals (the median step
    /// between timed points) and at least 30 s. Devices that record "smartly" (Garmin's smart
    /// recording, phones saving power) space points by up to 10–20 s while running steadily,
    /// which stays below it; an 18-minute hole is far above.
    /// - Complexity: O(n).
    package static func recordingGapSeconds(times: [Double], pieces: [Range<Int>]) -> Double {
        var steps: [Double] = []
        steps.reserveCapacity(times.count)
        for piece in pieces {
            var previous = Double.nan
            for i in piece where !times[i].isNaN {
                if !previous.isNaN, times[i] > previous { steps.append(times[i] - previous) }
                previous = times[i]
            }
        }
        guard !steps.isEmpty else { return .infinity }
        return max(30, 5 * QuickSelect.value(atRank: steps.count / 2, in: &steps))
    }
}
