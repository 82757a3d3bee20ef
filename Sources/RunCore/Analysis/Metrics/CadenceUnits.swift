/// Cadence in steps per minute for foot sports.
///
/// Garmin's TrackPointExtension `cad` (and the FIT files it comes from) counts revolutions: for
/// running, strides of one foot, so steps per minute are twice the value (Garmin's "Running
/// Cadence" help: the watch shows the total, the file keeps one foot). Some apps write steps
/// already. Rule: for a foot sport, when the median of the run's non-zero cadence values is below
/// 120 — no runner or walker takes fewer than 120 steps a minute while moving at pace, and nobody
/// strides one foot 120 times a minute — the values are one foot and are doubled; otherwise they
/// are steps already. Cycling cadence stays in revolutions per minute.
package enum CadenceUnits {
    package static let oneFootThreshold = 120.0

    /// The factor from the file's cadence to steps per minute, or nil for sports not on foot.
    package static func stepsPerMinuteFactor(sport: Sport, cadenceValues: [Float]) -> Double? {
        guard sport.isOnFoot else { return nil }
        // Whether the median is below the threshold = whether fewer than half the values reach it.
        var below = 0, counted = 0
        for value in cadenceValues where !value.isNaN && value > 0 {
            counted += 1
            if Double(value) < oneFootThreshold { below += 1 }
        }
        guard counted > 0 else { return nil }
        return below * 2 > counted ? 2 : 1
    }
}
