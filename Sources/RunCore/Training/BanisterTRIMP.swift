import Foundation

/// Banister's training impulse (TRIMP) of a session from its duration and average heart rate:
///
///     TRIMP = D · x · a · e^(b · x),   x = (HRavg − HRrest) / (HRmax − HRrest)
///
/// with D the duration in minutes and x the fraction of the heart-rate reserve. The weighting
/// `a · e^(b · x)` follows the rise of blood lactate with intensity: a = 0.64, b = 1.92 for men;
/// a = 0.86, b = 1.67 for women.
///
/// Sources: E. W. Banister, "Modeling elite athletic performance", in *Physiological Testing of the
/// High-Performance Athlete* (MacDougall, Wenger, Green, eds., Human Kinetics, 1991), pp. 403–424;
/// R. H. Morton, J. R. Fitz-Clarke, E. W. Banister, "Modeling human performance in running",
/// *J. Appl. Physiol.* 69(3), 1990, pp. 1171–1177 (the constants 0.64/1.92 and 0.86/1.67).
package enum BanisterTRIMP {
    /// Banister's sex-specific weighting of the heart-rate reserve.
    package enum Weighting: String, Sendable, CaseIterable {
        case men, women

        /// `a` in `a · e^(b · x)`.
        package var factor: Double { self == .men ? 0.64 : 0.86 }
        /// `b` in `a · e^(b · x)`.
        package var exponent: Double { self == .men ? 1.92 : 1.67 }
    }

    /// The fraction of the heart-rate reserve a heart rate is at, clamped to 0…1 (an average below
    /// rest adds no load; one above the maximum no more than the maximum).
    package static func reserveFraction(heartRate: Double, resting: Double, maximum: Double) -> Double {
        guard maximum > resting else { return 0 }
        return min(1, max(0, (heartRate - resting) / (maximum - resting)))
    }

    /// The TRIMP of `durationSeconds` at the reserve fraction `x` (0…1).
    package static func trimp(durationSeconds: Double, reserveFraction x: Double, weighting: Weighting) -> Double {
        guard durationSeconds > 0, x > 0 else { return 0 }
        return durationSeconds / 60 * x * weighting.factor * exp(weighting.exponent * x)
    }
}
