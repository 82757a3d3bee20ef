/// Builds a ``Timeline`` from track points streamed one at a time: each segment is collected as
/// columns, cleaned (``SegmentCleaner``) when it ends, and only its clean pieces are kept.
public struct TimelineBuilder: Sendable {
    public let parameters: AnalysisParameters
    private let cleaner: SegmentCleaner
    private var current = PointColumns()
    private var pieces: [CleanPiece] = []
    private var report = CleanupReport()
    private var trackCount = 0
    private var segmentCount = 0
    private var segmentInTrack = 0
    private var pointCount = 0

    public init(parameters: AnalysisParameters) {
        self.parameters = parameters
        cleaner = SegmentCleaner(maximumPlausibleSpeedMetersPerSecond: parameters.maximumPlausibleSpeedMetersPerSecond)
    }

    public mutating func beginTrack() {
        trackCount += 1
        segmentInTrack = 0
    }

    public mutating func beginSegment() {
        segmentCount += 1
        segmentInTrack += 1
        current.removeAll()
    }

    /// - Complexity: amortised O(1).
    public mutating func add(_ point: TrackPoint) {
        pointCount += 1
        current.append(point)
    }

    public mutating func endSegment() {
        guard !current.isEmpty else { return }
        let result = cleaner.clean(current, location: "track \(max(trackCount, 1)), segment \(max(segmentInTrack, 1))")
        report.merge(result.report)
        pieces += result.pieces.filter { !$0.points.isEmpty }
        current.removeAll()
    }

    /// The timeline of an activity's tracks: every segment's points added in order.
    /// - Complexity: as ``finish()``.
    public static func timeline(of activity: Activity, parameters: AnalysisParameters) -> Timeline {
        var builder = TimelineBuilder(parameters: parameters)
        for track in activity.tracks {
            builder.beginTrack()
            for segment in track.segments {
                builder.beginSegment()
                for point in segment.points { builder.add(point) }
                builder.endSegment()
            }
        }
        return builder.finish()
    }

    /// The timeline of everything added.
    /// - Complexity: O(n · w) for the elevation filter, O(n) otherwise.
    public func finish() -> Timeline {
        var timeline = Timeline()
        timeline.trackCount = trackCount
        timeline.segmentCount = segmentCount
        timeline.sourcePointCount = pointCount
        timeline.cleanup = report
        // Pieces by start time (stable), pieces without times last.
        let order = pieces.indices.sorted { a, b in
            let ta = pieces[a].points.time.first(where: { !$0.isNaN }), tb = pieces[b].points.time.first(where: { !$0.isNaN })
            switch (ta, tb) {
            case let (x?, y?): return x < y || (x == y && a < b)
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a < b
            }
        }
        let total = pieces.reduce(0) { $0 + $1.points.count }
        timeline.points.reserveCapacity(total)
        timeline.distance.reserveCapacity(total)
        timeline.distance3D.reserveCapacity(total)
        var distance = 0.0, distance3D = 0.0, newest = -Double.infinity
        for index in order {
            let piece = pieces[index].points
            let steps = pieces[index].steps
            timeline.pieceStarts.append(timeline.count)
            var times = piece.time
            // Pieces that overlap an earlier one in time lose the overlapping times (distance stays).
            for k in times.indices where !times[k].isNaN {
                if times[k] < newest {
                    timeline.cleanup.note(.timeBackwards, at: "a segment overlapping another in time", time: times[k])
                    times[k] = .nan
                } else {
                    newest = times[k]
                }
            }
            let smoothed = RunningMedian.filter(piece.elevation, times: times,
                                                halfWindowSeconds: parameters.elevationMedianHalfWindowSeconds)
            for k in 0..<piece.count {
                if k > 0 {
                    let d = steps[k]
                    distance += d
                    let dh = smoothed[k] - smoothed[k - 1]   // smoothed: a spike is no climb
                    distance3D += dh.isNaN ? d : (d * d + dh * dh).squareRoot()
                }
                timeline.distance.append(distance)
                timeline.distance3D.append(distance3D)
            }
            timeline.points.append(contentsOf: piece, times: times)
            timeline.smoothedElevation += smoothed
        }
        timeline.recordingGapSeconds = Timeline.recordingGapSeconds(times: timeline.points.time, pieces: timeline.pieces)
        timeline.fastStretches = FastStretches(timeline, plausibleSpeedMetersPerSecond: parameters.maximumPlausibleSpeedMetersPerSecond)
        for stretch in timeline.fastStretches.stretches {
            let from = timeline.distance[stretch.lowerBound], to = timeline.distance[stretch.upperBound]
            let place = "km " + kilometres(from) + "–" + kilometres(to)
            timeline.cleanup.note(.fastStretches, at: place, time: timeline.points.time[stretch.lowerBound])
        }
        return timeline
    }

    /// `5.40`: metres as kilometres with two decimals (the report's places are English).
    private func kilometres(_ meters: Double) -> String {
        let hundredths = Int((meters / 10).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
