/// What ``RegionFitter/fitTrack(_:)`` needs of a track to fit its region again — with another
/// gap threshold or padding, as the settings `map.regionGap` and `map.regionPadding` choose —
/// without the track's points: the extent of the points that step 4 keeps (far fixes left out,
/// which depends only on the outlier parameters recorded here) and the widest gap between
/// neighbouring values inside them.
///
/// With a gap threshold at least ``largestGapDegrees``, every kept point is in one cluster on
/// both axes (the longitudes on the arc that cuts the circle at its largest gap, by the fitter's
/// rule), the first round of clustering leaves nothing out, and the region is the padded extent:
/// ``RegionFitter/region(from:)`` computes it with the fitter's own arithmetic, so it equals what
/// `fitTrack` gives for the points. With a smaller threshold the clusters depend on the points
/// themselves and the basis does not say (the region is fitted to the points then).
package struct RegionBasis: Sendable, Hashable {
    /// The kept points' southernmost and northernmost latitude.
    package var latitudeLow: Double
    package var latitudeHigh: Double
    /// The west and east end of the arc of the kept points' longitudes (east < west across the antimeridian).
    package var longitudeWest: Double
    package var longitudeEast: Double
    /// The widest gap in degrees between neighbouring sorted latitudes, or between neighbouring
    /// longitudes on the arc (the gap the circle is cut at left out); 0 for a single point.
    package var largestGapDegrees: Double
    /// The outlier parameters the kept points were chosen with (``RegionFitter`` has their meaning).
    package var trackSizeQuantile: Double
    package var outlierDistanceFactor: Double
    package var minimumOutlierRadiusMeters: Double

    package init(latitudeLow: Double, latitudeHigh: Double, longitudeWest: Double, longitudeEast: Double, largestGapDegrees: Double,
                 trackSizeQuantile: Double, outlierDistanceFactor: Double, minimumOutlierRadiusMeters: Double) {
        self.latitudeLow = latitudeLow
        self.latitudeHigh = latitudeHigh
        self.longitudeWest = longitudeWest
        self.longitudeEast = longitudeEast
        self.largestGapDegrees = largestGapDegrees
        self.trackSizeQuantile = trackSizeQuantile
        self.outlierDistanceFactor = outlierDistanceFactor
        self.minimumOutlierRadiusMeters = minimumOutlierRadiusMeters
    }
}

extension RegionFitter {
    /// The basis of a track's region: ``fitTrack(_:)``'s steps 1 to 4 with this fitter's outlier
    /// parameters, then the kept points' extent and widest inner gap.
    /// - Throws: ``RegionFitError``, as ``fitTrack(_:)`` (no coordinates, an invalid one, a parameter out of range).
    /// - Complexity: O(*n* log *n*): the kept values are sorted to find their gaps.
    package func basis(ofTrack coordinates: some Collection<Coordinate>) throws -> RegionBasis {
        try validate()
        var columns = try CoordinateColumns(coordinates)
        leaveOutFarPoints(&columns)
        let latitudes = columns.latitudes.sorted(), longitudes = columns.longitudes.sorted()
        var gap = 0.0
        for index in latitudes.indices.dropFirst() { gap = max(gap, latitudes[index] - latitudes[index - 1]) }
        // Round the circle: the gaps between neighbours, then the one through ±180; all but the cut.
        let cut = AxisCluster.cutOfCircle(sorted: longitudes)
        for index in longitudes.indices.dropFirst() where index - 1 != cut {
            gap = max(gap, longitudes[index] - longitudes[index - 1])
        }
        if cut != nil, let first = longitudes.first, let last = longitudes.last { gap = max(gap, first + 360 - last) }
        let west = cut.map { longitudes[$0 + 1] } ?? longitudes[0]
        let east = cut.map { longitudes[$0] } ?? longitudes[longitudes.count - 1]
        return RegionBasis(latitudeLow: columns.latitudeMinimum, latitudeHigh: columns.latitudeMaximum, longitudeWest: west,
                           longitudeEast: east, largestGapDegrees: gap, trackSizeQuantile: trackSizeQuantile,
                           outlierDistanceFactor: outlierDistanceFactor, minimumOutlierRadiusMeters: minimumOutlierRadiusMeters)
    }

    /// The region ``fitTrack(_:)`` fits to the track the basis was made from, when the basis
    /// determines it: this fitter's gap threshold is at least the basis' widest gap and its
    /// outlier parameters are the basis' (and all its parameters valid).
    /// - Returns: the region, equal to `fitTrack`'s; nil when the points are needed to fit it.
    package func region(from basis: RegionBasis) -> MapRegion? {
        guard (try? validate()) != nil, gapThresholdDegrees >= basis.largestGapDegrees,
              trackSizeQuantile == basis.trackSizeQuantile, outlierDistanceFactor == basis.outlierDistanceFactor,
              minimumOutlierRadiusMeters == basis.minimumOutlierRadiusMeters else { return nil }
        return region(latitudeLow: basis.latitudeLow, latitudeHigh: basis.latitudeHigh,
                      longitudes: AxisCluster(low: basis.longitudeWest, high: basis.longitudeEast, count: 0, firstIndex: 0))
    }
}
