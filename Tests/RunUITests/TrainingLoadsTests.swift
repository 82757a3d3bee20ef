import Foundation
import RunCore
import RunStore
import RunUI
import Testing

/// Runs' loads and their days (worked out by hand): heart-rate runs from their average, a run
/// without heart rate from the line through its sport's runs that have it.
@Suite struct TrainingLoadsTests {
    static func run(_ id: Int64, start: String, km: Double, minutes: Double, heartRate: Double?) -> RunRecord {
        var run = SampleRuns.run(id, "Run \(id)", start: start, km: km, moving: minutes * 60)
        run.summary.averageHeartRateBPM = heartRate
        return run
    }

    @Test func aRunWithoutHeartRateIsEstimatedFromItsPace() {
        // Resting 60, maximum 160: 110, 120, 130 bpm are 0.5, 0.6, 0.7 of the reserve, at 2, 3, 4 m/s
        // (12 km in 100, 66.67 and 50 minutes): the line x = 0.3 + 0.1 · v; at 3.5 m/s (6.3 km in
        // 30 min) x = 0.65, TRIMP = 30 · 0.65 · 0.64 · e^(1.92 · 0.65) = 43.4724482098155.
        let runs = [
            Self.run(1, start: "2026-11-01T08:00:00Z", km: 12, minutes: 100, heartRate: 110),
            Self.run(2, start: "2026-11-02T08:00:00Z", km: 12, minutes: 200.0 / 3, heartRate: 120),
            Self.run(3, start: "2026-11-03T08:00:00Z", km: 12, minutes: 50, heartRate: 130),
            Self.run(4, start: "2026-11-05T08:00:00Z", km: 6.3, minutes: 30, heartRate: nil),
        ]
        let loads = TrainingLoads(runs: runs, restingHeartRate: 60, maximumHeartRate: 160, weighting: .men,
                                  nowSeconds: DateTimeText.parse("2026-11-06T12:00:00Z")!.seconds, timeZone: SampleRuns.utc)
        let estimated = loads.runs.first { $0.run.id == 4 }!
        #expect(estimated.isEstimated && abs(estimated.reserveFraction - 0.65) < 1e-12)
        #expect(abs(estimated.trimp - 43.4724482098155) < 1e-9)
        #expect(loads.runs.filter(\.isEstimated).count == 1)
        // 1 to 6 November: six days, the 4th and the 6th without runs.
        #expect(loads.days.count == 6)
        #expect(loads.days.map { $0.model.load > 0 } == [true, true, true, false, true, false])
        #expect(loads.days.first?.start == DateTimeText.parse("2026-11-01T00:00:00Z")!.seconds)
    }

    @Test func withoutAnyHeartRateAModerateEffortIsAssumed() {
        let loads = TrainingLoads(runs: [Self.run(1, start: "2026-11-01T08:00:00Z", km: 10, minutes: 60, heartRate: nil)],
                                  restingHeartRate: 60, maximumHeartRate: 190, weighting: .women,
                                  nowSeconds: DateTimeText.parse("2026-11-01T12:00:00Z")!.seconds, timeZone: SampleRuns.utc)
        // 60 · 0.5 · 0.86 · e^(1.67 · 0.5) = 59.4717…
        #expect(loads.runs.count == 1 && loads.runs[0].reserveFraction == 0.5 && loads.runs[0].isEstimated)
        #expect(abs(loads.runs[0].trimp - 60 * 0.5 * 0.86 * exp(1.67 * 0.5)) < 1e-9)
    }
}
