import Foundation

/// Round tick values for a chart axis: steps of 1, 2 or 5 × a power of ten (or of 60 s for
/// times, when `isDuration`), about `targetCount` of them over the range.
struct NiceScale {
    let lower: Double
    let upper: Double
    let step: Double

    init(minimum: Double, maximum: Double, targetCount: Int = 4, isDuration: Bool = false) {
        var low = minimum, high = maximum
        if !(high > low) { low -= 1; high += 1 }
        let raw = (high - low) / Double(max(1, targetCount))
        let candidates: [Double] = isDuration
            ? [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600]
            : { let power = pow(10, floor(log10(raw))); return [1, 2, 5, 10].map { $0 * power } }()
        step = candidates.first { $0 >= raw } ?? candidates.last!
        lower = floor(low / step) * step
        upper = ceil(high / step) * step
    }

    /// The ticks from ``lower`` to ``upper``.
    var ticks: [Double] {
        var values: [Double] = []
        var value = lower
        while value <= upper + step * 1e-9 {
            values.append(value)
            value += step
        }
        return values
    }
}
