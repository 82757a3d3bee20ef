/// The coordinates being fitted, as two columns (latitudes, longitudes in [−180, 180)) in input
/// order, with the extremes of each column kept up to date.
///
/// ``RegionFitter`` leaves points out by compacting the columns in place, keeping their order, so
/// that a position in the columns still orders points as the input did (the tie rule needs that).
struct CoordinateColumns {
    private(set) var latitudes: [Double]
    private(set) var longitudes: [Double]
    private(set) var latitudeMinimum = Double.infinity
    private(set) var latitudeMaximum = -Double.infinity
    private(set) var longitudeMinimum = Double.infinity
    private(set) var longitudeMaximum = -Double.infinity

    var count: Int { latitudes.count }

    /// Copies and checks the coordinates: every latitude in [−90, 90], every value finite;
    /// longitudes are normalised into [−180, 180).
    ///
    /// - Throws: ``RegionFitError`` (`noCoordinates`, `invalidCoordinate` naming the first bad one).
    /// - Complexity: O(*n*), one pass.
    init(_ coordinates: some Collection<Coordinate>) throws {
        if let columns = try coordinates.withContiguousStorageIfAvailable({ try Self(buffer: $0) }) {
            self = columns
        } else {
            self = try Array(coordinates).withUnsafeBufferPointer { try Self(buffer: $0) }
        }
    }

    private init(buffer: UnsafeBufferPointer<Coordinate>) throws {
        let count = buffer.count
        guard count > 0 else { throw RegionFitError.noCoordinates }
        var firstInvalid: Int?
        var latMin = Double.infinity, latMax = -Double.infinity
        var lonMin = Double.infinity, lonMax = -Double.infinity
        var longitudeColumn: [Double] = []
        let latitudeColumn = [Double](unsafeUninitializedCapacity: count) { lats, latCount in
            longitudeColumn = [Double](unsafeUninitializedCapacity: count) { lons, lonCount in
                for index in 0..<count {
                    let latitude = buffer[index].latitude
                    var longitude = buffer[index].longitude
                    // NaN fails both comparisons.
                    guard latitude >= -90, latitude <= 90, longitude.isFinite else {
                        firstInvalid = index
                        break
                    }
                    if longitude < -180 || longitude >= 180 {
                        longitude = Coordinate.normalizedLongitude(longitude)
                    }
                    lats[index] = latitude
                    lons[index] = longitude
                    latMin = min(latMin, latitude)
                    latMax = max(latMax, latitude)
                    lonMin = min(lonMin, longitude)
                    lonMax = max(lonMax, longitude)
                }
                lonCount = firstInvalid ?? count
            }
            latCount = firstInvalid ?? count
        }
        if let firstInvalid { throw RegionFitError.invalidCoordinate(buffer[firstInvalid], at: firstInvalid) }
        latitudes = latitudeColumn
        longitudes = longitudeColumn
        latitudeMinimum = latMin
        latitudeMaximum = latMax
        longitudeMinimum = lonMin
        longitudeMaximum = lonMax
    }

    /// Keeps only the points whose latitude is in `cluster`, in order.
    mutating func keepPoints(withLatitudeIn cluster: AxisCluster) {
        compact { latitude, _ in cluster.contains(latitude) }
    }

    /// Keeps only the points whose longitude is in `cluster` (an arc of the circle), in order.
    mutating func keepPoints(withLongitudeIn cluster: AxisCluster) {
        compact { _, longitude in cluster.contains(longitude) }
    }

    /// Keeps only the points for which `isKept(latitude, longitude)` is true, in order, and
    /// recomputes the extremes. O(*n*), no allocation.
    @inline(__always)
    mutating func compact(keeping isKept: (Double, Double) -> Bool) {
        var latMin = Double.infinity, latMax = -Double.infinity
        var lonMin = Double.infinity, lonMax = -Double.infinity
        let kept = latitudes.withUnsafeMutableBufferPointer { lats in
            longitudes.withUnsafeMutableBufferPointer { lons in
                var kept = 0
                for index in 0..<lats.count {
                    let latitude = lats[index], longitude = lons[index]
                    guard isKept(latitude, longitude) else { continue }
                    lats[kept] = latitude
                    lons[kept] = longitude
                    kept += 1
                    latMin = min(latMin, latitude)
                    latMax = max(latMax, latitude)
                    lonMin = min(lonMin, longitude)
                    lonMax = max(lonMax, longitude)
                }
                return kept
            }
        }
        latitudes.removeLast(latitudes.count - kept)
        longitudes.removeLast(longitudes.count - kept)
        latitudeMinimum = latMin
        latitudeMaximum = latMax
        longitudeMinimum = lonMin
        longitudeMaximum = lonMax
    }
}
