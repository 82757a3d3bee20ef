/// A run's points after the GPS clean-up, as columns, in analysis order: the clean pieces of every
/// segment (ordered by start time; pieces without times last), with cumulative distances and the
/// smoothed elevation. Every number of a run is computed from its timeline.
public struct Timeline: Sendable {
    public var points = PointColumns()
    /// Cumulative 2D distance in metres (WGS84 geodesic); it does not grow across the gap between two pieces.
    public var distance: [Double] = []
    /// Cumulative 3D distance in metres: each step's √(2D² + Δh²) of the smoothed elevations, where both are known.
    public var distance3D: [Double] = []
    /// Elevation after the running median (``RunningMedian``); NaN where unknown.
    public var smoothedElevation: [Double] = []
    /// Index of the first point of each piece.
    public var pieceStarts: [Int] = []
    /// What the clean-up left out.
    public var cleanup = CleanupReport()
    /// Stretches travelled faster than the sport allows (kept as distance; pauses for best efforts
    /// and maximum speed).
    public var fastStretches = FastStretches(none: 0)
    /// Counts in the source, before the clean-up.
    public var trackCount = 0
    public var segmentCount = 0
    public var sourcePointCount = 0

    public init() {}

    public var count: Int { points.count }

    /// Index ranges of the pieces.
    public var pieces: [Range<Int>] {
        pieceStarts.enumerated().map { k, start in start..<(k + 1 < pieceStarts.count ? pieceStarts[k + 1] : count) }
    }

}
