/// The points of a timeline that have a time, as contiguous columns: what every time-based method
/// (splits, best efforts) walks. Times are non-decreasing; distances are the timeline's cumulative
/// distances at those points.
public struct TimedSeries: Sendable {
    /// Index of each timed point in the timeline.
    public let indices: [Int]
    public let time: [Double]
    public let distance: [Double]

    public init(_ timeline: Timeline) {
        var indices: [Int] = [], time: [Double] = [], distance: [Double] = []
        indices.reserveCapacity(timeline.count)
        time.reserveCapacity(timeline.count)
        distance.reserveCapacity(timeline.count)
        for i in 0..<timeline.count where !timeline.points.time[i].isNaN {
            indices.append(i)
            time.append(timeline.points.time[i])
            distance.append(timeline.distance[i])
        }
        self.indices = indices
        self.time = time
        self.distance = distance
    }

    public var count: Int { indices.count }
}
