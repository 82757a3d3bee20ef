/// Computes the numbers of a whole ``Activity``.
public enum ActivityAnalyzer {
    /// The summary of `activity`'s tracks and routes.
    /// - Complexity: O(n) in the number of points.
    public static func summarize(_ activity: Activity, parameters: AnalysisParameters = AnalysisParameters()) -> ActivitySummary {
        var accumulator = SummaryAccumulator(parameters: parameters)
        for track in activity.tracks {
            accumulator.beginTrack()
            for segment in track.segments {
                accumulator.beginSegment()
                for point in segment.points { accumulator.add(point) }
                accumulator.endSegment()
            }
        }
        accumulator.add(routes: activity.routes, waypointCount: activity.waypoints.count)
        return accumulator.result()
    }
}
