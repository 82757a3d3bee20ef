/// Total elevation gain and loss with a dead band (hysteresis), so that barometer and GPS jitter
/// smaller than the band does not count as climbing.
///
/// Method (the one ../shared/cases/25 specifies, as GoldenCheetah's FAQ and GPS Visualizer describe
/// hysteresis): keep the last confirmed turning point `ref` and the running extreme `ext` since then.
/// A direction is established once `|ext − ref|` exceeds the band `T`; a reversal is confirmed when
/// the elevation moves more than `T` back from `ext`, at which point `|ext − ref|` is added to the
/// gain or the loss and `ref = ext`. At the end the open leg is added. Missing elevations are
/// skipped, never read as 0.
package struct ElevationHysteresis: Sendable {
    package let deadBandMeters: Double
    /// The band plus a nanometre, so that a step of exactly the band counts the same whether its
    /// ends were written with 15 or 17 significant digits (11.200000000000001 − 9.2 is not "more" than 2).
    private let threshold: Double
    private var reference: Double = .nan
    private var extreme: Double = .nan
    private var direction = 0
    package private(set) var gainMeters = 0.0
    package private(set) var lossMeters = 0.0

    package init(deadBandMeters: Double) {
        self.deadBandMeters = deadBandMeters
        threshold = deadBandMeters + 1e-9
    }

    /// Feeds the next elevation of a continuous profile.
    /// - Complexity: O(1).
    package mutating func add(_ elevation: Double) {
        if reference.isNaN {
            reference = elevation
            extreme = elevation
            return
        }
        switch direction {
        case 1:
            if elevation > extreme {
                extreme = elevation
            } else if extreme - elevation > threshold {
                gainMeters += extreme - reference
                reference = extreme
                extreme = elevation
                direction = -1
            }
        case -1:
            if elevation < extreme {
                extreme = elevation
            } else if elevation - extreme > threshold {
                lossMeters += reference - extreme
                reference = extreme
                extreme = elevation
                direction = 1
            }
        default:
            if abs(elevation - reference) > threshold {
                direction = elevation > reference ? 1 : -1
                extreme = elevation
            }
        }
    }

    /// Adds the open leg and starts a new, independent profile (the next segment).
    package mutating func closeProfile() {
        if direction == 1 { gainMeters += extreme - reference }
        if direction == -1 { lossMeters += reference - extreme }
        reference = .nan
        extreme = .nan
        direction = 0
    }

    /// Gain and loss in metres of everything added so far, the open leg included.
    package var totals: (gainMeters: Double, lossMeters: Double) {
        var copy = self
        copy.closeProfile()
        return (copy.gainMeters, copy.lossMeters)
    }
}
