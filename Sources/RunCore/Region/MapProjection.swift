import Foundation

/// Web Mercator (EPSG:3857, the projection of web map tiles) fitted to a map region and a drawing
/// size in pixels: the region fills the drawing on its longer side and is centred on the other.
/// Longitudes are taken round the circle from the region's centre, so a region across the
/// antimeridian draws as one piece.
package struct MapProjection: Sendable {
    package let width: Double
    package let height: Double
    package let region: MapRegion
    /// Pixels per unit of the Mercator plane (the world is 1 unit wide).
    package let scale: Double
    private let centerX: Double
    private let centerY: Double

    package init(region: MapRegion, width: Double, height: Double) {
        self.width = width
        self.height = height
        self.region = region
        let west = Self.x(region.center.longitude - region.longitudeSpanDegrees / 2)
        let east = Self.x(region.center.longitude + region.longitudeSpanDegrees / 2)
        let north = Self.y(region.maxLatitude), south = Self.y(region.minLatitude)
        let spanX = max(east - west, 1e-12), spanY = max(south - north, 1e-12)
        scale = min(width / spanX, height / spanY)
        centerX = (west + east) / 2
        centerY = (north + south) / 2
    }

    /// Mercator x of a longitude (0 at −180°, 1 at 180°), not wrapped.
    static func x(_ longitude: Double) -> Double { (longitude + 180) / 360 }

    /// Mercator y of a latitude (0 at the top, ~85.05° N; 1 at the bottom), clamped to the tiles' range.
    static func y(_ latitude: Double) -> Double {
        let phi = min(85.051_128, max(-85.051_128, latitude)) * .pi / 180
        return (1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2
    }

    /// The pixel position of a coordinate (it may fall outside the drawing).
    package func point(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        let longitude = region.center.longitude + Coordinate.normalizedLongitude(coordinate.longitude - region.center.longitude)
        return ((Self.x(longitude) - centerX) * scale + width / 2, (Self.y(coordinate.latitude) - centerY) * scale + height / 2)
    }

    /// Ground metres per pixel at the region's centre: the Earth's equatorial circumference
    /// (2π × 6 378 137 m, WGS84) × cos(latitude) over the world's width in pixels.
    package var metersPerPixel: Double {
        2 * .pi * 6_378_137 * cos(region.center.latitude * .pi / 180) / scale
    }
}
