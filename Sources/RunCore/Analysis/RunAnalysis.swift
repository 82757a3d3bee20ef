/// Everything runlog computes for a run, with the parameters used.
public struct RunAnalysis: Sendable, Hashable, Codable {
    public var summary: ActivitySummary
    public var splitsPerKilometer: [Split]
    public var splitsPerMile: [Split]
    public var bestEfforts: [BestEffort]
    public var heartRateZones: HeartRateZoneTimes?
    /// What the GPS clean-up left out of the numbers, and where.
    public var cleanup: CleanupReport
    /// What the analysis noticed about the run as a whole (codes `sport.implausible`,
    /// `gap.overSplitThreshold`).
    public var notes: [Diagnostic]

    public var parameters: AnalysisParameters { summary.parameters }

    public init(summary: ActivitySummary, splitsPerKilometer: [Split] = [], splitsPerMile: [Split] = [],
                bestEfforts: [BestEffort] = [], heartRateZones: HeartRateZoneTimes? = nil, cleanup: CleanupReport = CleanupReport(),
                notes: [Diagnostic] = []) {
        self.summary = summary
        self.splitsPerKilometer = splitsPerKilometer
        self.splitsPerMile = splitsPerMile
        self.bestEfforts = bestEfforts
        self.heartRateZones = heartRateZones
        self.cleanup = cleanup
        self.notes = notes
    }
}

extension RunAnalysis {
    private enum CodingKeys: String, CodingKey {
        case summary, splitsPerKilometer, splitsPerMile, bestEfforts, heartRateZones, cleanup, notes
    }

    /// Decodes analyses stored by earlier versions too (no notes).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(summary: try c.decode(ActivitySummary.self, forKey: .summary),
                  splitsPerKilometer: try c.decode([Split].self, forKey: .splitsPerKilometer),
                  splitsPerMile: try c.decode([Split].self, forKey: .splitsPerMile),
                  bestEfforts: try c.decode([BestEffort].self, forKey: .bestEfforts),
                  heartRateZones: try c.decodeIfPresent(HeartRateZoneTimes.self, forKey: .heartRateZones),
                  cleanup: try c.decode(CleanupReport.self, forKey: .cleanup),
                  notes: try c.decodeIfPresent([Diagnostic].self, forKey: .notes) ?? [])
    }
}
