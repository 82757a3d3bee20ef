/// Builds a ``Timeline`` from track points streamed one at a time: each segment is collected as
/// columns and prepared when it ends (``SegmentCleaner/prepare(_:location:)``: clocks and
/// duplicates, which do not depend on the sport); ``finish()`` then settles the sport — given, or
/// inferred from the file's evidence and the prepared points' speeds (``SportInference``) —, and
/// cleans every segment with its ceiling.
package struct TimelineBuilder: Sendable {
    /// How the sport, and with it the parameters, is settled.
    package enum SportChoice: Sendable {
        /// These parameters (tests, the map of a stored run, a live recording).
        case fixed(AnalysisParameters)
        /// The runner's sport, with their preferences.
        case chosen(Sport, AnalysisPreferences)
        /// Inferred from what the file says and how it moves, with the runner's preferences.
        case inferred(SportEvidence, AnalysisPreferences)
    }

    private let choice: SportChoice
    /// The device or app that wrote the file (GPX `creator`): a hint of its elevation source.
    private let device: String?
    private var current = PointColumns()
    private var prepared: [SegmentCleaner.PreparedSegment] = []
    private var trackCount = 0
    private var segmentCount = 0
    private var segmentInTrack = 0
    private var pointCount = 0

    package init(parameters: AnalysisParameters, device: String? = nil) {
        choice = .fixed(parameters)
        self.device = device
    }

    /// - Parameter device: the device or app that wrote the file (GPX `creator`), a hint of its
    ///   elevation source (``ElevationSource/hint(creator:)``).
    package init(sport: SportChoice, device: String? = nil) {
        choice = sport
        self.device = device
    }

    package mutating func beginTrack() {
        trackCount += 1
        segmentInTrack = 0
    }

    package mutating func beginSegment() {
        segmentCount += 1
        segmentInTrack += 1
        current.removeAll()
    }

    /// - Complexity: amortised O(1).
    package mutating func add(_ point: TrackPoint) {
        pointCount += 1
        current.append(point)
    }

    /// Adds a segment's points at once.
    package mutating func add(contentsOf points: [TrackPoint]) {
        pointCount += points.count
        current.append(contentsOf: points)
    }

    package mutating func endSegment() {
        guard !current.isEmpty else { return }
        let points = current
        current = PointColumns()
        prepared.append(SegmentCleaner.prepare(points, location: "track \(max(trackCount, 1)), segment \(max(segmentInTrack, 1))"))
    }

    /// The timeline of an activity's tracks: every segment's points added in order.
    /// - Complexity: as ``finish()``.
    package static func timeline(of activity: Activity, sport: SportChoice) -> Timeline {
        var builder = TimelineBuilder(sport: sport, device: activity.creator)
        for track in activity.tracks {
            builder.beginTrack()
            for segment in track.segments {
                builder.beginSegment()
                builder.add(contentsOf: segment.points)
                builder.endSegment()
            }
        }
        return builder.finish()
    }

    /// The timeline of an activity's tracks with these parameters.
    package static func timeline(of activity: Activity, parameters: AnalysisParameters) -> Timeline {
        timeline(of: activity, sport: .fixed(parameters))
    }

    /// The sport and the parameters for what was added.
    private func settle(_ choice: SportChoice, motion: MotionStatistics) -> (SportInference, AnalysisParameters) {
        switch choice {
        case .fixed(let parameters):
            return (.chosen(parameters.sport), parameters)
        case .chosen(let sport, let preferences):
            return (.chosen(sport), AnalysisParameters(sport: sport, preferences: preferences))
        case .inferred(let evidence, let preferences):
            let inference = SportInference.infer(evidence, motion: motion)
            return (inference, AnalysisParameters(sport: inference.sport, preferences: preferences))
        }
    }

    /// The timeline of everything added.
    /// - Complexity: O(n · w) for the elevation filter, O(n) otherwise.
    /// - Parameters:
    ///   - sport: how to settle the sport, when not as given at the start (a streaming reader knows
    ///     the file's names only at its end).
    ///   - device: likewise, the device or app that wrote the file.
    package func finish(sport choice: SportChoice? = nil, device: String? = nil) -> Timeline {
        // Each point's distance from the previous, every segment at once; then how the file moves.
        let prepared = SegmentCleaner.measureSteps(self.prepared)
        var motion = MotionStatistics()
        for segment in prepared { motion.add(times: segment.points.time, steps: segment.steps) }
        let (sport, parameters) = settle(choice ?? self.choice, motion: motion)
        var timeline = Timeline()
        timeline.sport = sport
        timeline.parameters = parameters
        timeline.motion = motion
        timeline.trackCount = trackCount
        timeline.segmentCount = segmentCount
        timeline.sourcePointCount = pointCount
        let cleaner = SegmentCleaner(speedCeilingMetersPerSecond: parameters.speedCeilingMetersPerSecond)
        var pieces: [CleanPiece] = []
        for segment in prepared {
            let result = cleaner.clean(segment)
            timeline.cleanup.merge(result.report)
            pieces += result.pieces.filter { !$0.points.isEmpty }
        }
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
        var distance = 0.0, newest = -Double.infinity
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
            for k in 0..<piece.count {
                if k > 0 { distance += steps[k] }
                timeline.distance.append(distance)
            }
            timeline.points.append(contentsOf: piece, times: times)
        }
        // Elevation: its source told, smoothed and counted as the source needs; 3D distance from it.
        (timeline.elevation, timeline.smoothedElevation) = ElevationProfiler.profile(
            pieces: timeline.pieces, times: timeline.points.time, distances: timeline.distance, elevations: timeline.points.elevation,
            creator: device ?? self.device,
            legacy: (parameters.elevationMedianHalfWindowSeconds, parameters.elevationDeadBandMeters))
        // Elevations no place on Earth has are left out of the profile: say so.
        if let first = timeline.elevation.firstOutOfRange {
            timeline.cleanup.note(.elevationOutOfRange, count: timeline.elevation.outOfRangeCount,
                                  at: "first at km " + kilometres(timeline.distance[first]), time: timeline.points.time[first])
        }
        var distance3D = 0.0
        for piece in timeline.pieces {
            for k in piece {
                if k > piece.lowerBound {
                    let d = timeline.distance[k] - timeline.distance[k - 1]
                    let dh = timeline.smoothedElevation[k] - timeline.smoothedElevation[k - 1]   // smoothed: a spike is no climb
                    distance3D += dh.isNaN ? d : (d * d + dh * dh).squareRoot()
                }
                timeline.distance3D.append(distance3D)
            }
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
