/// Why ``RegionFitter`` could not fit a region: no coordinates, an invalid coordinate, or a
/// parameter out of range. `code` is matchable; `message` says what is wrong and what to do.
package struct RegionFitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure.
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        package let rawValue: String
        package init(_ rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// The collection of coordinates is empty.
        package static let noCoordinates = Code("noCoordinates")
        /// A coordinate has a latitude outside [−90, 90] or a non-finite latitude or longitude.
        package static let invalidCoordinate = Code("invalidCoordinate")
        /// A parameter of the fitter is out of its documented range.
        package static let invalidParameter = Code("invalidParameter")
    }

    package var code: Code
    /// What is wrong, in words a user can act on.
    package var message: String
    /// The 0-based position of the offending coordinate in the input order, for
    /// ``Code/invalidCoordinate``.
    package var index: Int?

    package init(code: Code, message: String, index: Int? = nil) {
        self.code = code
        self.message = message
        self.index = index
    }

    package var description: String { message }

    static let noCoordinates = RegionFitError(
        code: .noCoordinates,
        message: "no coordinates to fit a map region to; pass at least one point")

    static func invalidCoordinate(_ coordinate: Coordinate, at index: Int) -> RegionFitError {
        RegionFitError(
            code: .invalidCoordinate,
            message: "coordinate \(index) (latitude \(coordinate.latitude), longitude \(coordinate.longitude)) "
                + "is not a WGS84 position: latitude must be in [-90, 90] and both values finite",
            index: index)
    }

    static func invalidParameter(_ name: String, _ value: Double, _ range: String) -> RegionFitError {
        RegionFitError(code: .invalidParameter,
                       message: "RegionFitter.\(name) is \(value); it must be \(range)")
    }
}
