/// A rectangle of latitude and longitude for a map view to show: a centre and two spans, in the
/// manner of MapKit's `MKCoordinateRegion`.
///
/// All values are WGS84 degrees. The centre's longitude is in [−180, 180); the spans are never
/// negative, the latitude span at most 180° and the longitude span at most 360°. A region may
/// cross the antimeridian: its centre longitude is then near ±180 and ``eastLongitude`` is less
/// than ``westLongitude``. ``RegionFitter`` makes regions that stay within [−90, 90] in latitude.
package struct MapRegion: Sendable, Hashable, Codable {
    /// The middle of the region; its longitude is in [−180, 180).
    package private(set) var center: Coordinate
    /// The height of the region in degrees of latitude, in [0, 180].
    package private(set) var latitudeSpanDegrees: Double
    /// The width of the region in degrees of longitude, measured eastward, in [0, 360].
    package private(set) var longitudeSpanDegrees: Double

    /// Creates a region from its centre and spans.
    ///
    /// - Parameters:
    ///   - center: The middle of the region; its longitude is normalised into [−180, 180) (see
    ///     ``Coordinate/normalizedLongitude(_:)``).
    ///   - latitudeSpanDegrees: The height in degrees; clamped to [0, 180] (NaN becomes 0).
    ///   - longitudeSpanDegrees: The width in degrees; clamped to [0, 360] (NaN becomes 0).
    package init(center: Coordinate, latitudeSpanDegrees: Double, longitudeSpanDegrees: Double) {
        self.center = Coordinate(latitude: center.latitude,
                                 longitude: Coordinate.normalizedLongitude(center.longitude))
        self.latitudeSpanDegrees = Self.clamp(latitudeSpanDegrees, upTo: 180)
        self.longitudeSpanDegrees = Self.clamp(longitudeSpanDegrees, upTo: 360)
    }

    /// Decodes a region and normalises it as ``init(center:latitudeSpanDegrees:longitudeSpanDegrees:)`` does.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(center: try container.decode(Coordinate.self, forKey: .center),
                  latitudeSpanDegrees: try container.decode(Double.self, forKey: .latitudeSpanDegrees),
                  longitudeSpanDegrees: try container.decode(Double.self, forKey: .longitudeSpanDegrees))
    }

    /// The southern edge in degrees: the centre's latitude minus half the span, at least −90.
    package var minLatitude: Double { max(-90, center.latitude - latitudeSpanDegrees / 2) }

    /// The northern edge in degrees: the centre's latitude plus half the span, at most 90.
    package var maxLatitude: Double { min(90, center.latitude + latitudeSpanDegrees / 2) }

    /// The western edge in degrees, in [−180, 180).
    package var westLongitude: Double {
        Coordinate.normalizedLongitude(center.longitude - longitudeSpanDegrees / 2)
    }

    /// The eastern edge in degrees, in (−180, 180]: ``westLongitude`` plus the span, less 360 when
    /// that passes 180. It is less than ``westLongitude`` when the region crosses the antimeridian,
    /// and the same meridian as ``westLongitude`` when the region goes all the way round (a span
    /// of 360°: west −180 gives east 180).
    package var eastLongitude: Double {
        let east = westLongitude + longitudeSpanDegrees
        return east > 180 ? east - 360 : east
    }

    /// Whether the region crosses the antimeridian (longitude ±180) inside its interior.
    package var crossesAntimeridian: Bool { westLongitude + longitudeSpanDegrees > 180 }

    /// Whether a coordinate lies inside the region or on its edge.
    ///
    /// Longitudes are compared around the circle, so a region crossing the antimeridian contains
    /// both 179.9 and −179.9. Edges are inclusive, with 1e-9° (about 0.1 mm) of slack for the
    /// rounding in centre-and-span arithmetic, so the points a region was fitted to are inside it
    /// even without padding.
    ///
    /// - Parameter coordinate: A WGS84 position; any finite longitude is accepted.
    /// - Returns: `true` if the coordinate is inside; `false` for NaN coordinates.
    package func contains(_ coordinate: Coordinate) -> Bool {
        let slack = 1e-9
        guard coordinate.latitude >= minLatitude - slack,
              coordinate.latitude <= maxLatitude + slack else { return false }
        if longitudeSpanDegrees >= 360 { return coordinate.longitude.isFinite }
        var offset = Coordinate.normalizedLongitude(coordinate.longitude) - westLongitude
        if offset < -slack { offset += 360 }
        return offset <= longitudeSpanDegrees + slack
    }

    private static func clamp(_ span: Double, upTo limit: Double) -> Double {
        guard span > 0 else { return 0 }  // also NaN
        return min(span, limit)
    }
}
