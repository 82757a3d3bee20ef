/// A running median over a number of samples (J. W. Tukey, Exploratory Data Analysis, 1977): each
/// value becomes the median of the `halfWidth` samples on each side of it and itself. Near the ends
/// the window shrinks on both sides alike (half-width min(k, i, n − 1 − i)), so it stays centred
/// and a ramp keeps its rise; the first and last values take the median of the three samples at
/// their end, so a spike there goes too. Removes one-sample spikes (a barometer's −9999, a GPS
/// altitude jump) before the smoothing, whatever the sampling interval.
enum SampleMedian {
    /// - Complexity: O(n · k) (a sorted window, updated by insertion).
    static func filter(_ values: [Double], halfWidth k: Int) -> [Double] {
        let n = values.count
        guard n >= 3 else { return values }
        var out = values
        var window: [Double] = []
        window.reserveCapacity(2 * k + 1)
        // The window of i is values[i − h ... i + h]; h grows by one at the start and shrinks by one
        // at the end, so the window is rebuilt only there (2k times), and slides by one elsewhere.
        var low = 0, high = -1
        for i in 0..<n {
            let h = min(k, i, n - 1 - i)
            let wantLow = i - h, wantHigh = i + h
            if wantLow == low + 1 && wantHigh == high + 1 && !window.isEmpty {
                remove(values[low], from: &window)
                insert(values[wantHigh], into: &window)
            } else {
                window.removeAll(keepingCapacity: true)
                for j in wantLow...wantHigh { insert(values[j], into: &window) }
            }
            low = wantLow
            high = wantHigh
            out[i] = window[window.count / 2]
        }
        out[0] = median3(values[0], values[1], values[2])
        out[n - 1] = median3(values[n - 3], values[n - 2], values[n - 1])
        return out
    }

    private static func insert(_ value: Double, into window: inout [Double]) {
        var j = window.count
        window.append(value)
        while j > 0, window[j - 1] > value { window[j] = window[j - 1]; j -= 1 }
        window[j] = value
    }

    private static func remove(_ value: Double, from window: inout [Double]) {
        var j = 0
        while j < window.count, window[j] != value { j += 1 }
        if j < window.count { window.remove(at: j) }
    }

    private static func median3(_ a: Double, _ b: Double, _ c: Double) -> Double {
        max(min(a, b), min(max(a, b), c))
    }

    /// The half-width for a piece: ±5 s (today's running median) in samples at its median sampling
    /// interval, at least 2 (five samples remove one or two bad ones at 10 s sampling, where ±5 s
    /// holds one), at most 50 (a 10 Hz logger); 2 without times.
    static func halfWidth(times: [Double]) -> Int {
        var steps: [Double] = []
        steps.reserveCapacity(times.count)
        for i in times.indices.dropFirst() where times[i] - times[i - 1] > 0 { steps.append(times[i] - times[i - 1]) }
        guard !steps.isEmpty else { return 2 }
        let k = Int((5 / ElevationMath.median(&steps) + 0.5).rounded(.down))
        return max(2, min(50, k))
    }
}
