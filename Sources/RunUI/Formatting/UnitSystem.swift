/// Metric or imperial display.
package enum UnitSystem: String, Sendable, CaseIterable, Codable {
    case metric
    case imperial

    /// Metres in the unit of distance (km or mi): 1000, or 1609.344 (the international mile).
    package var metersPerDistanceUnit: Double { self == .metric ? 1000 : 1609.344 }
    package var distanceUnitSymbol: String { self == .metric ? "km" : "mi" }
    /// Metres in the unit of elevation (m or ft): 1, or 0.3048 (the international foot).
    package var metersPerElevationUnit: Double { self == .metric ? 1 : 0.3048 }
    package var elevationUnitSymbol: String { self == .metric ? "m" : "ft" }
}
