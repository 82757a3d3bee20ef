/// Selection of the *k*-th smallest value (C. A. R. Hoare, "Algorithm 65: Find", CACM 4(7), 1961).
package enum QuickSelect {
    /// Returns the value of 0-based rank `rank` among `values`, reordering them.
    ///
    /// Hoare partitioning around the median of the first, middle and last values; after
    /// 2 log₂ *n* + 8 partitions without an answer (adversarial input) the rest is sorted.
    ///
    /// - Parameters:
    ///   - rank: In 0 ..< `values.count`.
    ///   - values: The values, none NaN; reordered in place.
    /// - Complexity: O(*n*) expected, O(*n* log *n*) worst; no allocation.
    package static func value(atRank rank: Int, in values: UnsafeMutableBufferPointer<Double>) -> Double {
        precondition(rank >= 0 && rank < values.count)
        var low = 0
        var high = values.count - 1
        var budget = 2 * (Int.bitWidth - values.count.leadingZeroBitCount) + 8
        while low < high {
            if budget == 0 {
                var rest = UnsafeMutableBufferPointer(rebasing: values[low...high])
                rest.sort()
                return values[rank]
            }
            budget -= 1
            let a = values[low], b = values[low + (high - low) / 2], c = values[high]
            let pivot = max(min(a, b), min(max(a, b), c))
            var i = low, j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            // values[low...j] ≤ pivot, values[i...high] ≥ pivot, anything between equals pivot.
            if rank <= j {
                high = j
            } else if rank >= i {
                low = i
            } else {
                return values[rank]
            }
        }
        return values[rank]
    }

    /// The value of 0-based rank `rank` among `values` (reordered).
    static func value(atRank rank: Int, in values: inout [Double]) -> Double {
        values.withUnsafeMutableBufferPointer { value(atRank: rank, in: $0) }
    }
}
