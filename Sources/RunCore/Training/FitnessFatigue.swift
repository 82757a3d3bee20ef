import Foundation

/// Fitness, fatigue and form from daily training loads: the two exponentially weighted averages of
/// Banister's impulse–response model, with the time constants of their common use as chronic and
/// acute training load (CTL, 42 days; ATL, 7 days) and form as their difference (TSB).
///
/// Each day d, with the day's load L (the sum of its sessions' TRIMP):
///
///     fitness(d) = fitness(d−1) · e^(−1/42) + L · (1 − e^(−1/42))
///     fatigue(d) = fatigue(d−1) · e^(−1/7)  + L · (1 − e^(−1/7))
///     form(d)    = fitness(d−1) − fatigue(d−1)
///
/// so a steady load L a day makes both tend to L (the units are TRIMP a day), and form is what the
/// day starts with, before its own load. Both start at 0 on the day before the first load.
///
/// Sources: T. W. Calvert, E. W. Banister, M. V. Savage, T. Bach, "A systems model of the effects of
/// training on physical performance", *IEEE Trans. Syst. Man Cybern.* SMC-6(2), 1976, pp. 94–102
/// (fitness and fatigue as exponentially decaying responses, 42 and 7 days in later uses); A. Coggan,
/// the Performance Manager (TrainingPeaks, 2006: CTL 42 days, ATL 7 days, TSB = CTL − ATL of the day
/// before).
package enum FitnessFatigue {
    package static let fitnessDays = 42.0
    package static let fatigueDays = 7.0

    /// One day of the model.
    package struct Day: Sendable, Equatable {
        /// The day's load (TRIMP).
        package var load: Double
        package var fitness: Double
        package var fatigue: Double
        /// Fitness minus fatigue of the day before.
        package var form: Double
    }

    /// The model over consecutive days, one load each (0 for a day without training), first day first.
    package static func days(loads: [Double]) -> [Day] {
        let keepFitness = exp(-1 / fitnessDays), keepFatigue = exp(-1 / fatigueDays)
        var fitness = 0.0, fatigue = 0.0
        return loads.map { load in
            let form = fitness - fatigue
            fitness = fitness * keepFitness + load * (1 - keepFitness)
            fatigue = fatigue * keepFatigue + load * (1 - keepFatigue)
            return Day(load: load, fitness: fitness, fatigue: fatigue, form: form)
        }
    }
}
