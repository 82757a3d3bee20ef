/// A run's track as maps and charts draw it: the points after the GPS clean-up (the analysis'
/// ``RunCore/Timeline``, so the line and the numbers agree), their cumulative distance, smoothed
/// elevation, heart rate and moving intervals, and the waypoints.
package struct RunTrack: Sendable {
    /// The cleaned points' columns (NaN for absent values).
    package let points: PointColumns
    /// Cumulative 2D distance in metres at each point.
    package let distanceMeters: [Double]
    /// Running-median elevation in metres; NaN where unknown.
    package let elevationMeters: [Double]
    /// The pieces (segments, or parts split by the clean-up), as index ranges.
    package let pieces: [Range<Int>]
    /// `moving[i]`: whether the interval from point i−1 to i is moving time.
    package let moving: [Bool]
    package let waypoints: [Waypoint]
    /// The parameters the timeline was built with (its minimum stop decides what a pause is).
    package let parameters: AnalysisParameters

    /// Builds the track of an activity with the parameters its numbers were computed with.
    /// - Complexity: O(n) in the number of points (the analysis' clean-up and elevation filter).
    package init(activity: Activity, parameters: AnalysisParameters) {
        self.init(timeline: TimelineBuilder.timeline(of: activity, parameters: parameters), waypoints: activity.waypoints)
    }

    /// The track of a timeline already built (the analysis' own, at import), with the activity's waypoints.
    /// - Complexity: O(n) in the number of points (the moving intervals).
    package init(timeline: Timeline, waypoints: [Waypoint]) {
        points = timeline.points
        distanceMeters = timeline.distance
        elevationMeters = timeline.smoothedElevation
        pieces = timeline.pieces
        moving = MovingTime.movingIntervals(timeline, parameters: timeline.parameters)
        self.waypoints = waypoints
        parameters = timeline.parameters
    }

    package var count: Int { points.count }
    package var isEmpty: Bool { points.isEmpty }

    package func coordinate(at index: Int) -> Coordinate {
        Coordinate(latitude: points.latitude[index], longitude: points.longitude[index])
    }

    /// Every point's coordinate, in order.
    package var coordinates: [Coordinate] { (0..<count).map(coordinate(at:)) }

    /// Where the runner paused: the end of each piece followed by another (the device paused
    /// between segments), and the start of each stop within a piece (a stretch below the moving
    /// speed lasting at least the minimum stop: the intervals ``moving`` marks as not moving).
    /// - Returns: point indices, increasing.
    package var pauseIndices: [Int] {
        var result: [Int] = []
        for (k, piece) in pieces.enumerated() {
            var inStop = false
            for i in piece where i > piece.lowerBound && !points.time[i].isNaN {
                if !moving[i] && !inStop { result.append(i - 1) }
                inStop = !moving[i]
            }
            if k + 1 < pieces.count, !piece.isEmpty { result.append(piece.upperBound - 1) }
        }
        return result.sorted()
    }

    /// The first point at or past each whole unit of distance (each km or mile), with the unit's number.
    package func distanceMarks(every meters: Double) -> [(number: Int, index: Int)] {
        guard meters > 0, let total = distanceMeters.last else { return [] }
        var marks: [(Int, Int)] = []
        var next = 1
        for (i, d) in distanceMeters.enumerated() where d >= Double(next) * meters {
            marks.append((next, i))
            next = Int(d / meters) + 1
            if Double(next) * meters > total { break }
        }
        return marks
    }

    /// Pace in seconds per kilometre at each point, from the distance covered in a window of
    /// `windowSeconds` centred on it (NaN without times, or where the runner stood still or went
    /// slower than one hour per kilometre, as FitTrackee's chart leaves out).
    /// - Complexity: O(n): two pointers.
    package func paceSecondsPerKilometer(windowSeconds: Double = 30) -> [Double] {
        var pace = [Double](repeating: .nan, count: count)
        let t = points.time, d = distanceMeters
        for piece in pieces {
            let timed = piece.filter { !t[$0].isNaN }
            var low = 0, high = 0
            for (k, i) in timed.enumerated() {
                while t[i] - t[timed[low]] > windowSeconds / 2 { low += 1 }
                while high + 1 < timed.count && t[timed[high + 1]] - t[i] <= windowSeconds / 2 { high += 1 }
                // At least the neighbours on each side, for points farther apart than the window.
                let first = timed[min(low, max(0, k - 1))], last = timed[max(high, min(timed.count - 1, k + 1))]
                let dt = t[last] - t[first], dd = d[last] - d[first]
                guard dt > 0, dd > 0, moving[i] || i == piece.lowerBound else { continue }
                let value = dt / dd * 1000
                if value <= 3600 { pace[i] = value }
            }
        }
        return pace
    }
}
