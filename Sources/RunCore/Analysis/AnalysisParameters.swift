/// The parameters of runlog's analysis, stored with every result so that a number can be
/// explained and recomputed. Defaults suit running.
public struct AnalysisParameters: Sendable, Hashable, Codable {
    /// Version of the analysis methods; bumped whenever a method changes its results.
    public var methodVersion: Int
    /// Below this speed (m/s, 2D) a stretch of a segment counts as standing still, if it lasts at
    /// least ``minimumStopSeconds``. Default 0.5 m/s (1.8 km/h): slower than any walk a runner
    /// takes, faster than GPS drift while standing.
    public var movingSpeedThresholdMetersPerSecond: Double
    /// Shortest stretch below the threshold that counts as a stop. Default 10 s, GPXSee's
    /// documented pause rule ("a stop must last more than 10 s").
    public var minimumStopSeconds: Double
    /// Dead band of the elevation hysteresis in metres. Default 2 m (see ``ElevationHysteresis``).
    public var elevationDeadBandMeters: Double

    public init(methodVersion: Int = AnalysisParameters.currentMethodVersion,
                movingSpeedThresholdMetersPerSecond: Double = 0.5, minimumStopSeconds: Double = 10,
                elevationDeadBandMeters: Double = 2) {
        self.methodVersion = methodVersion
        self.movingSpeedThresholdMetersPerSecond = movingSpeedThresholdMetersPerSecond
        self.minimumStopSeconds = minimumStopSeconds
        self.elevationDeadBandMeters = elevationDeadBandMeters
    }

    public static let currentMethodVersion = 1
    public static let running = AnalysisParameters()
}
