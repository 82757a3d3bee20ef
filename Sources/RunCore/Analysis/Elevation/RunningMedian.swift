/// A centred running median over a time window (J. W. Tukey, Exploratory Data Analysis, 1977):
/// each value is replaced by the median of the values within ±`halfWindowSeconds` of it.
/// Removes one-sample spikes and most noise while keeping steps and ramps. Near the ends the
/// window shrinks on both sides alike (half-width min(w, t − first, last − t)), so it stays
/// centred: the first and last values are kept as they are and a ramp keeps its full rise (a
/// window cut on one side only would pull the ends towards the inside). Values without a time,
/// and values with no neighbour inside the window, are kept as they are.
package enum RunningMedian {
    /// - Parameters:
    ///   - values: the series (NaN = absent, left absent and not used as a neighbour).
    ///   - times: seconds, non-decreasing where known (NaN = unknown).
    /// - Returns: the filtered series, same length.
    /// - Complexity: O(n · w) where w is the number of values in a window (sorted insertion).
    package static func filter(_ values: [Double], times: [Double], halfWindowSeconds: Double) -> [Double] {
        precondition(values.count == times.count)
        var result = values
        guard halfWindowSeconds > 0 else { return result }
        // Indices of the usable values (both known), in order.
        var usable: [Int] = []
        usable.reserveCapacity(values.count)
        for i in values.indices where !values[i].isNaN && !times[i].isNaN { usable.append(i) }
        // Sorted values of usable[low...high], in a buffer as large as the biggest window.
        var capacity = 16
        var window = UnsafeMutablePointer<Double>.allocate(capacity: capacity)
        defer { window.deallocate() }
        var count = 0
        var low = 0, high = -1
        guard let firstUsable = usable.first, let lastUsable = usable.last else { return result }
        let firstTime = times[firstUsable], lastTime = times[lastUsable]
        for (k, i) in usable.enumerated() {
            let t = times[i]
            // Both bounds of the centred, shrinking window only move forward, so two pointers do.
            let half = min(halfWindowSeconds, t - firstTime, lastTime - t)
            while high + 1 < usable.count, times[usable[high + 1]] <= t + half {
                high += 1
                if count == capacity {
                    let larger = UnsafeMutablePointer<Double>.allocate(capacity: capacity * 2)
                    larger.update(from: window, count: count)
                    window.deallocate()
                    window = larger
                    capacity *= 2
                }
                // Insert keeping the order.
                let value = values[usable[high]]
                var j = count
                while j > 0, window[j - 1] > value { window[j] = window[j - 1]; j -= 1 }
                window[j] = value
                count += 1
            }
            while low < k, times[usable[low]] < t - half {
                // Remove one copy of the leaving value.
                let value = values[usable[low]]
                var j = 0
                while j < count, window[j] != value { j += 1 }
                while j + 1 < count { window[j] = window[j + 1]; j += 1 }
                count -= 1
                low += 1
            }
            if count > 1 {
                result[i] = count % 2 == 1 ? window[count / 2] : (window[count / 2 - 1] + window[count / 2]) / 2
            }
        }
        return result
    }
}
