/// The headline numbers of one run. SI units; `nil` means "unknown" (a file without times has no
/// moving time), never 0.
public struct ActivitySummary: Sendable, Hashable, Codable {
    public var trackCount = 0
    public var segmentCount = 0
    /// Track points in the file.
    public var trackPointCount = 0
    /// Track points used by the numbers (after the GPS clean-up).
    public var analyzedPointCount = 0
    public var waypointCount = 0
    public var routeCount = 0
    public var routePointCount = 0
    /// The sport the numbers were computed for.
    public var sport: Sport = .running
    /// Time of the earliest track point, seconds since 1970 UTC.
    public var startTimeSeconds: Double?
    /// Time of the latest track point, seconds since 1970 UTC.
    public var endTimeSeconds: Double?
    /// End minus start: everything, pauses between segments included.
    public var elapsedTimeSeconds: Double?
    /// Time spent moving (``MovingTime``); never more than the elapsed time.
    public var movingTimeSeconds: Double?
    /// 2D length on the WGS84 ellipsoid, summed within segments (gaps between segments are not
    /// distance), after the GPS clean-up.
    public var distanceMeters = 0.0
    /// 3D length: each step's √(2D² + Δh²) where both points have an elevation, else its 2D length.
    public var distance3DMeters = 0.0
    /// 2D length of the routes (planned, not run), summed over route points.
    public var routeDistanceMeters = 0.0
    /// Total ascent and descent of the smoothed elevation through the hysteresis.
    public var elevationGainMeters: Double?
    public var elevationLossMeters: Double?
    /// Lowest and highest smoothed elevation.
    public var minimumElevationMeters: Double?
    public var maximumElevationMeters: Double?
    /// Time-weighted average heart rate (each interval weighted by its duration).
    public var averageHeartRateBPM: Double?
    public var maximumHeartRateBPM: Double?
    /// Time-weighted average cadence as the file states it (cycles per minute), zeros left out.
    public var averageCadenceRPM: Double?
    /// The same in steps per minute for foot sports (see ``CadenceUnits``).
    public var averageCadenceStepsPerMinute: Double?
    /// Distance over moving time.
    public var averageSpeedMetersPerSecond: Double?
    /// Best average speed over the speed window (``SpeedWindow``).
    public var maximumSpeedMetersPerSecond: Double?
    /// Bounds of the analysed track points (or of the route points when there are none).
    public var bounds: Bounds?
    /// The parameters the numbers were computed with.
    public var parameters = AnalysisParameters()

    public init() {}

    /// Moving time per kilometre, seconds.
    public var averagePaceSecondsPerKilometer: Double? {
        guard let speed = averageSpeedMetersPerSecond, speed > 0 else { return nil }
        return 1000 / speed
    }

    /// The fastest pace over the speed window, seconds per kilometre.
    public var bestPaceSecondsPerKilometer: Double? {
        guard let speed = maximumSpeedMetersPerSecond, speed > 0 else { return nil }
        return 1000 / speed
    }
}
