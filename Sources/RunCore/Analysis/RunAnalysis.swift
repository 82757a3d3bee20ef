/// Everything runlog computes for a run, with the parameters used.
public struct RunAnalysis: Sendable, Hashable, Codable {
    public var summary: ActivitySummary
    public var splitsPerKilometer: [Split]
    public var splitsPerMile: [Split]
    public var bestEfforts: [BestEffort]
    public var heartRateZones: HeartRateZoneTimes?
    /// What the GPS clean-up left out of the numbers, and where.
    public var cleanup: CleanupReport

    public var parameters: AnalysisParameters { summary.parameters }

    public init(summary: ActivitySummary, splitsPerKilometer: [Split] = [], splitsPerMile: [Split] = [],
                bestEfforts: [BestEffort] = [], heartRateZones: HeartRateZoneTimes? = nil, cleanup: CleanupReport = CleanupReport()) {
        self.summary = summary
        self.splitsPerKilometer = splitsPerKilometer
        self.splitsPerMile = splitsPerMile
        self.bestEfforts = bestEfforts
        self.heartRateZones = heartRateZones
        self.cleanup = cleanup
    }
}
