package import RunCore

/// A run's track, route or segment cut into the lines GeoJSON holds (RFC 7946): parts that never
/// cross the antimeridian (§3.1.9: a line from 179° to −179° becomes two, ending and starting at
/// ±180° where it crosses, latitude, elevation and time interpolated linearly there), and only
/// parts of at least two positions (§3.1.4).
package struct GeoJSONLines: Sendable {
    /// One position of a line.
    package struct Position: Sendable, Equatable {
        package var longitude: Double
        package var latitude: Double
        package var elevationMeters: Double?
        package var timeSeconds: Double?
        /// Digits of a second the time is written with.
        package var timeFractionDigits: Int
    }

    package private(set) var parts: [[Position]] = []
    /// Segments of fewer than two points, left out.
    package private(set) var shortSegmentCount = 0

    package init() {}

    /// Adds a segment's points as one or more parts.
    package mutating func add(_ points: [TrackPoint]) {
        guard points.count >= 2 else { shortSegmentCount += 1; return }
        var part: [Position] = []
        var previous: Position?
        for point in points {
            let position = Position(longitude: GPXWriter.writableLongitude(point.longitude), latitude: point.latitude,
                                    elevationMeters: point.elevationMeters, timeSeconds: point.timeSeconds,
                                    timeFractionDigits: min(Int(point.timeFractionDigits), GPXWriter.maximumFractionDigits))
            if let previous, abs(position.longitude - previous.longitude) > 180 {
                let (end, start) = Self.crossing(from: previous, to: position)
                part.append(end)
                parts.append(part)
                part = [start]
            }
            part.append(position)
            previous = position
        }
        parts.append(part)
    }

    /// Whether every position has an elevation (then positions are written with three numbers).
    package var hasElevations: Bool { parts.allSatisfy { $0.allSatisfy { $0.elevationMeters != nil } } }
    /// Whether any position has a time.
    package var hasTimes: Bool { parts.contains { $0.contains { $0.timeSeconds != nil } } }

    /// Where the step from `a` to `b` meets the antimeridian: the position ending the first part
    /// (at ±180 on `a`'s side) and the one starting the next (on `b`'s side).
    static func crossing(from a: Position, to b: Position) -> (Position, Position) {
        let boundary: Double = a.longitude > 0 ? 180 : -180
        let bLongitude = b.longitude + (a.longitude > 0 ? 360 : -360)  // b's longitude on a's side
        let t = (boundary - a.longitude) / (bLongitude - a.longitude)
        func mix(_ x: Double?, _ y: Double?) -> Double? {
            guard let x, let y else { return nil }
            return x + t * (y - x)
        }
        let latitude = a.latitude + t * (b.latitude - a.latitude)
        let time = mix(a.timeSeconds, b.timeSeconds)
        let digits = time.map { $0 == $0.rounded() ? 0 : 3 } ?? 0
        let end = Position(longitude: boundary, latitude: latitude, elevationMeters: mix(a.elevationMeters, b.elevationMeters),
                           timeSeconds: time.map { ($0 * 1000).rounded() / 1000 }, timeFractionDigits: digits)
        var start = end
        start.longitude = -boundary
        return (end, start)
    }
}
