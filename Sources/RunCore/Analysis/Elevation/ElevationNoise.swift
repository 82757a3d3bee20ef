import Foundation

/// How rough a recording's elevations are, from their own values (robust scales, metres):
/// - ``noise``: each sample against the chord through its two neighbours — white noise: a
///   barometer's ≈ 0.16 m, a terrain model's ≈ 0.3 m, GPS altitude 0.8 m and more;
/// - ``wander`` and ``wanderLong``: each sample against the cubic through the values ±45 s and
///   ±90 s (and twice that) away along the axis — a fourth difference: slopes and the curvature of
///   real terrain give nothing, the minutes-long error of GPS altitude gives metres.
/// For an Ornstein–Uhlenbeck error of s.d. σ and correlation time τ the fourth difference's
/// variance is σ²(70 − 112ρ + 56ρ² − 16ρ³ + 2ρ⁴)/70, ρ = e^(−L/τ): with σ = 2.5 m, τ = 120 s and
/// 0.8 m of white noise, 1.40 m at L = 45 s.
///
/// Long recordings are judged on every `step`-th sample (at most about 20,000 of each residual;
/// the robust scales of 20,000 residuals are within about 1 % of those of all of them).
struct ElevationNoise: Sendable, Hashable {
    static let wanderLagSeconds = 45.0, longLagSeconds = 90.0
    /// The residuals a statistic needs at most.
    static let enoughResiduals = 20_000

    /// Every `step`-th sample is a residual's centre.
    let step: Int
    private var noiseResiduals: [Double] = []
    private var wanderResiduals: [Double] = []
    private var longResiduals: [Double] = []

    /// - Parameter sampleCount: how many valid elevations the recording has.
    init(sampleCount: Int) {
        step = max(1, sampleCount / Self.enoughResiduals)
    }

    /// Adds a piece's valid elevations `e` along its axis `u`.
    /// - Complexity: O(n).
    mutating func add(axis u: [Double], elevations e: [Double]) {
        let n = e.count
        guard n >= 3 else { return }
        for i in stride(from: 1, to: n - 1, by: step) {
            let span = u[i + 1] - u[i - 1]
            let w = span > 0 ? (u[i] - u[i - 1]) / span : 0.5
            let r = e[i] - ((1 - w) * e[i - 1] + w * e[i + 1])
            noiseResiduals.append(r / (1 + (1 - w) * (1 - w) + w * w).squareRoot())
        }
        Self.fourthDifferences(u, e, lag: Self.wanderLagSeconds, step: step, into: &wanderResiduals)
        Self.fourthDifferences(u, e, lag: Self.longLagSeconds, step: step, into: &longResiduals)
    }

    /// Residuals against the cubic through the values at u − 2L, u − L, u + L, u + 2L (linear
    /// interpolation between the samples around each; skipped where one is missing or the samples
    /// around it are more than L apart): (e(−2L) − 4e(−L) + 6e − 4e(+L) + e(+2L)) / √70.
    private static func fourthDifferences(_ u: [Double], _ e: [Double], lag: Double, step: Int, into residuals: inout [Double]) {
        let n = u.count
        var p0 = 0, p1 = 0, p2 = 0, p3 = 0
        let scale = 70.0.squareRoot()
        // The value at u = x by linear interpolation, moving `j` forward; nil where x is outside the
        // samples or they are more than a lag apart around it.
        func value(at x: Double, _ j: inout Int) -> Double? {
            // The last sample at or before x (galloping: the centres are `step` samples apart).
            if j + 1 < n, u[j + 1] <= x {
                var reach = 1
                while j + 2 * reach < n, u[j + 2 * reach] <= x { reach *= 2 }
                var low = j + reach, high = min(j + 2 * reach, n)   // u[low] <= x; u[high] > x or high = n
                while high - low > 1 {
                    let mid = (low + high) / 2
                    if u[mid] <= x { low = mid } else { high = mid }
                }
                j = low
            }
            guard u[j] <= x, j + 1 < n, u[j + 1] - u[j] <= lag else { return nil }
            let span = u[j + 1] - u[j]
            let w = span > 0 ? (x - u[j]) / span : 0
            return (1 - w) * e[j] + w * e[j + 1]
        }
        for i in stride(from: 0, to: n, by: step) {
            guard let a = value(at: u[i] - 2 * lag, &p0), let b = value(at: u[i] - lag, &p1),
                  let c = value(at: u[i] + lag, &p2), let d = value(at: u[i] + 2 * lag, &p3) else { continue }
            residuals.append((a - 4 * b + 6 * e[i] - 4 * c + d) / scale)
        }
    }

    /// The statistics of everything added.
    func statistics() -> ElevationStatistics {
        var noise = noiseResiduals, wander = wanderResiduals, long = longResiduals
        let known = { (value: Double) in value.isNaN ? nil : value }
        return ElevationStatistics(noiseMeters: known(ElevationMath.robustScale(&noise)), wanderMeters: known(ElevationMath.robustScale(&wander)),
                                   longWanderMeters: known(ElevationMath.robustScale(&long)), noiseCount: noise.count,
                                   wanderCount: wander.count, longWanderCount: long.count)
    }
}

/// A recording's elevation roughness (``ElevationNoise``), kept with its analysis to explain the
/// source it was taken for; nil where there were no residuals.
package struct ElevationStatistics: Sendable, Hashable, Codable {
    package var noiseMeters: Double?
    package var wanderMeters: Double?
    package var longWanderMeters: Double?
    package var noiseCount: Int
    package var wanderCount: Int
    package var longWanderCount: Int
}
