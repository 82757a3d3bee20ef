/// A cluster of values on one axis: a maximal run of the sorted values in which consecutive values
/// are at most the gap threshold apart ("longest run of values with gaps ≤ threshold").
///
/// On the latitude axis a cluster is the interval [`low`, `high`]. On the longitude axis values lie
/// on a circle: a cluster is the arc from `low` eastward to `high`, which crosses the antimeridian
/// when `high < low`. When no gap between longitudes exceeds the threshold, all of them are one
/// cluster and the arc is the circle cut at the largest gap: the smallest arc holding them all.
struct AxisCluster: Equatable {
    /// The smallest value (the west end of an arc).
    var low: Double
    /// The largest value (the east end of an arc).
    var high: Double
    /// How many points the cluster holds.
    var count: Int
    /// The smallest position (input order) among its points; breaks ties between clusters.
    var firstIndex: Int

    /// Whether a value belongs to the cluster. Exact comparisons, no arithmetic: a cluster is
    /// maximal, so the values in its interval (or arc) are exactly its members.
    @inline(__always)
    func contains(_ value: Double) -> Bool {
        if low <= high { return low <= value && value <= high }
        return value >= low || value <= high
    }

    /// The extent in degrees: `high − low`, eastward (plus 360 across the antimeridian).
    var extent: Double {
        low <= high ? high - low : high - low + 360
    }

    /// The middle of the interval, or of the arc (normalised into [−180, 180)).
    var middle: Double {
        low <= high ? low + (high - low) / 2 : Coordinate.normalizedLongitude(low + extent / 2)
    }

    /// Whether this cluster wins over `other`: more points; on a tie, the one holding the point
    /// that comes first in input order.
    @inline(__always)
    func isPreferred(over other: AxisCluster) -> Bool {
        count != other.count ? count > other.count : firstIndex < other.firstIndex
    }
}

extension AxisCluster {
    /// The largest cluster of `values`.
    ///
    /// Instead of sorting, values go into equal-width buckets over [`minimum`, `maximum`] narrower
    /// than `gap`: all values in one bucket are then in one cluster, and a cluster boundary can
    /// only be a gap between the highest value of one non-empty bucket and the lowest of the next,
    /// so the buckets' counts, extremes and first positions give the clusters exactly. When the
    /// range needs more than 2 *n* + 1024 buckets (a tiny threshold on spread-out values) the
    /// values are sorted instead. So are longitudes that form a single cluster all round the
    /// circle, to find the largest gap to cut it at.
    ///
    /// - Parameters:
    ///   - values: At least one value, in input order; latitudes, or longitudes in [−180, 180).
    ///   - minimum: The smallest of `values`.
    ///   - maximum: The largest of `values`.
    ///   - gap: The gap threshold in degrees, ≥ 0: values at most this far apart are in one cluster.
    ///   - isCyclic: Longitudes: the gap from the largest value round to the smallest (through
    ///     ±180) counts too, so a cluster can straddle the antimeridian.
    /// - Returns: The cluster with the most values; on a tie, the one holding the earliest value.
    /// - Complexity: O(*n*) time and O(*n*) buckets at most; O(*n* log *n*) on the sorting paths.
    static func largest(in values: UnsafeBufferPointer<Double>, minimum: Double, maximum: Double,
                        gap: Double, isCyclic: Bool) -> AxisCluster {
        precondition(!values.isEmpty)
        let range = maximum - minimum
        let bucketLimit = 2 * values.count + 1024
        var bucketCount = 1
        if range > 0 {
            // Width range / bucketCount < gap, with a margin far above rounding.
            let ratio = range / gap  // +inf for gap 0
            guard ratio < Double(bucketLimit - 1) else {
                return sortedLargest(in: values, gap: gap, isCyclic: isCyclic) ?? arcCutAtLargestGap(values)
            }
            bucketCount = Int(ratio.rounded(.up)) + 1
        }
        var buckets = [Bucket](repeating: Bucket(), count: bucketCount)
        buckets.withUnsafeMutableBufferPointer { buckets in
            let scale = range > 0 ? Double(bucketCount) / range : 0
            let last = bucketCount - 1
            for index in 0..<values.count {
                let value = values[index]
                let slot = min(Int((value - minimum) * scale), last)
                // Branch-free: an empty bucket holds (+∞, −∞, 0, Int.max).
                buckets[slot].low = min(buckets[slot].low, value)
                buckets[slot].high = max(buckets[slot].high, value)
                buckets[slot].count += 1
                buckets[slot].firstIndex = min(buckets[slot].firstIndex, index)
            }
        }
        let cluster = buckets.withUnsafeBufferPointer { largest(amongAscending: $0, gap: gap, isCyclic: isCyclic) }
        return cluster ?? arcCutAtLargestGap(values)
    }

