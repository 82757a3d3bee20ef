extension Bounds {
    /// Whether the bounds cross the antimeridian (±180°): then ``minLongitude`` is the western edge
    /// and is greater than ``maxLongitude``, the eastern one (RFC 7946 §5.2's convention for
    /// bounding boxes).
    package var crossesAntimeridian: Bool { minLongitude > maxLongitude }

    /// The smallest box holding every position: the latitude range, and the shortest arc of
    /// longitude that holds every longitude — the way round that leaves out the largest gap
    /// between them (so a run across the antimeridian at Fiji or Kamchatka gets a box a few
    /// kilometres wide, from 179.9 east to −179.9, not one around the world). nil without positions.
    /// - Parameter longitudes: in [−180, 180] (as the readers normalise them), as many as `latitudes`.
    /// - Complexity: O(n); O(n log n) only when the longitudes span more than 180° one way.
    package static func enclosing(latitudes: [Double], longitudes: [Double]) -> Bounds? {
        guard let minLatitude = latitudes.min(), let maxLatitude = latitudes.max(),
              let west = longitudes.min(), let east = longitudes.max() else { return nil }
        // Within 180° one way, the gap across ±180 is at least 180°: the largest, so min…max is shortest.
        guard east - west > 180 else {
            return Bounds(minLatitude: minLatitude, minLongitude: west, maxLatitude: maxLatitude, maxLongitude: east)
        }
        let sorted = longitudes.sorted()
        var largestGap = sorted[0] + 360 - sorted[sorted.count - 1], gapEnd = 0
        for k in 1..<sorted.count where sorted[k] - sorted[k - 1] > largestGap {
            largestGap = sorted[k] - sorted[k - 1]
            gapEnd = k
        }
        // The box starts after the largest gap and ends before it.
        let minLongitude = sorted[gapEnd], maxLongitude = sorted[(gapEnd + sorted.count - 1) % sorted.count]
        return Bounds(minLatitude: minLatitude, minLongitude: minLongitude, maxLatitude: maxLatitude, maxLongitude: maxLongitude)
    }
}
