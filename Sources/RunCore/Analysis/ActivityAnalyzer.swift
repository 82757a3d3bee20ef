/// Computes the numbers of a run from its timeline: the one place where the methods come together.
package enum ActivityAnalyzer {
    /// The full analysis of an activity: with `parameters` when given (their sport is taken as
    /// chosen), else with the runner's `preferences` for the sport the file states or that is
    /// inferred (``SportInference``), or for `sport` when the runner chose one.
    /// - Parameter fileName: the file's name, evidence for the sport ("Morning Swim.gpx").
    /// - Complexity: O(n) in the number of points (O(n · w) for the elevation filter window w).
    package static func analyze(_ activity: Activity, parameters: AnalysisParameters? = nil,
                               preferences: AnalysisPreferences = AnalysisPreferences(), sport: Sport? = nil,
                               fileName: String? = nil) -> RunAnalysis {
        analyzeKeepingTimeline(activity, parameters: parameters, preferences: preferences, sport: sport, fileName: fileName).analysis
    }

    /// ``analyze(_:parameters:preferences:sport:fileName:)`` with the timeline it measured, and
    /// whether that is the timeline of the activity's routes (a file of routes only).
    static func analyzeKeepingTimeline(_ activity: Activity, parameters: AnalysisParameters?, preferences: AnalysisPreferences,
                                       sport: Sport?, fileName: String?) -> (analysis: RunAnalysis, timeline: Timeline, ofRoutes: Bool) {
        let choice: TimelineBuilder.SportChoice
        if let parameters { choice = .fixed(parameters) } else if let sport { choice = .chosen(sport, preferences) } else {
            choice = .inferred(SportEvidence(activity: activity, fileName: fileName), preferences)
        }
        var routes = RouteTotals()
        for route in activity.routes {
            routes.beginRoute()
            route.points.forEach { routes.add($0) }
            routes.routeCount += 1
        }
        // A file of routes only: its numbers are the routes' (length, 3D length, climb, bounds).
        let routesOnly = activity.trackPointCount == 0 && activity.routePointCount > 0
        let timeline = TimelineBuilder.timeline(of: routesOnly ? activity.routesAsTracks : activity, sport: choice)
        var analysis = analyze(timeline, routes: routes, waypointCount: activity.waypoints.count, isDeviceSession: activity.format != .gpx)
        if routesOnly { analysis.summary.countingRoutesOnly(trackCount: activity.tracks.count) }
        RecordsWithoutPosition.complete(&analysis.summary, activity: activity)
        IndoorActivity.apply(&analysis, activity: activity)
        return (analysis, timeline, routesOnly)
    }

    /// The headline numbers only.
    package static func summarize(_ activity: Activity, parameters: AnalysisParameters? = nil) -> ActivitySummary {
        analyze(activity, parameters: parameters).summary
    }

    /// The full analysis of a timeline (for streaming readers that build one).
    /// - Parameter isDeviceSession: the timeline is a session a device recorded (FIT, TCX), never
    ///   split by gaps: a long gap is said as such, not as a reason to split.
    package static func analyze(_ timeline: Timeline, routes: RouteTotals, waypointCount: Int, isDeviceSession: Bool = false) -> RunAnalysis {
        let parameters = timeline.parameters
        var s = ActivitySummary()
        s.parameters = parameters
        s.sport = parameters.sport
        s.sportSource = timeline.sport.basis
        s.sportConfidence = timeline.sport.confidence
        s.trackCount = timeline.trackCount
        s.segmentCount = timeline.segmentCount
        s.trackPointCount = timeline.sourcePointCount
        s.analyzedPointCount = timeline.count
        s.waypointCount = waypointCount
        let points = timeline.points
        // Times.
        let series = TimedSeries(timeline)
        if let first = series.indices.first, let last = series.indices.last {
            s.startTimeSeconds = points.time[first]
            s.endTimeSeconds = points.time[last]
            s.elapsedTimeSeconds = points.time[last] - points.time[first]
        }
        let moving = MovingTime.movingIntervals(timeline, parameters: parameters)
        // Distance, elevation, heart rate and cadence, piece by piece.
        var movingSeconds = 0.0, timedDistance = 0.0
        // Fast stretches (travel by other means): distance and moving time, but not the athlete's pace.
        let fast = timeline.fastStretches.intervalIsFast
        var fastDistance = 0.0, fastMovingSeconds = 0.0
        var anyInterval = false
        var heart = WeightedAverage(), cadence = WeightedAverage()
        for piece in timeline.pieces {
            if let first = piece.first, piece.count > 0 {
                s.distanceMeters += timeline.distance[piece.last!] - timeline.distance[first]
                s.distance3DMeters += timeline.distance3D[piece.last!] - timeline.distance3D[first]
            }
            var previous: Int?
            for i in piece {
                let e = timeline.smoothedElevation[i]
                if !e.isNaN {
                    s.minimumElevationMeters = min(s.minimumElevationMeters ?? e, e)
                    s.maximumElevationMeters = max(s.maximumElevationMeters ?? e, e)
                }
                let h = points.heartRate[i]
                if !h.isNaN, h > 0 { s.maximumHeartRateBPM = max(s.maximumHeartRateBPM ?? Double(h), Double(h)) }
                guard !points.time[i].isNaN else {
                    heart.addSample(h)
                    cadence.addSample(points.cadence[i])
                    continue
                }
                if let p = previous {
                    let step = timeline.distance[i] - timeline.distance[p]
                    timedDistance += step
                    let dt = points.time[i] - points.time[p]
                    if i < fast.count && fast[i] { fastDistance += step }
                    if dt > 0 {
                        anyInterval = true
                        if moving[i] { movingSeconds += dt; if i < fast.count && fast[i] { fastMovingSeconds += dt } }
                        // Across a hole in the recording, the heart rate and cadence are unknown.
                        if dt <= timeline.recordingGapSeconds {
                            heart.add(points.heartRate[p], h, weight: dt)
                            cadence.add(points.cadence[p], points.cadence[i], weight: dt)
                        }
                    }
                } else if piece.count == 1 {
                    heart.addSample(h)
                    cadence.addSample(points.cadence[i])
                }
                previous = i
            }
        }
        if s.distanceMeters > 0 { s.distanceSource = .positions }
        if s.minimumElevationMeters != nil {
            s.elevationGainMeters = timeline.elevation.gainMeters
            s.elevationLossMeters = timeline.elevation.lossMeters
            s.elevationSource = timeline.elevation.source
            s.elevationDeadBandMeters = timeline.elevation.deadBandMeters
        }
        if let elapsed = s.elapsedTimeSeconds, anyInterval {
            s.movingTimeSeconds = min(movingSeconds, elapsed)
            s.timedDistanceMeters = timedDistance
            let ownSeconds = movingSeconds - fastMovingSeconds, ownDistance = timedDistance - fastDistance
            if ownSeconds > 0 { s.averageSpeedMetersPerSecond = ownDistance / ownSeconds }
        }
        s.averageHeartRateBPM = heart.value
        s.averageCadenceRPM = cadence.value
        if let rpm = s.averageCadenceRPM, let factor = CadenceUnits.stepsPerMinuteFactor(sport: parameters.sport, cadenceValues: points.cadence) {
            s.averageCadenceStepsPerMinute = rpm * factor
        }
        s.maximumSpeedMetersPerSecond = SpeedWindow.maximumSpeed(timeline, windowSeconds: parameters.speedWindowSeconds,
                                                                  plausibleSpeedMetersPerSecond: parameters.maximumPlausibleSpeedMetersPerSecond)
        s.bounds = Bounds.enclosing(latitudes: points.latitude, longitudes: points.longitude)
        // Routes.
        s.routeCount = routes.routeCount
        s.routePointCount = routes.pointCount
        s.routeDistanceMeters = routes.distanceMeters
        if s.bounds == nil { s.bounds = routes.bounds }
        var notes: [Diagnostic] = []
        if timeline.sport.basis != .speed, let why = SportInference.implausibility(of: parameters.sport, motion: timeline.motion) {
            notes.append(Diagnostic(code: "sport.implausible", message: why))
        }
        if s.distanceMeters / Splits.kilometer > Double(Splits.maximumCount) {
            notes.append(Diagnostic(code: "splits.tooMany", message:
                "\(Int(s.distanceMeters / 1000)) km in one run is more than \(Splits.maximumCount) splits: none are computed (damaged positions or times?)"))
        }
        if let gap = longestGap(series), gap.seconds > parameters.splitGapSeconds {
            notes.append(Diagnostic(code: "gap.overSplitThreshold", message:
                "a gap of \(hoursAndMinutes(gap.seconds)) from \(UTCDateTime.format(seconds: gap.from)) to \(UTCDateTime.format(seconds: gap.from + gap.seconds)), "
                + "longer than the \(hoursAndMinutes(parameters.splitGapSeconds)) after which a "
                + (isDeviceSession ? "GPX file is split into runs; the device recorded this as one session, kept whole"
                                   : "file is split into runs: this run may hold several activities")))
        }
        return RunAnalysis(summary: s,
                           splitsPerKilometer: Splits.compute(timeline, series: series, unitMeters: Splits.kilometer, moving: moving),
                           splitsPerMile: Splits.compute(timeline, series: series, unitMeters: Splits.mile, moving: moving),
                           bestEfforts: BestEfforts.compute(timeline.fastStretches.isEmpty ? series : TimedSeries(timeline, pausingFastStretches: true),
                                                            plausibleSpeedMetersPerSecond: parameters.maximumPlausibleSpeedMetersPerSecond,
                                                            isRun: parameters.sport.isRunning),
                           heartRateZones: HeartRateZoneTimes.compute(timeline, parameters: parameters),
                           cleanup: timeline.cleanup, notes: notes)
    }


    /// The longest time between consecutive timed points, and where it starts.
    private static func longestGap(_ series: TimedSeries) -> (from: Double, seconds: Double)? {
        var best: (from: Double, seconds: Double)?
        for k in series.time.indices.dropFirst() where series.time[k] - series.time[k - 1] > (best?.seconds ?? 0) {
            best = (series.time[k - 1], series.time[k] - series.time[k - 1])
        }
        return best
    }

    /// `17 h 2 min`, `2 h`, `45 min`.
    private static func hoursAndMinutes(_ seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded())
        let (h, m) = (minutes / 60, minutes % 60)
        return h == 0 ? "\(m) min" : m == 0 ? "\(h) h" : "\(h) h \(m) min"
    }
}

