/// Why ``RegionFitter`` could not fit a region: no coordinates, an invalid coordinate, or a
/// parameter out of range. `code` is matchable and stable; the data (the coordinate's ``index``
/// and values, the ``parameter`` with its ``value`` and ``allowedRange``, and the ``file`` or
/// ``runID`` a front end fitted) let a front end say it in the user's language (RunUI's
/// `RegionFitErrorText`).
package struct RegionFitError: CodedError, Equatable {
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

        /// Every code, for the tests and the texts.
        package static let all: [Code] = [.noCoordinates, .invalidCoordinate, .invalidParameter]
    }

    package var code: Code
    /// The 0-based position of the offending coordinate in the input order, for
    /// ``Code/invalidCoordinate``.
    package var index: Int?
    /// The offending coordinate's latitude and longitude in degrees (WGS84), for
    /// ``Code/invalidCoordinate``; either may be non-finite.
    package var latitudeDegrees: Double?
    package var longitudeDegrees: Double?
    /// The ``RegionFitter`` property out of range (`minimumSpanDegrees`), for ``Code/invalidParameter``.
    package var parameter: String?
    /// Its value, in the property's unit.
    package var value: Double?
    /// The values it takes, as an interval (`[0, 180]`, `(0, 1]`, `[0, ∞)` — a finite value —, `[0, ∞]`).
    package var allowedRange: String?
    /// The file whose track was fitted, when a front end says so.
    package var file: String?
    /// The stored run whose track was fitted, when a front end says so.
    package var runID: Int64?

    package init(code: Code, index: Int? = nil, latitudeDegrees: Double? = nil, longitudeDegrees: Double? = nil,
                parameter: String? = nil, value: Double? = nil, allowedRange: String? = nil) {
        self.code = code
        self.index = index
        self.latitudeDegrees = latitudeDegrees
        self.longitudeDegrees = longitudeDegrees
        self.parameter = parameter
        self.value = value
        self.allowedRange = allowedRange
    }

    static let noCoordinates = RegionFitError(code: .noCoordinates)

    static func invalidCoordinate(_ coordinate: Coordinate, at index: Int) -> RegionFitError {
        RegionFitError(code: .invalidCoordinate, index: index, latitudeDegrees: coordinate.latitude,
                       longitudeDegrees: coordinate.longitude)
    }

    static func invalidParameter(_ name: String, _ value: Double, _ range: String) -> RegionFitError {
        RegionFitError(code: .invalidParameter, parameter: name, value: value, allowedRange: range)
    }

    /// The same error about the track of `file` (a front end knows what it fitted).
    package func fitting(file: String) -> RegionFitError {
        var error = self
        error.file = file
        return error
    }

    /// The same error about the track of the stored run `runID`.
    package func fitting(runID: Int64) -> RegionFitError {
        var error = self
        error.runID = runID
        return error
    }

    package var codeName: String { code.rawValue }

    /// `index`, `latitudeDegrees`, `longitudeDegrees`, `parameter`, `value`, `allowedRange`,
    /// `file`, `runId`, as far as known (a non-finite number is left out).
    package var data: [String: JSONValue] {
        func finite(_ value: Double?) -> JSONValue? { value.flatMap { $0.isFinite ? .number($0) : nil } }
        return .known(["index": index.map { .integer(Int64($0)) }, "latitudeDegrees": finite(latitudeDegrees),
                       "longitudeDegrees": finite(longitudeDegrees), "parameter": parameter.map { .string($0) },
                       "value": finite(value), "allowedRange": allowedRange.map { .string($0) },
                       "file": file.map { .string($0) }, "runId": runID.map { .integer($0) }])
    }

    /// What is wrong, in English, after the file or run when one is known:
    /// `run 3: no coordinates to fit a map region to`.
    package var description: String {
        let reason = switch code {
        case .noCoordinates: "no coordinates to fit a map region to"
        case .invalidCoordinate:
            "coordinate \(index ?? 0) (latitude \(latitudeDegrees ?? .nan), longitude \(longitudeDegrees ?? .nan)) "
                + "is not a WGS84 position: latitude must be in [-90, 90] and both values finite"
        case .invalidParameter: "RegionFitter.\(parameter ?? "?") is \(value ?? .nan); it must be in \(allowedRange ?? "its range")"
        default: "no map region fits"
        }
        if let file { return "\(file): \(reason)" }
        if let runID { return "run \(runID): \(reason)" }
        return reason
    }
}
