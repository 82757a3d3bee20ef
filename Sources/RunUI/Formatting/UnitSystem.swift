/// Metric or imperial display.
public enum UnitSystem: String, Sendable, CaseIterable, Codable {
    case metric
    case imperial

    /// Metres in the unit of distance (km or mi): 1000, or 1609.344 (the international mile).
    public var metersPerDistanceUnit: Double { self == .metric ? 1000 : 1609.344 }
    public var distanceUnitSymbol: String { self == .metric ? "km" : "mi" }
    /// Metres in the unit of elevation (m or ft): 1, or 0.3048 (the international foot).
    public var metersPerElevationUnit: Double { self == .metric ? 1 : 0.3048 }
    public var elevationUnitSymbol: String { self == .metric ? "m" : "ft" }
}