    /// The sorting path of ``largest(in:minimum:maximum:gap:isCyclic:)``: each value is a bucket.
    private static func sortedLargest(in values: UnsafeBufferPointer<Double>, gap: Double,
                                      isCyclic: Bool) -> AxisCluster? {
        var buckets = values.enumerated().map { Bucket(low: $1, high: $1, count: 1, firstIndex: $0) }
        buckets.sort { ($0.low, $0.firstIndex) < ($1.low, $1.firstIndex) }
        return buckets.withUnsafeBufferPointer { largest(amongAscending: $0, gap: gap, isCyclic: isCyclic) }
    }

    /// Walks buckets in ascending order of value (empty ones skipped), cuts wherever the next
    /// bucket's lowest value is more than `gap` above the highest value so far, and returns the
    /// preferred cluster. On a circle, the first and last clusters join when the gap through ±180
    /// is at most `gap`; when that leaves no cut at all the result is `nil`.
    private static func largest(amongAscending buckets: UnsafeBufferPointer<Bucket>, gap: Double,
                                isCyclic: Bool) -> AxisCluster? {
        var first: AxisCluster?  // the first cluster, kept aside: it may join the last one
        var best: AxisCluster?  // the preferred cluster among the others, all closed
        var current: AxisCluster?
        for bucket in buckets where bucket.count > 0 {
            if var open = current, bucket.low - open.high <= gap {
                open.high = bucket.high
                open.count += bucket.count
                open.firstIndex = min(open.firstIndex, bucket.firstIndex)
                current = open
                continue
            }
            if let closed = current {
                if first == nil { first = closed } else { best = preferred(best, closed) }
            }
            current = AxisCluster(low: bucket.low, high: bucket.high, count: bucket.count,
                                  firstIndex: bucket.firstIndex)
        }
        guard let last = current else { preconditionFailure("no values") }
        guard var head = first else {
            // A single cluster; on a circle, no cut at all when even the gap through ±180 is
            // within the threshold.
            return isCyclic && last.low + 360 - last.high <= gap ? nil : last
        }
        if isCyclic, head.low + 360 - last.high <= gap {
            // The first and last clusters straddle ±180: one arc from the last's low eastward.
            head.low = last.low
            head.count += last.count
            head.firstIndex = min(head.firstIndex, last.firstIndex)
            return preferred(best, head)
        }
        return preferred(preferred(best, head), last)
    }

    /// All the longitudes as one arc: the circle cut at the largest gap between consecutive
    /// sorted values (including the gap through ±180, considered last); the first from −180 of
    /// equal largest gaps.
    private static func arcCutAtLargestGap(_ values: UnsafeBufferPointer<Double>) -> AxisCluster {
        let sorted = values.sorted()
        guard let cut = cutOfCircle(sorted: sorted) else {
            return AxisCluster(low: sorted[0], high: sorted[sorted.count - 1], count: values.count, firstIndex: 0)
        }
        return AxisCluster(low: sorted[cut + 1], high: sorted[cut], count: values.count, firstIndex: 0)
    }

    /// Where ``arcCutAtLargestGap(_:)`` cuts the circle of sorted longitudes: after position `cut`
    /// (between `sorted[cut]` and `sorted[cut + 1]`), or nil for the gap through ±180.
    static func cutOfCircle(sorted: [Double]) -> Int? {
        let last = sorted.count - 1
        var cut = -1
        var largestGap = -Double.infinity
        for index in 0..<max(last, 0) where sorted[index + 1] - sorted[index] > largestGap {
            largestGap = sorted[index + 1] - sorted[index]
            cut = index
        }
        return cut < 0 || sorted[0] + 360 - sorted[last] > largestGap ? nil : cut
    }

    @inline(__always)
    private static func preferred(_ incumbent: AxisCluster?, _ challenger: AxisCluster) -> AxisCluster {
        guard let incumbent else { return challenger }
        return challenger.isPreferred(over: incumbent) ? challenger : incumbent
    }

    /// What the buckets record of the values falling in them.
    private struct Bucket {
        var low = Double.infinity
        var high = -Double.infinity
        var count = 0
        var firstIndex = Int.max
    }
}
