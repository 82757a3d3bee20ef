/// Which intervals of a timeline are moving.
///
/// Rule: within a piece, consecutive intervals slower than the moving-speed threshold that together
/// last at least the minimum stop are a stop; every other interval with a positive duration is
/// moving. Intervals of zero duration (repeated timestamps) add distance but no time. The time
/// between pieces (pauses between segments, jumps) is never moving. Moving time ≤ elapsed time always.
package enum MovingTime {
    /// `moving[i]` tells whether the interval from point i−1 to point i is moving time (false for
    /// the first point of each piece and for points without time).
    /// - Complexity: O(n).
    package static func movingIntervals(_ timeline: Timeline, parameters: AnalysisParameters) -> [Bool] {
        var moving = [Bool](repeating: false, count: timeline.count)
        let t = timeline.points.time, d = timeline.distance
        for piece in timeline.pieces {
            var slowStart: Int?          // first interval (end index) of the current slow stretch
            var slowSeconds = 0.0
            var previousTimed: Int?
            func closeSlowStretch(before end: Int) {
                guard let start = slowStart else { return }
                if slowSeconds < parameters.minimumStopSeconds {
                    for k in start..<end where !t[k].isNaN { moving[k] = true }
                }
                slowStart = nil
                slowSeconds = 0
            }
            for i in piece {
                guard !t[i].isNaN else { continue }
                defer { previousTimed = i }
                guard let p = previousTimed else { continue }
                let dt = t[i] - t[p]
                guard dt > 0 else { continue }
                if (d[i] - d[p]) / dt < parameters.movingSpeedThresholdMetersPerSecond {
                    if slowStart == nil { slowStart = i }
                    slowSeconds += dt
                } else {
                    closeSlowStretch(before: i)
                    moving[i] = true
                }
            }
            closeSlowStretch(before: piece.upperBound)
        }
        return moving
    }

    /// The duration of interval i (from the previous timed point of the same piece), 0 if none.
    static func intervalSeconds(_ timeline: Timeline, _ i: Int, previous: Int?) -> Double {
        guard let previous else { return 0 }
        return max(0, timeline.points.time[i] - timeline.points.time[previous])
    }
}
