import Foundation
@testable import RunCore
import Testing

/// Banister's TRIMP and the fitness–fatigue model against hand computations from the formulas'
/// sources (values worked out with a calculator: e^(1.92 · 90/130) = 3.7779…, e^(−1/42) = 0.97647…,
/// e^(−1/7) = 0.86688…).
@Suite struct TrainingLoadTests {
    @Test func trimpOfAnHourAtSeventyPercentOfTheReserve() {
        // 60 min at 150 bpm, resting 60, maximum 190: x = 90/130.
        let x = BanisterTRIMP.reserveFraction(heartRate: 150, resting: 60, maximum: 190)
        #expect(abs(x - 0.692307692307692) < 1e-12)
        #expect(abs(BanisterTRIMP.trimp(durationSeconds: 3600, reserveFraction: x, weighting: .men) - 100.440292723742) < 1e-9)
        #expect(abs(BanisterTRIMP.trimp(durationSeconds: 3600, reserveFraction: x, weighting: .women) - 113.516788072442) < 1e-9)
        // Outside the reserve: clamped; nothing for no time or no effort.
        #expect(BanisterTRIMP.reserveFraction(heartRate: 50, resting: 60, maximum: 190) == 0)
        #expect(BanisterTRIMP.reserveFraction(heartRate: 200, resting: 60, maximum: 190) == 1)
        #expect(BanisterTRIMP.trimp(durationSeconds: 0, reserveFraction: 0.7, weighting: .men) == 0)
    }

    @Test func fitnessFatigueAndFormDayByDay() {
        let days = FitnessFatigue.days(loads: [100, 0, 0, 50])
        let expected: [(fitness: Double, fatigue: Double, form: Double)] = [
            (2.35283133477567, 13.3122100249818, 0),
            (2.29747318187665, 11.5400606674896, -10.9593786902062),
            (2.24341751294539, 10.0038235544230, -9.24258748561292),
            (3.36704935011880, 15.3281985648206, -7.76040604147765),
        ]
        #expect(days.count == 4)
        for (day, want) in zip(days, expected) {
            #expect(abs(day.fitness - want.fitness) < 1e-9 && abs(day.fatigue - want.fatigue) < 1e-9 && abs(day.form - want.form) < 1e-9,
                    "\(day) vs \(want)")
        }
        // A steady load makes both averages tend to it.
        let steady = FitnessFatigue.days(loads: [Double](repeating: 80, count: 2_000))
        #expect(abs(steady.last!.fitness - 80) < 1e-9 && abs(steady.last!.fatigue - 80) < 1e-9 && abs(steady.last!.form) < 1e-9)
    }
}
