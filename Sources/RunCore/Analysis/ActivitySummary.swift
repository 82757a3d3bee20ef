/// The headline numbers of one run. SI units; `nil` means "unknown" (a file without times has no
/// moving time), never 0.
package struct ActivitySummary: Sendable, Hashable, Codable {
    package var trackCount = 0
    package var segmentCount = 0
    /// Track points in the file.
    package var trackPointCount = 0
    /// Track points used by the numbers (after the GPS clean-up).
    package var analyzedPointCount = 0
    package var waypointCount = 0
    package var routeCount = 0
    package var routePointCount = 0
    /// The sport the numbers were computed for.
    package var sport: Sport = .running
    /// Where the sport comes from: the runner, the file, its names, its device, its speeds, or
    /// nothing (``SportInference``).
    package var sportSource: SportInference.Basis = .assumed
    /// How sure that is, 0…1 (``SportInference``).
    package var sportConfidence = 0.0
    /// Time of the earliest track point, seconds since 1970 UTC.
    package var startTimeSeconds: Double?
    /// Time of the latest track point, seconds since 1970 UTC.
    package var endTimeSeconds: Double?
    /// End minus start: everything, pauses between segments included.
    package var elapsedTimeSeconds: Double?
    /// Time spent moving (``MovingTime``); never more than the elapsed time.
    package var movingTimeSeconds: Double?
    /// 2D length on the WGS84 ellipsoid, summed within segments (gaps between segments are not
    /// distance), after the GPS clean-up.
    package var distanceMeters = 0.0
    /// Where ``distanceMeters`` comes from: the positions, or for a run recorded without any the
    /// device's own distance (``RecordsWithoutPosition``); nil when there is no distance.
    package var distanceSource: DistanceSource?
    /// The format the run was read from (nil: GPX, or a summary stored before FIT and TCX).
    package var sourceFormat: ActivityFileFormat?
    /// Records the file holds without a position (FIT, TCX): counted, not in ``trackPointCount``.
    package var recordsWithoutPositionCount = 0
    /// What the device itself computed (FIT session, TCX laps summed), shown beside runlog's
    /// numbers; nil for GPX.
    package var deviceTotals: DeviceTotals?
    /// 3D length: each step's √(2D² + Δh²) of the smoothed elevations where both points have one, else its 2D length.
    package var distance3DMeters = 0.0
    /// 2D length of the routes (planned, not run), summed over route points.
    package var routeDistanceMeters = 0.0
    /// Total ascent and descent of the elevation, smoothed and counted as its source needs
    /// (``ElevationProfiler``).
    package var elevationGainMeters: Double?
    package var elevationLossMeters: Double?
    /// Where the elevations were taken to come from (nil without elevations).
    package var elevationSource: ElevationSource?
    /// The dead band the gain and loss were counted with, metres (``ElevationProfiler``).
    package var elevationDeadBandMeters: Double?
    /// Lowest and highest smoothed elevation (``ElevationProfiler``: the spike median and the
    /// source's smoothing keep the ends and every real hill, and drop a one-sample spike; values
    /// outside −500…9000 m, such as −9999 m, are absent).
    package var minimumElevationMeters: Double?
    package var maximumElevationMeters: Double?
    /// Time-weighted average heart rate (each interval weighted by its duration).
    package var averageHeartRateBPM: Double?
    package var maximumHeartRateBPM: Double?
    /// Time-weighted average cadence as the file states it (cycles per minute), zeros left out.
    package var averageCadenceRPM: Double?
    /// The same in steps per minute for foot sports (see ``CadenceUnits``).
    package var averageCadenceStepsPerMinute: Double?
    /// The part of ``distanceMeters`` between points with times — the distance the times cover,
    /// which average speed and pace, splits and best efforts are computed over. Less than the
    /// distance when some points or tracks have no times; nil without times.
    package var timedDistanceMeters: Double?
    /// Timed distance over moving time, both without fast stretches (``FastStretches``: travel by
    /// other means is not the athlete's pace).
    package var averageSpeedMetersPerSecond: Double?
    /// Best average speed over the speed window (``SpeedWindow``).
    package var maximumSpeedMetersPerSecond: Double?
    /// Bounds of the analysed track points (or of the route points when there are none), the
    /// short way round: across the antimeridian ``Bounds/crossesAntimeridian`` (west > east).
    package var bounds: Bounds?
    /// The parameters the numbers were computed with.
    package var parameters = AnalysisParameters()

    package init() {}

    /// Moving time per kilometre, seconds.
    package var averagePaceSecondsPerKilometer: Double? {
        guard let speed = averageSpeedMetersPerSecond, speed > 0 else { return nil }
        return 1000 / speed
    }

    /// The fastest pace over the speed window, seconds per kilometre.
    package var bestPaceSecondsPerKilometer: Double? {
        guard let speed = maximumSpeedMetersPerSecond, speed > 0 else { return nil }
        return 1000 / speed
    }

}

