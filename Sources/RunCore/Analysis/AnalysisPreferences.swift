/// The user's choices that enter the analysis (from the settings, ``AnalysisPreferences/init(settings:)``).
/// ``AnalysisParameters/init(sport:preferences:)`` combines them with a sport's defaults.
package struct AnalysisPreferences: Sendable, Hashable {
    /// Moving-speed threshold for running and trail running, m/s (other sports keep their
    /// ``SportProfile`` threshold, which suits their speeds).
    package var runningMovingSpeedThresholdMetersPerSecond: Double
    /// Shortest stop, seconds.
    package var minimumStopSeconds: Double
    /// Points further apart in time start a new run (``ActivitySplitter``), seconds.
    package var splitGapSeconds: Double
    /// Maximum heart rate, beats per minute.
    package var maximumHeartRateBPM: Double
    /// Lower bounds of zones 1…5, fractions of the maximum heart rate, increasing.
    package var heartRateZoneLowerBounds: [Double]

    /// runlog's defaults (the declared defaults of the settings).
    package init() {
        let parameters = AnalysisParameters(sport: .running)
        runningMovingSpeedThresholdMetersPerSecond = parameters.movingSpeedThresholdMetersPerSecond
        minimumStopSeconds = parameters.minimumStopSeconds
        splitGapSeconds = parameters.splitGapSeconds
        maximumHeartRateBPM = parameters.maximumHeartRateBPM
        heartRateZoneLowerBounds = parameters.heartRateZoneLowerBounds
    }
}

extension AnalysisParameters {
    /// A sport's defaults with the user's preferences applied.
    package init(sport: Sport, preferences: AnalysisPreferences) {
        self.init(sport: sport)
        if sport == .running || sport == .trailRunning {
            movingSpeedThresholdMetersPerSecond = preferences.runningMovingSpeedThresholdMetersPerSecond
        }
        minimumStopSeconds = preferences.minimumStopSeconds
        splitGapSeconds = preferences.splitGapSeconds
        maximumHeartRateBPM = preferences.maximumHeartRateBPM
        heartRateZoneLowerBounds = preferences.heartRateZoneLowerBounds
    }
}
