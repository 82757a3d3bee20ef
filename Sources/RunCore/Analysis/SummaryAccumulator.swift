/// Computes an ``ActivitySummary`` from track points streamed one at a time, so a statistics
/// pass over a file never needs the whole track in memory.
///
/// - Distance: WGS84 geodesic between consecutive points of a segment (``Geodesic``).
/// - Moving time: within a segment, consecutive intervals slower than the moving-speed threshold
///   that together last at least the minimum stop duration are stopped time; everything else with
///   a positive duration is moving. Intervals with the same timestamp add distance but no time;
///   time going backwards adds neither time nor speed. Gaps between segments are pauses.
/// - Elevation: ``ElevationHysteresis`` per segment.
/// - Heart rate and cadence: averages weighted by each interval's duration (trapezoid); the mean of
///   samples only when the points have no times.
public struct SummaryAccumulator: Sendable {
    public let parameters: AnalysisParameters
    private let geodesic = Geodesic.wgs84
    private var summary = ActivitySummary()
    private var previous: TrackPoint?
    private var slowSeconds = 0.0
    private var movingSeconds = 0.0
    private var anyInterval = false
    private var hysteresis: ElevationHysteresis
    private var heartRate = WeightedAverage()
    private var cadence = WeightedAverage()
    private var minLat = Double.infinity, maxLat = -Double.infinity
    private var minLon = Double.infinity, maxLon = -Double.infinity

    public init(parameters: AnalysisParameters = AnalysisParameters()) {
        self.parameters = parameters
        hysteresis = ElevationHysteresis(deadBandMeters: parameters.elevationDeadBandMeters)
        summary.parameters = parameters
    }

    public mutating func beginTrack() { summary.trackCount += 1 }

    public mutating func beginSegment() {
        summary.segmentCount += 1
        previous = nil
        slowSeconds = 0
    }

    /// Adds the next point of the current segment.
    /// - Complexity: O(1).
    public mutating func add(_ point: TrackPoint) {
        summary.trackPointCount += 1
        extendBounds(point)
        if let ele = point.elevationMeters {
            hysteresis.add(ele)
            summary.minimumElevationMeters = min(summary.minimumElevationMeters ?? ele, ele)
            summary.maximumElevationMeters = max(summary.maximumElevationMeters ?? ele, ele)
        }
        if let t = point.timeSeconds {
            summary.startTimeSeconds = min(summary.startTimeSeconds ?? t, t)
            summary.endTimeSeconds = max(summary.endTimeSeconds ?? t, t)
        }
        if let hr = point.heartRateBPM, hr > 0 {
            summary.maximumHeartRateBPM = max(summary.maximumHeartRateBPM ?? hr, hr)
        }
        if let previous {
            let d = geodesic.distanceMeters(latitude1: previous.latitude, longitude1: previous.longitude,
                                             latitude2: point.latitude, longitude2: point.longitude)
            summary.distanceMeters += d
            if let e0 = previous.elevationMeters, let e1 = point.elevationMeters {
                let dh = e1 - e0
                summary.distance3DMeters += (d * d + dh * dh).squareRoot()
            } else {
                summary.distance3DMeters += d
            }
            if let t0 = previous.timeSeconds, let t1 = point.timeSeconds {
                let dt = t1 - t0
                if dt > 0 {
                    anyInterval = true
                    if d / dt < parameters.movingSpeedThresholdMetersPerSecond {
                        slowSeconds += dt
                    } else {
                        closeSlowStretch()
                        movingSeconds += dt
                    }
                    heartRate.add(previous.heartRateBPM, point.heartRateBPM, weight: dt)
                    cadence.add(previous.cadenceRPM, point.cadenceRPM, weight: dt)
                }
            }
        }
        if point.timeSeconds == nil {
            heartRate.addSample(point.heartRateBPM)
            cadence.addSample(point.cadenceRPM)
        }
        previous = point
    }

    public mutating func endSegment() {
        closeSlowStretch()
        hysteresis.closeProfile()
        previous = nil
    }

    /// Adds the routes' and waypoints' counts and the routes' length.
    public mutating func add(routes: [Route], waypointCount: Int) {
        summary.routeCount += routes.count
        summary.waypointCount += waypointCount
        for route in routes {
            summary.routePointCount += route.points.count
            for (a, b) in zip(route.points, route.points.dropFirst()) {
                summary.routeDistanceMeters += geodesic.distanceMeters(
                    latitude1: a.latitude, longitude1: a.longitude, latitude2: b.latitude, longitude2: b.longitude)
            }
            if summary.trackPointCount == 0 { for p in route.points { extendBounds(p) } }
        }
    }

    /// The summary of everything added so far.
    public func result() -> ActivitySummary {
        var s = summary
        var copy = self
        copy.closeSlowStretch()
        let totals = hysteresis.totals
        if s.minimumElevationMeters != nil {
            s.elevationGainMeters = totals.gainMeters
            s.elevationLossMeters = totals.lossMeters
        }
        if let start = s.startTimeSeconds, let end = s.endTimeSeconds {
            s.elapsedTimeSeconds = end - start
            if copy.anyInterval {
                let moving = min(copy.movingSeconds, end - start)
                s.movingTimeSeconds = moving
                if moving > 0 { s.averageSpeedMetersPerSecond = s.distanceMeters / moving }
            }
        }
        s.averageHeartRateBPM = heartRate.value
        s.averageCadenceRPM = cadence.value
        if minLat <= maxLat {
            s.bounds = Bounds(minLatitude: minLat, minLongitude: minLon, maxLatitude: maxLat, maxLongitude: maxLon)
        }
        return s
    }

    private mutating func closeSlowStretch() {
        if slowSeconds < parameters.minimumStopSeconds { movingSeconds += slowSeconds }
        slowSeconds = 0
    }

    private mutating func extendBounds(_ p: TrackPoint) {
        minLat = min(minLat, p.latitude); maxLat = max(maxLat, p.latitude)
        minLon = min(minLon, p.longitude); maxLon = max(maxLon, p.longitude)
    }
}

/// A time-weighted mean (trapezoid rule), falling back to the plain mean of samples when there are
/// no durations.
struct WeightedAverage: Sendable {
    private var weightedSum = 0.0
    private var totalWeight = 0.0
    private var sampleSum = 0.0
    private var sampleCount = 0

    mutating func add(_ a: Double?, _ b: Double?, weight: Double) {
        guard let a, let b, a > 0, b > 0 else { return }
        weightedSum += (a + b) / 2 * weight
        totalWeight += weight
    }

    mutating func addSample(_ value: Double?) {
        guard let value, value > 0 else { return }
        sampleSum += value
        sampleCount += 1
    }

    var value: Double? {
        if totalWeight > 0 { return weightedSum / totalWeight }
        if sampleCount > 0 { return sampleSum / Double(sampleCount) }
        return nil
    }
}
