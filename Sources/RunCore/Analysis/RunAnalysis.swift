/// Everything runlog computes for a run, with the parameters used.
package struct RunAnalysis: Sendable, Hashable, Codable {
    package var summary: ActivitySummary
    package var splitsPerKilometer: [Split]
    package var splitsPerMile: [Split]
    package var bestEfforts: [BestEffort]
    package var heartRateZones: HeartRateZoneTimes?
    /// What the GPS clean-up left out of the numbers, and where.
    package var cleanup: CleanupReport
    /// What the analysis noticed about the run as a whole (codes `sport.implausible`,
    /// `gap.overSplitThreshold`).
    package var notes: [Diagnostic]

    package var parameters: AnalysisParameters { summary.parameters }

    package init(summary: ActivitySummary, splitsPerKilometer: [Split] = [], splitsPerMile: [Split] = [],
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
    package init(from decoder: any Decoder) throws {
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
