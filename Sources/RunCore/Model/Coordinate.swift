/// A position on the WGS84 ellipsoid, in degrees.
///
/// `latitude` is in [-90, 90]; `longitude` is normalised into [-180, 180) by the GPX reader
/// (GPX 1.1 `longitudeType`). Both are geodetic WGS84 degrees, as GPX defines them.
package struct Coordinate: Sendable, Hashable, Codable {
    /// Geodetic latitude in degrees, positive north.
    package var latitude: Double
    /// Geodetic longitude in degrees, positive east.
    package var longitude: Double

    package init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Maps any finite longitude into [-180, 180): `((lon + 180) mod 360) − 180`, the range of
    /// GPX 1.1's `longitudeType`. 180 becomes −180.
    package static func normalizedLongitude(_ longitude: Double) -> Double {
        if longitude >= -180, longitude < 180 { return longitude }
        var value = (longitude + 180).truncatingRemainder(dividingBy: 360)
        if value < 0 { value += 360 }
        let result = value - 180
        return result >= 180 ? -180 : result
    }
}
