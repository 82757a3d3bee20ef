extension RegionFitter {
    /// Leaves out the points far from the track's median location: step 1 to 4 of
    /// ``fitTrack(_:)``'s rule. Never leaves out everything (the nearest-rank quantile point and
    /// all nearer points stay).
    ///
    /// - Complexity: O(*n*) expected (three quickselects, a histogram, one compaction).
    func leaveOutFarPoints(_ columns: inout CoordinateColumns) {
        let count = columns.count
        guard count > 1 else { return }
        var scratch = columns.latitudes
        let medianLatitude = scratch.withUnsafeMutableBufferPointer {
            QuickSelect.value(atRank: count / 2, in: $0)
        }

        // The longitude median round the circle: offsets from the densest 1° band, in [−180, 180).
        let reference = Self.densestLongitudeBand(columns.longitudes)
        columns.longitudes.withUnsafeBufferPointer { longitudes in
            scratch.withUnsafeMutableBufferPointer { offsets in
                for index in 0..<count {
                    offsets[index] = Coordinate.normalizedLongitude(longitudes[index] - reference)
                }
            }
        }
        let medianOffset = scratch.withUnsafeMutableBufferPointer {
            QuickSelect.value(atRank: count / 2, in: $0)
        }
        let median = Coordinate(latitude: medianLatitude,
                                longitude: Coordinate.normalizedLongitude(reference + medianOffset))

        let scale = MetersPerDegree(latitude: median.latitude)
        columns.latitudes.withUnsafeBufferPointer { latitudes in
            columns.longitudes.withUnsafeBufferPointer { longitudes in
                scratch.withUnsafeMutableBufferPointer { squares in
                    for index in 0..<count {
                        squares[index] = Self.squaredDistance(latitudes[index], longitudes[index],
                                                              from: median, scale: scale)
                    }
                }
            }
        }
        let sizeRank = min(count, max(1, Int((trackSizeQuantile * Double(count)).rounded(.up)))) - 1
        let sizeSquared = scratch.withUnsafeMutableBufferPointer {
            QuickSelect.value(atRank: sizeRank, in: $0)
        }
        let radius = max(outlierDistanceFactor * sizeSquared.squareRoot(), minimumOutlierRadiusMeters)
        let limit = radius * radius
        columns.compact { latitude, longitude in
            Self.squaredDistance(latitude, longitude, from: median, scale: scale) <= limit
        }
    }

    /// The squared distance in m² from `center` on the plane tangent there (equirectangular).
    @inline(__always)
    static func squaredDistance(_ latitude: Double, _ longitude: Double, from center: Coordinate,
                                scale: MetersPerDegree) -> Double {
        let north = (latitude - center.latitude) * scale.north
        let east = Coordinate.normalizedLongitude(longitude - center.longitude) * scale.east
        return north * north + east * east
    }

    /// The middle of the 1° band of longitude holding the most points (the westernmost of equals).
    static func densestLongitudeBand(_ longitudes: [Double]) -> Double {
        var counts = [Int](repeating: 0, count: 360)
        counts.withUnsafeMutableBufferPointer { counts in
            for longitude in longitudes {
                counts[min(max(Int(longitude + 180), 0), 359)] += 1
            }
        }
        var densest = 0
        for band in 1..<360 where counts[band] > counts[densest] { densest = band }
        return Double(densest) - 180 + 0.5
    }
}
