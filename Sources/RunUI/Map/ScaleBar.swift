/// A map's scale bar: the longest round length (1, 2 or 5 × a power of ten, in km or m — miles
/// or feet for imperial units) that fits in a given number of pixels.
package struct ScaleBar: Sendable, Equatable {
    /// The length in metres.
    package let meters: Double
    /// The length in pixels.
    package let pixels: Double
    /// `500 m`, `2 km`, `1000 ft`, `0.5 mi`.
    package let label: String

    /// - Parameters:
    ///   - metersPerPixel: the map's scale.
    ///   - maximumPixels: the longest the bar may be.
    package init(metersPerPixel: Double, maximumPixels: Double, units: UnitSystem, formatter: DisplayFormatter) {
        let longest = metersPerPixel * maximumPixels
        var best: (meters: Double, label: String) = (0, "")
        for (meters, label) in Self.candidates(units: units, formatter: formatter) where meters <= longest { best = (meters, label) }
        if best.meters == 0, let first = Self.candidates(units: units, formatter: formatter).first { best = first }
        meters = best.meters
        pixels = metersPerPixel > 0 ? best.meters / metersPerPixel : 0
        label = best.label
    }

    /// Round lengths, shortest first, with their labels.
    private static func candidates(units: UnitSystem, formatter: DisplayFormatter) -> [(Double, String)] {
        var result: [(Double, String)] = []
        let steps: [Double] = [1, 2, 5]
        if units == .metric {
            for power in 0...6 {
                for step in steps {
                    let meters = step * pow10(power)
                    result.append((meters, meters < 1000 ? "\(formatter.whole(meters)) m" : "\(formatter.whole(meters / 1000)) km"))
                }
            }
        } else {
            for power in 1...3 { for step in steps { let feet = step * pow10(power); result.append((feet * 0.3048, "\(formatter.whole(feet)) ft")) } }
            for power in -1...3 {
                for step in steps {
                    let miles = step * pow10(power)
                    guard miles >= 0.5 else { continue }
                    let text = miles < 1 ? formatter.fixed(miles, decimals: 1) : formatter.whole(miles)
                    result.append((miles * 1609.344, "\(text) mi"))
                }
            }
        }
        return result.sorted { $0.0 < $1.0 }
    }

    private static func pow10(_ power: Int) -> Double {
        var value = 1.0
        if power >= 0 { for _ in 0..<power { value *= 10 } } else { for _ in 0 ..< -power { value /= 10 } }
        return value
    }
}