extension ActivitySummary {
    private enum CodingKeys: String, CodingKey {
        case trackCount, segmentCount, trackPointCount, analyzedPointCount, waypointCount, routeCount, routePointCount, sport, sportSource, sportConfidence, startTimeSeconds, endTimeSeconds, elapsedTimeSeconds, movingTimeSeconds, distanceMeters, distance3DMeters, routeDistanceMeters, elevationGainMeters, elevationLossMeters, elevationSource, elevationDeadBandMeters, minimumElevationMeters, maximumElevationMeters, averageHeartRateBPM, maximumHeartRateBPM, averageCadenceRPM, averageCadenceStepsPerMinute, timedDistanceMeters, averageSpeedMetersPerSecond, maximumSpeedMetersPerSecond, bounds, parameters
        case distanceSource, recordsWithoutPositionCount, deviceTotals, sourceFormat
    }

    /// Decodes summaries stored by earlier versions too: absent fields keep their defaults.
    package init(from decoder: any Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let value = try c.decodeIfPresent(Int.self, forKey: .trackCount) { trackCount = value }
        if let value = try c.decodeIfPresent(Int.self, forKey: .segmentCount) { segmentCount = value }
        if let value = try c.decodeIfPresent(Int.self, forKey: .trackPointCount) { trackPointCount = value }
        if let value = try c.decodeIfPresent(Int.self, forKey: .analyzedPointCount) { analyzedPointCount = value }
        if let value = try c.decodeIfPresent(Int.self, forKey: .waypointCount) { waypointCount = value }
        if let value = try c.decodeIfPresent(Int.self, forKey: .routeCount) { routeCount = value }
        if let value = try c.decodeIfPresent(Int.self, forKey: .routePointCount) { routePointCount = value }
        if let value = try c.decodeIfPresent(Sport.self, forKey: .sport) { sport = value }
        if let value = try c.decodeIfPresent(SportInference.Basis.self, forKey: .sportSource) { sportSource = value }
        if let value = try c.decodeIfPresent(Double.self, forKey: .sportConfidence) { sportConfidence = value }
        startTimeSeconds = try c.decodeIfPresent(Double.self, forKey: .startTimeSeconds)
        endTimeSeconds = try c.decodeIfPresent(Double.self, forKey: .endTimeSeconds)
        elapsedTimeSeconds = try c.decodeIfPresent(Double.self, forKey: .elapsedTimeSeconds)
        movingTimeSeconds = try c.decodeIfPresent(Double.self, forKey: .movingTimeSeconds)
        if let value = try c.decodeIfPresent(Double.self, forKey: .distanceMeters) { distanceMeters = value }
        if let value = try c.decodeIfPresent(Double.self, forKey: .distance3DMeters) { distance3DMeters = value }
        if let value = try c.decodeIfPresent(Double.self, forKey: .routeDistanceMeters) { routeDistanceMeters = value }
        elevationGainMeters = try c.decodeIfPresent(Double.self, forKey: .elevationGainMeters)
        elevationLossMeters = try c.decodeIfPresent(Double.self, forKey: .elevationLossMeters)
        elevationSource = try c.decodeIfPresent(ElevationSource.self, forKey: .elevationSource)
        elevationDeadBandMeters = try c.decodeIfPresent(Double.self, forKey: .elevationDeadBandMeters)
        minimumElevationMeters = try c.decodeIfPresent(Double.self, forKey: .minimumElevationMeters)
        maximumElevationMeters = try c.decodeIfPresent(Double.self, forKey: .maximumElevationMeters)
        averageHeartRateBPM = try c.decodeIfPresent(Double.self, forKey: .averageHeartRateBPM)
        maximumHeartRateBPM = try c.decodeIfPresent(Double.self, forKey: .maximumHeartRateBPM)
        averageCadenceRPM = try c.decodeIfPresent(Double.self, forKey: .averageCadenceRPM)
        averageCadenceStepsPerMinute = try c.decodeIfPresent(Double.self, forKey: .averageCadenceStepsPerMinute)
        timedDistanceMeters = try c.decodeIfPresent(Double.self, forKey: .timedDistanceMeters)
        averageSpeedMetersPerSecond = try c.decodeIfPresent(Double.self, forKey: .averageSpeedMetersPerSecond)
        maximumSpeedMetersPerSecond = try c.decodeIfPresent(Double.self, forKey: .maximumSpeedMetersPerSecond)
        bounds = try c.decodeIfPresent(Bounds.self, forKey: .bounds)
        if let value = try c.decodeIfPresent(AnalysisParameters.self, forKey: .parameters) { parameters = value }
        distanceSource = try c.decodeIfPresent(DistanceSource.self, forKey: .distanceSource)
        if let value = try c.decodeIfPresent(Int.self, forKey: .recordsWithoutPositionCount) { recordsWithoutPositionCount = value }
        deviceTotals = try c.decodeIfPresent(DeviceTotals.self, forKey: .deviceTotals)
        sourceFormat = try c.decodeIfPresent(ActivityFileFormat.self, forKey: .sourceFormat)
    }
}

extension ActivitySummary {
    /// For a file of routes only, measured as if its routes were tracks: no track points or
    /// segments (its tracks, if any, are empty), and its routes' points are the points analysed.
    /// - Parameter trackCount: the file's own tracks (empty ones: no points).
    package mutating func countingRoutesOnly(trackCount: Int) {
        self.trackCount = trackCount
        segmentCount = 0
        trackPointCount = 0
    }
}
