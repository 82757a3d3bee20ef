extension TrackSimplifier {
    /// Simplifies a line with the Visvalingam–Whyatt algorithm (M. Visvalingam and J. D. Whyatt,
    /// "Line generalisation by repeated elimination of points", The Cartographic Journal
    /// 30(1):46–51, 1993).
    ///
    /// Each inner point's *effective area* is the area of the triangle it forms with its two
    /// neighbours. The point with the smallest effective area is eliminated, its neighbours'
    /// areas are recomputed with their new neighbours, and so on while the smallest area is below
    /// `minimumAreaSquareMeters`. As in the paper, a recomputed area is raised to the area of the
    /// point just eliminated if it is smaller, so points go in order of significance. Equal areas
    /// go in index order. Areas are measured on the plane tangent at the triangle's middle point
    /// (see the type's overview).
    ///
    /// - Parameters:
    ///   - coordinates: The track's points in order, WGS84 degrees, finite.
    ///   - minimumAreaSquareMeters: Points whose effective area is below this, in m², are
    ///     eliminated; ≥ 0. With 0 nothing is eliminated. (A point *d* metres off the line
    ///     between neighbours *s* metres apart has an area of *d* · *s* / 2.)
    /// - Returns: The indices of the points to keep, increasing: `[]` for no points, `[0]` for one,
    ///   otherwise at least the first and the last.
    /// - Complexity: O(*n* log *n*); O(*n*) memory.
    package static func visvalingamWhyatt(_ coordinates: [Coordinate], minimumAreaSquareMeters: Double) -> [Int] {
        precondition(minimumAreaSquareMeters >= 0, "minimumAreaSquareMeters must be ≥ 0")
        let count = coordinates.count
        guard count > 2 else { return Array(0..<count) }
        var elimination = VisvalingamElimination(coordinates)
        elimination.eliminate(below: minimumAreaSquareMeters)
        return elimination.keptIndices
    }
}
