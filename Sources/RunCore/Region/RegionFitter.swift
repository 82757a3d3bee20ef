/// Fits a ``MapRegion`` to a set of coordinates: the area where most of them are, leaving out the
/// few fixes that landed far away.
///
/// ## The rule
///
/// ``fit(_:)`` uses the clustering that iOS apps commonly use to fit an `MKCoordinateRegion`: sort
/// the latitudes (and, separately, the longitudes), split the sorted values wherever two
/// consecutive values are more than ``gapThresholdDegrees`` apart, and take the longest run of
/// values with gaps ≤ threshold. The naive version of that rule has faults that this one fixes:
///
/// - **Off by one.** Counting a run from the first *gap* rather than from the first *value* after
///   it undercounts every run but the first by one, so a smaller cluster at the start can beat a
///   larger one. Here a cluster counts all of its points.
/// - **The antimeridian.** Longitudes lie on a circle. Gaps are measured round it, including the
///   gap from the largest longitude through ±180 to the smallest, so points at 179.9 and −179.9
///   (0.2° apart) are one cluster and a run in Fiji is not split in two; the circle is cut only at
///   gaps wider than the threshold. If no gap anywhere is wider (the points ring the globe, or the
///   threshold is +∞), they are all one cluster and the circle is cut at the largest gap (the
///   first from −180 of equal ones, the gap through ±180 counting last): the smallest arc that
///   holds them all.
/// - **Independent axes.** A point is kept or left out as a whole, never for one axis only. The
///   fitter alternates between the axes: it takes the largest latitude cluster and keeps the
///   points in it, then the largest longitude cluster of *those* points and keeps the points in
///   it, and repeats until a round leaves nothing more out. The points kept then form a single
///   cluster in both latitude and longitude, and the region is fitted to them alone. A track needs
///   one or two rounds; after 16 rounds (reachable only by contrived inputs) the fitter stops and
///   fits the points kept so far.
/// - **Ties.** When two clusters of an axis hold the same number of points, the one holding the
///   point that comes first in input order wins (the start of a track). The result therefore
///   depends on the order of the input only when there is such a tie.
/// - **One point, no padding.** The kept points' extent is widened by ``paddingFraction`` on each
///   side, then to at least ``minimumSpanDegrees``, so one point gets a small region centred on it
///   rather than a zero span. Latitudes are clamped to [−90, 90] (the region is cut at a pole, not
///   shifted); the longitude span is at most 360°.
///
/// ``fitTrack(_:)`` first leaves out fixes far from the track's median location, which catches
/// GPS glitches closer than the gap threshold (1° is about 111 km), and then fits.
///
/// The fitter is a value with no state beyond its parameters; it can be used from any thread.
package struct RegionFitter: Sendable, Hashable {
    /// The largest gap in degrees between consecutive sorted values of one cluster; 1.0 by
    /// default (the value of the common iOS approach). Must be ≥ 0; +∞ makes every point one
    /// cluster, so the region is the smallest one holding them all.
    package var gapThresholdDegrees: Double
    /// How much empty margin to add on each side, as a fraction of the span: 0.1 (10 % on each
    /// side, so the region is 1.2 × the points' extent). Must be finite and ≥ 0.
    package var paddingFraction: Double
    /// The smallest span in degrees on either axis: 0.005° by default, about 556 m of latitude
    /// (and 556 m × cos φ of longitude), a few streets on a map. Applies after padding. Must be in [0, 180].
    package var minimumSpanDegrees: Double
    /// ``fitTrack(_:)``: the quantile of the distances from the median location that gives the
    /// track's size; 0.9 by default (the nearest-rank 90th percentile), which tolerates up to
    /// 10 % of far fixes. Must be in (0, 1].
    package var trackSizeQuantile: Double
    /// ``fitTrack(_:)``: points farther from the median location than this many times the
    /// track's size are left out; 3 by default. Must be finite and ≥ 1.
    package var outlierDistanceFactor: Double
    /// ``fitTrack(_:)``: points within this many metres of the median location are never left
    /// out; 1 000 m by default, so a compact track keeps all its points. Must be finite and ≥ 0.
    package var minimumOutlierRadiusMeters: Double

    /// Creates a fitter; every parameter has a default (see the properties).
    package init(gapThresholdDegrees: Double = 1.0, paddingFraction: Double = 0.1,
                minimumSpanDegrees: Double = 0.005, trackSizeQuantile: Double = 0.9,
                outlierDistanceFactor: Double = 3, minimumOutlierRadiusMeters: Double = 1_000) {
        self.gapThresholdDegrees = gapThresholdDegrees
        self.paddingFraction = paddingFraction
        self.minimumSpanDegrees = minimumSpanDegrees
        self.trackSizeQuantile = trackSizeQuantile
        self.outlierDistanceFactor = outlierDistanceFactor
        self.minimumOutlierRadiusMeters = minimumOutlierRadiusMeters
    }

    /// The most rounds of alternating latitude and longitude clustering.
    static let maximumRounds = 16

    /// Fits a region to the largest cluster of the coordinates ("longest run of values with gaps ≤
    /// threshold" clustering, fixed as the type's overview describes).
    ///
    /// - Parameter coordinates: WGS84 positions in input order (a track's order, for the tie
    ///   rule); longitudes outside [−180, 180) are normalised.
    /// - Returns: The region of the kept points, padded, at least ``minimumSpanDegrees`` on each
    ///   axis, within [−90, 90] in latitude.
    /// - Throws: ``RegionFitError`` with code `noCoordinates` for an empty collection,
    ///   `invalidCoordinate` for a latitude outside [−90, 90] or a non-finite value (with the
    ///   first such point's position), `invalidParameter` for a parameter out of range.
    /// - Complexity: O(*n*) time per round (bucketing by value, no sorting; usually two or three
    ///   rounds, at most 16) and O(*n*) memory (a copy of the coordinates as two columns). With a
    ///   threshold below about (range of the values) / (2 *n* + 1024) the values are sorted
    ///   instead, and so are the longitudes when no gap between them exceeds the threshold (to
    ///   find the largest): O(*n* log *n*).
    package func fit(_ coordinates: some Collection<Coordinate>) throws -> MapRegion {
        try validate()
        var columns = try CoordinateColumns(coordinates)
        return fitClusters(&columns)
    }

    /// Fits a region to a track, first leaving out fixes far from the track's median location.
    ///
    /// The rule, in order:
    /// 1. The median location: the median latitude, and the median longitude taken round the
    ///    circle (longitudes are unwrapped into the 360° window centred on the most populated 1°
    ///    band of longitude, so a track up to 180° wide is not cut at ±180). Medians of an even
    ///    count are the upper middle value.
    /// 2. Each point's distance from it, in metres, on the plane tangent at the median location
    ///    (east and north scaled by WGS84's radii of curvature there): a screening distance,
    ///    within 0.3 % of the geodesic distance up to 50 km from the median below 60° of latitude
    ///    (1 % up to 100 km below 70°).
    /// 3. The track's size *s*: the ``trackSizeQuantile`` (nearest-rank) of those distances, 90 %
    ///    by default. A high quantile rather than the median, because a track often holds a long
    ///    stand at its start: with half its points there the median distance is 0.
    /// 4. Points farther than max(``outlierDistanceFactor`` × *s*, ``minimumOutlierRadiusMeters``)
    ///    — by default max(3 *s*, 1 km) — are left out. At least the quantile's share of the
    ///    points always stays. A straight out-and-back or point-to-point track keeps everything
    ///    (its farthest point is about 1.1 *s* away); so does a loop.
    /// 5. ``fit(_:)`` on the points left.
    ///
    /// - Parameter coordinates: The track's points in order.
    /// - Returns: The region of the points kept, as ``fit(_:)`` makes it.
    /// - Throws: ``RegionFitError``, as ``fit(_:)``.
    /// - Complexity: O(*n*) expected: three selections (quickselect) and ``fit(_:)``'s rounds;
    ///   O(*n*) memory.
    package func fitTrack(_ coordinates: some Collection<Coordinate>) throws -> MapRegion {
        try validate()
        var columns = try CoordinateColumns(coordinates)
        leaveOutFarPoints(&columns)
        return fitClusters(&columns)
    }

    /// The cluster rounds and the region, on checked columns.
    func fitClusters(_ columns: inout CoordinateColumns) -> MapRegion {
        var longitudeCluster: AxisCluster
        var round = 0
        repeat {
            round += 1
            let latitudeCluster = columns.latitudes.withUnsafeBufferPointer {
                AxisCluster.largest(in: $0, minimum: columns.latitudeMinimum,
                                    maximum: columns.latitudeMaximum, gap: gapThresholdDegrees,
                                    isCyclic: false)
            }
            if latitudeCluster.count < columns.count { columns.keepPoints(withLatitudeIn: latitudeCluster) }
            longitudeCluster = columns.longitudes.withUnsafeBufferPointer {
                AxisCluster.largest(in: $0, minimum: columns.longitudeMinimum,
                                    maximum: columns.longitudeMaximum, gap: gapThresholdDegrees,
                                    isCyclic: true)
            }
            if longitudeCluster.count == columns.count { break }  // both axes are one cluster
            columns.keepPoints(withLongitudeIn: longitudeCluster)
        } while round < Self.maximumRounds
        return region(latitudeLow: columns.latitudeMinimum, latitudeHigh: columns.latitudeMaximum,
                      longitudes: longitudeCluster)
    }

    /// Pads the extent of the kept points and applies the minimum span and the poles.
    func region(latitudeLow: Double, latitudeHigh: Double, longitudes: AxisCluster) -> MapRegion {
        let latitudeSpan = paddedSpan(latitudeHigh - latitudeLow)
        let latitudeMiddle = latitudeLow + (latitudeHigh - latitudeLow) / 2
        let south = max(-90, latitudeMiddle - latitudeSpan / 2)
        let north = min(90, latitudeMiddle + latitudeSpan / 2)
        let longitudeSpan = min(360, paddedSpan(longitudes.extent))
        return MapRegion(center: Coordinate(latitude: south + (north - south) / 2, longitude: longitudes.middle),
                         latitudeSpanDegrees: north - south, longitudeSpanDegrees: longitudeSpan)
    }

    private func paddedSpan(_ extent: Double) -> Double {
        max(extent + 2 * paddingFraction * extent, minimumSpanDegrees)
    }

    func validate() throws {
        if !(gapThresholdDegrees >= 0) {
            throw RegionFitError.invalidParameter("gapThresholdDegrees", gapThresholdDegrees, "[0, ∞]")
        }
        if !(paddingFraction >= 0 && paddingFraction.isFinite) {
            throw RegionFitError.invalidParameter("paddingFraction", paddingFraction, "[0, ∞)")
        }
        if !(minimumSpanDegrees >= 0 && minimumSpanDegrees <= 180) {
            throw RegionFitError.invalidParameter("minimumSpanDegrees", minimumSpanDegrees, "[0, 180]")
        }
        if !(trackSizeQuantile > 0 && trackSizeQuantile <= 1) {
            throw RegionFitError.invalidParameter("trackSizeQuantile", trackSizeQuantile, "(0, 1]")
        }
        if !(outlierDistanceFactor >= 1 && outlierDistanceFactor.isFinite) {
            throw RegionFitError.invalidParameter("outlierDistanceFactor", outlierDistanceFactor, "[1, ∞)")
        }
        if !(minimumOutlierRadiusMeters >= 0 && minimumOutlierRadiusMeters.isFinite) {
            throw RegionFitError.invalidParameter("minimumOutlierRadiusMeters", minimumOutlierRadiusMeters, "[0, ∞)")
        }
    }
}
