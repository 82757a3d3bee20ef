/// The axis elevation is smoothed along: "moving seconds". Between 1 and 4 m/s it is time — the
/// scale on which GPS altitude errors are correlated —; slower steps count by distance at 1 m/s,
/// so the fixes of a stop crowd onto one place of the axis and a stop cannot make climb; faster
/// steps count by distance at 4 m/s, so on a bike windows are spans of terrain (terrain is a
/// function of distance); across a hole in the recording the axis jumps by its duration, so no
/// window reaches across it; steps without a duration count by distance at 3 m/s.
enum ElevationAxis {
    static let minimumSpeed = 1.0, maximumSpeed = 4.0
    /// A step longer than this and ``gapFactor`` × the median step is a hole in the recording.
    static let gapMinimumSeconds = 60.0, gapFactor = 5.0
    static let untimedSpeed = 3.0

    /// The axis of a piece, from its times (NaN unknown) and cumulative distances, and the piece's
    /// median step between times (nil without one).
    /// - Complexity: O(n).
    static func axis(times t: ArraySlice<Double>, distances d: ArraySlice<Double>) -> (axis: [Double], medianStep: Double?) {
        let n = t.count
        var u = [Double](repeating: 0, count: n)
        guard n > 1 else { return (u, nil) }
        let t0 = t.startIndex, d0 = d.startIndex
        var steps: [Double] = []
        steps.reserveCapacity(n)
        for i in 1..<n where t[t0 + i] - t[t0 + i - 1] > 0 { steps.append(t[t0 + i] - t[t0 + i - 1]) }
        let medianStep = steps.isEmpty ? nil : ElevationMath.median(&steps)
        let gap = medianStep.map { max(gapMinimumSeconds, gapFactor * $0) } ?? .infinity
        for i in 1..<n {
            let dd = d[d0 + i] - d[d0 + i - 1], dt = t[t0 + i] - t[t0 + i - 1]
            if dt > gap {
                u[i] = u[i - 1] + dt
            } else if !(dd > 0) {
                u[i] = u[i - 1]
            } else {
                let v = dt > 0 ? min(max(dd / dt, minimumSpeed), maximumSpeed) : untimedSpeed
                u[i] = u[i - 1] + dd / v
            }
        }
        return (u, medianStep)
    }
}

/// Small numeric helpers of the elevation method.
enum ElevationMath {
    /// The median (the mean of the middle two for an even count); NaN when empty. Reorders `values`.
    static func median(_ values: inout [Double]) -> Double {
        let n = values.count
        guard n > 0 else { return .nan }
        let upper = QuickSelect.value(atRank: n / 2, in: &values)
        guard n % 2 == 0 else { return upper }
        // values[0..<n/2] hold the smaller half now: their largest is the lower middle.
        var lower = -Double.infinity
        for k in 0..<(n / 2) where values[k] > lower { lower = values[k] }
        return (lower + upper) / 2
    }

    /// 1.4826 × the median of |r|: the standard deviation of normal residuals, unmoved by
    /// outliers (Hampel 1974). NaN without residuals. Reorders `residuals`.
    static func robustScale(_ residuals: inout [Double]) -> Double {
        for k in residuals.indices { residuals[k] = abs(residuals[k]) }
        return 1.4826 * median(&residuals)
    }
}
