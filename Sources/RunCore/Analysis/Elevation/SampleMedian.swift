/// A running median over a number of samples (J. W. Tukey, Exploratory Data Analysis, 1977): each
/// value becomes the median of the `halfWidth` samples on each side of it and itself. Near the ends
/// the window shrinks on both sides alike (half-width min(k, i, n − 1 − i)), so it stays centred
/// and a ramp keeps its rise; the first and last values take the median of the three samples at
/// their end, so a spike there goes too. Removes one-sample spikes (a barometer's −9999, a GPS
/// altitude jump) before the smoothing, whatever the sampling interval.
enum SampleMedian {
    /// Writes the filtered values of `range` into `out` (indices as in `values`): pieces of one
    /// series can be filtered on several threads.
    /// - Complexity: O(range.count · k).
    static func filter(_ values: UnsafeBufferPointer<Double>, halfWidth k: Int, range: Range<Int>, into out: UnsafeMutableBufferPointer<Double>) {
        let n = values.count
        guard n >= 3 else {
            for i in range { out[i] = values[i] }
            return
        }
        // The window of i is values[i − h ... i + h], kept sorted; h grows by one at the start and
        // shrinks by one at the end, so the window is rebuilt only there (2k times) and at the
        // range's start, and slides by one sample elsewhere.
        let window = UnsafeMutableBufferPointer<Double>.allocate(capacity: 2 * k + 1)
        defer { window.deallocate() }
        var count = 0
        var low = -2, high = -2
        for i in range {
            let h = min(k, i, n - 1 - i)
            let wantLow = i - h, wantHigh = i + h
            if wantLow == low + 1 && wantHigh == high + 1 && count > 0 {
                // Replace the leaving value by the entering one, and move it to its place.
                let leaving = values[low]
                var j = 0
                while window[j] != leaving { j += 1 }
                window[j] = values[wantHigh]
                while j > 0, window[j - 1] > window[j] { window.swapAt(j - 1, j); j -= 1 }
                while j + 1 < count, window[j + 1] < window[j] { window.swapAt(j + 1, j); j += 1 }
            } else {
                count = 0
                var m = wantLow
                while m <= wantHigh {
                    var j = count
                    while j > 0, window[j - 1] > values[m] { window[j] = window[j - 1]; j -= 1 }
                    window[j] = values[m]
                    count += 1
                    m += 1
                }
            }
            low = wantLow
            high = wantHigh
            out[i] = window[count / 2]
        }
        if range.contains(0) { out[0] = median3(values[0], values[1], values[2]) }
        if range.contains(n - 1) { out[n - 1] = median3(values[n - 3], values[n - 2], values[n - 1]) }
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
        return halfWidth(medianStep: steps.isEmpty ? nil : ElevationMath.median(&steps))
    }

    /// The same from the median step (nil: untimed).
    static func halfWidth(medianStep: Double?) -> Int {
        guard let medianStep else { return 2 }
        return max(2, min(50, Int((5 / medianStep + 0.5).rounded(.down))))
    }
}
