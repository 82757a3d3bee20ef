/// A local quadratic regression (Savitzky & Golay 1964; Cleveland 1979): each value becomes the
/// constant term of the least-squares parabola through the values within ±S of it along the axis.
/// A parabola, not a mean, keeps a hill's top (a 40 m hill 300 m wide, run at 3 m/s, keeps 33 m
/// of its height under a ±180 s fit but 19 m under a ±180 s mean), and at the ends of a piece it
/// follows the trend instead of pulling the end inwards.
enum LocalQuadratic {
    /// Writes the smoothed values of `range` into `out` (indices as in `e`): pieces of one series can
    /// be smoothed on several threads.
    /// - Parameters:
    ///   - u: the axis, non-decreasing.
    ///   - e: the values.
    ///   - halfWindow: S, in the axis' unit.
    /// - Complexity: O(n): the window's sums Σxᵏ (k ≤ 4) and Σy·xᵏ (k ≤ 2) are kept about the
    ///   current point, shifted from one point to the next by the binomial formula, with points
    ///   added and removed as the window slides; every 4096 points they are summed afresh, so
    ///   rounding errors cannot drift.
    static func smooth(axis u: UnsafeBufferPointer<Double>, values e: UnsafeBufferPointer<Double>, halfWindow s: Double,
                       range: Range<Int>, into out: UnsafeMutableBufferPointer<Double>) {
        let n = e.count
        guard s > 0, n >= 3, let first = range.first else {
            for i in range { out[i] = e[i] }
            return
        }
        let e0 = e[0]
        var m0 = 0.0, m1 = 0.0, m2 = 0.0, m3 = 0.0, m4 = 0.0, t0 = 0.0, t1 = 0.0, t2 = 0.0
        // The window of the range's first point: the first index within S before it (two pointers from there).
        var low = first, high = first
        while low > 0, u[low - 1] >= u[first] - s { low -= 1 }
        var previous = u[first]
        func add(_ j: Int, at ui: Double, sign: Double) {
            let x = (u[j] - ui) / s, y = e[j] - e0, x2 = x * x
            m0 += sign; m1 += sign * x; m2 += sign * x2; m3 += sign * x2 * x; m4 += sign * x2 * x2
            t0 += sign * y; t1 += sign * y * x; t2 += sign * y * x2
        }
        for j in low..<high { add(j, at: u[first], sign: 1) }
        for i in range {
            let ui = u[i]
            let dl = (ui - previous) / s
            previous = ui
            if dl != 0, high > low {
                // Move the origin from u[i − 1] to u[i]: x' = x − dl (each line uses the old lower sums).
                let d2 = dl * dl, d3 = d2 * dl, d4 = d3 * dl
                m4 = m4 - 4 * dl * m3 + 6 * d2 * m2 - 4 * d3 * m1 + d4 * m0
                m3 = m3 - 3 * dl * m2 + 3 * d2 * m1 - d3 * m0
                m2 = m2 - 2 * dl * m1 + d2 * m0
                m1 = m1 - dl * m0
                t2 = t2 - 2 * dl * t1 + d2 * t0
                t1 = t1 - dl * t0
            }
            while high < n, u[high] <= ui + s { add(high, at: ui, sign: 1); high += 1 }
            while u[low] < ui - s { add(low, at: ui, sign: -1); low += 1 }
            if (i - first) % 4096 == 4095 {
                m0 = 0; m1 = 0; m2 = 0; m3 = 0; m4 = 0; t0 = 0; t1 = 0; t2 = 0
                for j in low..<high { add(j, at: ui, sign: 1) }
            }
            let count = Double(high - low)
            var value: Double?
            if count >= 5 {
                let det = m0 * (m2 * m4 - m3 * m3) - m1 * (m1 * m4 - m3 * m2) + m2 * (m1 * m3 - m2 * m2)
                if det > 1e-9 * count * count * count {
                    value = (t0 * (m2 * m4 - m3 * m3) - m1 * (t1 * m4 - m3 * t2) + m2 * (t1 * m3 - m2 * t2)) / det
                }
            }
            if value == nil, count >= 2 {
                let variance = m0 * m2 - m1 * m1
                if variance > 1e-9 * count * count { value = (t0 * m2 - m1 * t1) / variance }
            }
            out[i] = (value ?? t0 / count) + e0
        }
    }
}
