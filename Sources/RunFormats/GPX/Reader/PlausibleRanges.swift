import RunCore

/// The values a GPX field can physically have. A value outside is a writing error of the device or
/// program (a 10^22 m elevation, a heart rate of 1e30), not a measurement: the reader leaves it out
/// with a warning, and the stored original keeps it.
enum PlausibleRanges {
    /// Metres: from below the deepest ocean trench to a stratospheric balloon (Mariana Trench
    /// −10,935 m; balloon altitude record 41.4 km), with margin.
    static let elevation: ClosedRange<Double> = -15_000...100_000
    /// Beats per minute (0 is what straps send without contact).
    static let heartRate: ClosedRange<Double> = 0...300
    /// Revolutions or steps per minute.
    static let cadence: ClosedRange<Double> = 0...400
    /// °C, air and water.
    static let temperature: ClosedRange<Double> = -100...100
    /// Watts (track sprinters peak near 2,500 W).
    static let power: ClosedRange<Double> = 0...10_000
    /// m/s (aircraft included).
    static let speed: ClosedRange<Double> = 0...1_000
    /// Degrees.
    static let angle: ClosedRange<Double> = -360...360
    /// Metres.
    static let depth: ClosedRange<Double> = -20_000...20_000
    static let geoidHeight: ClosedRange<Double> = -200...200
    /// Dilution of precision and DGPS age: non-negative.
    static let nonNegative: ClosedRange<Double> = 0...1e9
    /// Seconds since 1970: 0001-01-01T00:00:00Z … 9999-12-31T23:59:59Z, the years xsd:dateTime can
    /// be written with four digits and without year 0.
    static let time: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    static func range(for field: String) -> ClosedRange<Double>? {
        switch field {
        case "ele": return elevation
        case "heart rate": return heartRate
        case "cadence": return cadence
        case "temperature", "wtemp": return temperature
        case "power": return power
        case "speed": return speed
        case "course", "magvar": return angle
        case "depth": return depth
        case "geoidheight": return geoidHeight
        case "hdop", "vdop", "pdop", "ageofdgpsdata": return nonNegative
        default: return nil
        }
    }
}