/// Counts, length and bounds of routes, accumulated point by point.
package struct RouteTotals: Sendable {
    package var routeCount = 0
    package private(set) var pointCount = 0
    package private(set) var distanceMeters = 0.0
    private var previous: Coordinate?
    private var latitudes: [Double] = [], longitudes: [Double] = []

    package init() {}

    /// A new route starts: its first point is not joined to the previous route's last.
    package mutating func beginRoute() { previous = nil }

    package mutating func add(_ point: RoutePoint) {
        pointCount += 1
        if let previous {
            distanceMeters += Geodesic.wgs84.distanceMeters(latitude1: previous.latitude, longitude1: previous.longitude,
                                                           latitude2: point.latitude, longitude2: point.longitude)
        }
        previous = point.coordinate
        latitudes.append(point.latitude)
        longitudes.append(point.longitude)
    }

    /// The routes' box, the short way round (``Bounds/enclosing(latitudes:longitudes:)``).
    package var bounds: Bounds? { Bounds.enclosing(latitudes: latitudes, longitudes: longitudes) }
}

/// A time-weighted mean (trapezoid rule), falling back to the plain mean of samples when there are
/// no durations. Zero and absent values are left out (a strap that lost contact, a cadence of 0 at
/// a stop); an interval with a value at one end only takes that value (sensors that report on
/// every other point).
struct WeightedAverage: Sendable {
    private var weightedSum = 0.0
    private var totalWeight = 0.0
    private var sampleSum = 0.0
    private var sampleCount = 0

    mutating func add(_ a: Float, _ b: Float, weight: Double) {
        guard let mean = Self.intervalValue(a, b) else { return }
        weightedSum += mean * weight
        totalWeight += weight
    }

    /// The value of an interval from the values at its ends (their mean; the one there is; nil).
    static func intervalValue(_ a: Float, _ b: Float) -> Double? {
        let hasA = !a.isNaN && a > 0, hasB = !b.isNaN && b > 0
        switch (hasA, hasB) {
        case (true, true): return Double(a + b) / 2
        case (true, false): return Double(a)
        case (false, true): return Double(b)
        case (false, false): return nil
        }
    }

    mutating func addSample(_ value: Float) {
        guard !value.isNaN, value > 0 else { return }
        sampleSum += Double(value)
        sampleCount += 1
    }

    var value: Double? {
        if totalWeight > 0 { return weightedSum / totalWeight }
        if sampleCount > 0 { return sampleSum / Double(sampleCount) }
        return nil
    }
}
