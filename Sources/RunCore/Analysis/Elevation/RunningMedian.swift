/// A centred running median over a time window (J. W. Tukey, Exploratory Data Analysis, 1977):
/// each value is replaced by the median of the values within ±`halfWindowSeconds` of it.
/// Removes one-sample spikes and most noise while keeping steps and ramps; at the ends the window
/// is cut short. Values without a time, and values with no neighbour inside the window, are kept
/// as they are.
public enum RunningMedian {
    /// - Parameters:
    ///   - values: the series (NaN = absent, left absent and not used as a neighbour).
    ///   - times: seconds, non-decreasing where known (NaN = unknown).
    /// - Returns: the filtered series, same length.
    /// - Complexity: O(n · w) where w is the number of values in a window (sorted insertion).
    public static func filter(_ values: [Double], times: [Double], halfWindowSeconds: Double) -> [Double] {
        precondition(values.count == times.count)
        var result = values
        guard halfWindowSeconds > 0 else { return result }
        // Indices of the usable values (both known), in order.
        var usable: [Int] = []
        usable.reserveCapacity(values.count)
        for i in values.indices where !values[i].isNaN && !times[i].isNaN { usable.append(i) }
        var window: [Double] = []   // sorted values of usable[low...high]
        var low = 0, high = -1
        for (k, i) in usable.enumerated() {
            let t = times[i]
            while high + 1 < usable.count, times[usable[high + 1]] <= t + halfWindowSeconds {
                high += 1
                insert(values[usable[high]], into: &window)
            }
            while low < k, times[usable[low]] < t - halfWindowSeconds {
                remove(values[usable[low]], from: &window)
                low += 1
            }
            let count = window.count
            if count > 1 {
                result[i] = count % 2 == 1 ? window[count / 2] : (window[count / 2 - 1] + window[count / 2]) / 2
            }
        }
        return result
    }

    private static func insert(_ value: Double, into sorted: inout [Double]) {
        var lo = 0, hi = sorted.count
        while lo < hi { let mid = (lo + hi) / 2; if sorted[mid] < value { lo = mid + 1 } else { hi = mid } }
        sorted.insert(value, at: lo)
    }

    private static func remove(_ value: Double, from sorted: inout [Double]) {
        var lo = 0, hi = sorted.count
        while lo < hi { let mid = (lo + hi) / 2; if sorted[mid] < value { lo = mid + 1 } else { hi = mid } }
        sorted.remove(at: lo)
    }
}
