/// One piece of a run's line as a map draws it at any resolution down to a floor: the points
/// Douglas–Peucker keeps at the floor's tolerance, each with its significance
/// (``TrackSimplifier/douglasPeuckerSignificance(_:floorMeters:)``), so that the points kept at
/// any coarser tolerance are found without the piece's other points.
package struct SketchLine: Sendable, Equatable {
    /// The points kept at the floor, in track order (exact: the cleaned track's own values).
    package var coordinates: [Coordinate]
    /// Each point's significance in m²: it is drawn at tolerance *t* when this is greater than *t*²;
    /// +∞ for the piece's first and last point.
    package var significance: [Double]

    package init(coordinates: [Coordinate], significance: [Double]) {
        precondition(coordinates.count == significance.count, "a significance per point")
        self.coordinates = coordinates
        self.significance = significance
    }

    /// The line of a piece's points kept down to `floorMeters`.
    /// - Complexity: as ``TrackSimplifier/douglasPeuckerSignificance(_:floorMeters:)``.
    package init(piece coordinates: [Coordinate], floorMeters: Double) {
        let kept = TrackSimplifier.douglasPeuckerSignificance(coordinates, floorMeters: floorMeters)
        self.init(coordinates: kept.map { coordinates[$0.index] }, significance: kept.map(\.squaredMeters))
    }

    /// The points ``TrackSimplifier/douglasPeucker(_:toleranceMeters:)`` keeps of the whole piece at
    /// `toleranceMeters`, which must be at least the floor the line was made with.
    /// - Complexity: O(*k*) for the *k* points stored.
    package func points(toleranceMeters: Double) -> [Coordinate] {
        let limit = toleranceMeters * toleranceMeters
        var result: [Coordinate] = []
        for index in coordinates.indices where significance[index] > limit { result.append(coordinates[index]) }
        return result
    }
}
