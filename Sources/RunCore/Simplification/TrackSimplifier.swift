/// Line simplification for drawing a track: fewer points, the same shape within a tolerance.
///
/// Both methods return the indices of the points to keep, in increasing order, always including
/// the first and the last point. They measure in metres on a local east–north plane (the
/// equirectangular projection, scaled by WGS84's radii of curvature at its latitude), taken
/// about the latitude of each piece of the track being examined, so the scale is right anywhere
/// on Earth and not just near the track's centre. Longitudes are unwrapped along the track first
/// (each step taken the short way round, within ±180°), so a track crossing the antimeridian keeps
/// its shape.
///
/// Neither method allocates per point beyond a few arrays of *n* elements, and neither recurses:
/// a million points are fine.
package enum TrackSimplifier {
    /// Simplifies a line with the Douglas–Peucker algorithm (D. H. Douglas and T. K. Peucker,
    /// "Algorithms for the reduction of the number of points required to represent a digitized
    /// line or its caricature", The Canadian Cartographer 10(2):112–122, 1973).
    ///
    /// Starting from the segment joining the first and last points, the point farthest from the
    /// segment is kept if it is more than `toleranceMeters` away, and the two halves are examined
    /// the same way; a segment whose points are all within the tolerance is drawn straight. The
    /// distance is the perpendicular distance to the segment where the foot of the perpendicular
    /// falls on it, and the distance to the nearer end otherwise, so that the turn of an
    /// out-and-back track (whose first and last points coincide) is kept.
    ///
    /// Distances are measured on the plane tangent at the middle latitude of the segment being
    /// examined (its two ends' mean), rather than on one plane for the whole track, whose scale
    /// would drift with latitude along a long track. The relative error grows with a point's
    /// north–south distance Δφ (radians) from that latitude φ, at most about |Δφ| · tan φ: under
    /// 0.1 % within 10 km below 60° of latitude. The short segments where the tolerance decides
    /// are nearly exact.
    ///
    /// The work uses an explicit stack of index ranges instead of recursion.
    ///
    /// - Parameters:
    ///   - coordinates: The track's points in order, WGS84 degrees, finite.
    ///   - toleranceMeters: The largest distance in metres a dropped point may be from the
    ///     simplified line; ≥ 0. With 0, only points exactly on the simplified line are dropped.
    /// - Returns: The indices of the points to keep, increasing: `[]` for no points, `[0]` for one,
    ///   otherwise at least the first and the last.
    /// - Complexity: O(*n* log *n*) for typical tracks, O(*n*²) in the worst case (a shape where
    ///   every split peels off one point); O(*n*) memory.
    package static func douglasPeucker(_ coordinates: [Coordinate], toleranceMeters: Double) -> [Int] {
        precondition(toleranceMeters >= 0, "toleranceMeters must be ≥ 0")
        let count = coordinates.count
        guard count > 2 else { return Array(0..<count) }
        let longitudes = unwrappedLongitudes(coordinates)
        let limit = toleranceMeters * toleranceMeters
        var isKept = [Bool](repeating: false, count: count)
        isKept[0] = true
        isKept[count - 1] = true
        var pending: [(first: Int, last: Int)] = [(0, count - 1)]
        coordinates.withUnsafeBufferPointer { points in
            longitudes.withUnsafeBufferPointer { longitudes in
                while let (first, last) = pending.popLast() {
                    guard last - first > 1 else { continue }
                    let (farthest, squaredDistance) = farthestPoint(between: first, and: last,
                                                                    points: points, longitudes: longitudes)
                    if squaredDistance > limit {
                        isKept[farthest] = true
                        pending.append((first, farthest))
                        pending.append((farthest, last))
                    }
                }
            }
        }
        return isKept.indices.filter { isKept[$0] }
    }

    /// Douglas–Peucker for every tolerance from `floorMeters` up at once: the points kept at the
    /// floor, each with its significance — the squared tolerance (m²) below which it is kept.
    ///
    /// The algorithm's choices do not depend on the tolerance (the farthest point of a segment is
    /// the same whatever the tolerance); the tolerance only decides where the splitting stops. A
    /// point is kept at tolerance *t* when its own distance and those of all the points whose
    /// splits made its segment exceed *t*: its significance is the least of those squared
    /// distances (+∞ for the first and the last point). So for any `t ≥ floorMeters`,
    /// ``douglasPeucker(_:toleranceMeters:)`` keeps exactly the points returned here whose
    /// significance is greater than `t * t`, comparing the same numbers: a line stored once
    /// serves every resolution down to the floor (`SketchLine`).
    ///
    /// - Parameters:
    ///   - coordinates: The track's points in order, WGS84 degrees, finite.
    ///   - floorMeters: The smallest tolerance that will be asked for; ≥ 0.
    /// - Returns: The indices kept at the floor, increasing, with their significance in m².
    /// - Complexity: as ``douglasPeucker(_:toleranceMeters:)`` at `floorMeters`.
    package static func douglasPeuckerSignificance(_ coordinates: [Coordinate],
                                                   floorMeters: Double) -> [(index: Int, squaredMeters: Double)] {
        precondition(floorMeters >= 0, "floorMeters must be ≥ 0")
        let count = coordinates.count
        guard count > 2 else { return (0..<count).map { ($0, Double.infinity) } }
        let longitudes = unwrappedLongitudes(coordinates)
        let limit = floorMeters * floorMeters
        var significance = [Double](repeating: 0, count: count)
        significance[0] = .infinity
        significance[count - 1] = .infinity
        var pending: [(first: Int, last: Int, bound: Double)] = [(0, count - 1, .infinity)]
        coordinates.withUnsafeBufferPointer { points in
            longitudes.withUnsafeBufferPointer { longitudes in
                while let (first, last, bound) = pending.popLast() {
                    guard last - first > 1 else { continue }
                    let (farthest, squaredDistance) = farthestPoint(between: first, and: last,
                                                                    points: points, longitudes: longitudes)
                    if squaredDistance > limit {
                        let kept = min(bound, squaredDistance)
                        significance[farthest] = kept
                        pending.append((first, farthest, kept))
                        pending.append((farthest, last, kept))
                    }
                }
            }
        }
        return significance.indices.compactMap { significance[$0] > limit ? ($0, significance[$0]) : nil }
    }

    /// The point strictly between `first` and `last` farthest from the segment joining them, and
    /// its squared distance in m² (the earliest of equally far points).
    @inline(__always)
    private static func farthestPoint(between first: Int, and last: Int,
                                      points: UnsafeBufferPointer<Coordinate>,
                                      longitudes: UnsafeBufferPointer<Double>) -> (Int, Double) {
        let originLatitude = points[first].latitude
        let originLongitude = longitudes[first]
        let scale = MetersPerDegree(latitude: (originLatitude + points[last].latitude) / 2)
        let endX = (longitudes[last] - originLongitude) * scale.east
        let endY = (points[last].latitude - originLatitude) * scale.north
        let lengthSquared = endX * endX + endY * endY
        var farthest = first + 1
        guard lengthSquared > 0 else {
            // The ends coincide (a loop): distances from that point.
            var maximum = -1.0
            for index in (first + 1)..<last {
                let x = (longitudes[index] - originLongitude) * scale.east
                let y = (points[index].latitude - originLatitude) * scale.north
                let squared = x * x + y * y
                if squared > maximum {
                    maximum = squared
                    farthest = index
                }
            }
            return (farthest, maximum)
        }
        // Squared distances times lengthSquared, to keep the division out of the loop.
        var maximum = -1.0
        for index in (first + 1)..<last {
            let x = (longitudes[index] - originLongitude) * scale.east
            let y = (points[index].latitude - originLatitude) * scale.north
            let along = x * endX + y * endY
            let cross = x * endY - y * endX
            var scaled = cross * cross
            if along < 0 {
                scaled = (x * x + y * y) * lengthSquared
            } else if along > lengthSquared {
                let dx = x - endX, dy = y - endY
                scaled = (dx * dx + dy * dy) * lengthSquared
            }
            if scaled > maximum {
                maximum = scaled
                farthest = index
            }
        }
        return (farthest, maximum / lengthSquared)
    }


    /// Longitudes made continuous along the track: each step from one point to the next is taken
    /// the short way round (in [−180, 180)), starting from the first point's longitude.
    static func unwrappedLongitudes(_ coordinates: [Coordinate]) -> [Double] {
        guard let first = coordinates.first else { return [] }
        return [Double](unsafeUninitializedCapacity: coordinates.count) { longitudes, initialized in
            var previous = first.longitude
            var unwrapped = first.longitude
            for (index, point) in coordinates.enumerated() {
                unwrapped += Coordinate.normalizedLongitude(point.longitude - previous)
                previous = point.longitude
                longitudes[index] = unwrapped
            }
            initialized = coordinates.count
        }
    }
}
