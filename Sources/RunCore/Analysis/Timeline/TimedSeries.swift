/// The points of a timeline that have a time, as contiguous columns: what every time-based method
/// (splits, best efforts) walks. Times are non-decreasing; distances are the timeline's cumulative
/// distances at those points.
package struct TimedSeries: Sendable {
    /// Index of each timed point in the timeline.
    package let indices: [Int]
    package let time: [Double]
    package let distance: [Double]
    /// The timeline's distance at each point when fast stretches are paused (then ``distance``
    /// leaves them out); nil otherwise.
    private let timelineDistance: [Double]?

    /// - Parameter pausingFastStretches: the distance does not grow over the intervals of the
    ///   timeline's fast stretches (travel by other means: a pause for best efforts).
    package init(_ timeline: Timeline, pausingFastStretches: Bool = false) {
        let fast = timeline.fastStretches.intervalIsFast
        let pauses = pausingFastStretches && !timeline.fastStretches.isEmpty
        var paused = 0.0
        var indices: [Int] = [], time: [Double] = [], distance: [Double] = [], timelineDistance: [Double] = []
        indices.reserveCapacity(timeline.count)
        time.reserveCapacity(timeline.count)
        distance.reserveCapacity(timeline.count)
        for i in 0..<timeline.count {
            if pauses, i > 0, fast[i] { paused += timeline.distance[i] - timeline.distance[i - 1] }
            guard !timeline.points.time[i].isNaN else { continue }
            indices.append(i)
            time.append(timeline.points.time[i])
            distance.append(timeline.distance[i] - paused)
            if pauses { timelineDistance.append(timeline.distance[i]) }
        }
        self.indices = indices
        self.time = time
        self.distance = distance
        self.timelineDistance = pauses ? timelineDistance : nil
    }

    /// The timeline's cumulative distance at the series' first point.
    package var startTimelineDistance: Double { timelineDistance?.first ?? distance.first ?? 0 }

    /// The timeline's cumulative distance where this series' distance is `x` (the same unless
    /// fast stretches are paused; a place inside a paused stretch is its end).
    /// - Complexity: O(log n).
    package func timelineDistance(at x: Double) -> Double {
        guard let timelineDistance, !distance.isEmpty else { return x }
        var low = 0, high = distance.count   // the first index whose distance is above x
        while low < high {
            let middle = (low + high) / 2
            if distance[middle] <= x { low = middle + 1 } else { high = middle }
        }
        let k = max(0, low - 1)
        return x + (timelineDistance[k] - distance[k])
    }

    package var count: Int { indices.count }
}
