/// The points of a timeline that have a time, as contiguous columns: what every time-based method
/// (splits, best efforts) walks. Times are non-decreasing; distances are the timeline's cumulative
/// distances at those points.
public struct TimedSeries: Sendable {
    /// Index of each timed point in the timeline.
    public let indices: [Int]
    public let time: [Double]
    public let distance: [Double]

    /// - Parameter pausingFastStretches: the distance does not grow over the intervals of the
    ///   timeline's fast stretches (travel by other means: a pause for best efforts).
    public init(_ timeline: Timeline, pausingFastStretches: Bool = false) {
        let fast = timeline.fastStretches.intervalIsFast
        let pauses = pausingFastStretches && !timeline.fastStretches.isEmpty
        var paused = 0.0
        var indices: [Int] = [], time: [Double] = [], distance: [Double] = []
        indices.reserveCapacity(timeline.count)
        time.reserveCapacity(timeline.count)
        distance.reserveCapacity(timeline.count)
        for i in 0..<timeline.count {
            if pauses, i > 0, fast[i] { paused += timeline.distance[i] - timeline.distance[i - 1] }
            guard !timeline.points.time[i].isNaN else { continue }
            indices.append(i)
            time.append(timeline.points.time[i])
            distance.append(timeline.distance[i] - paused)
        }
        self.indices = indices
        self.time = time
        self.distance = distance
    }

    public var count: Int { indices.count }
}
