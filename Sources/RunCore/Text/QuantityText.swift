import Foundation

/// Distances and durations as people type them on the command line, read strictly into SI units:
/// a plain decimal (no exponent, no `nan`) followed by a unit.
///
/// - Distances: `m`, `km`, `mi` (the international mile, 1609.344 m): `800m`, `5 km`, `13.1mi`.
/// - Durations: `s`, `min`, `h`, or clock form `h:mm:ss` / `m:ss`: `90s`, `45min`, `1.5h`, `1:30:00`, `45:00`.
/// - Ranges: `MIN..MAX` with either end left out: `5km..10km`, `5km..`, `..3mi`.
package enum QuantityText {
    /// Metres in a distance, or nil when the text is not one.
    package static func meters(_ text: String) -> Double? {
        let (number, unit) = split(text)
        guard let value = number.flatMap(DecimalText.parse), value >= 0 else { return nil }
        switch unit {
        case "m": return value
        case "km": return value * 1000
        case "mi": return value * 1609.344
        default: return nil
        }
    }

    /// Seconds in a duration, or nil when the text is not one.
    package static func seconds(_ text: String) -> Double? {
        let trimmed = text.trimmingWhitespace
        if trimmed.contains(":") {
            let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
                  parts.dropFirst().allSatisfy({ $0.count == 2 && Int($0)! < 60 }) else { return nil }
            return parts.reduce(0.0) { $0 * 60 + Double(Int($1)!) }
        }
        let (number, unit) = split(trimmed)
        guard let value = number.flatMap(DecimalText.parse), value >= 0 else { return nil }
        switch unit {
        case "s": return value
        case "min": return value * 60
        case "h": return value * 3600
        default: return nil
        }
    }

    /// A range `MIN..MAX` read with `parse` for each end given.
    /// - Returns: nil when there is no `..`, both ends are missing, or an end does not parse.
    package static func range(_ text: String, _ parse: (String) -> Double?) -> ValueRange? {
        let parts = text.trimmingWhitespace.components(separatedBy: "..")
        guard parts.count == 2, !(parts[0].isEmpty && parts[1].isEmpty), !parts[0].hasSuffix("."), !parts[1].hasPrefix(".") else { return nil }
        var range = ValueRange()
        if !parts[0].isEmpty { guard let v = parse(parts[0]) else { return nil }; range.minimum = v }
        if !parts[1].isEmpty { guard let v = parse(parts[1]) else { return nil }; range.maximum = v }
        return range
    }

    /// The number and the unit of `5.5 km` (`5.5`, `km`).
    private static func split(_ text: String) -> (String?, String) {
        let trimmed = text.trimmingWhitespace
        guard let unitStart = trimmed.firstIndex(where: { !($0.isASCIIDigit || $0 == ".") }) else { return (trimmed.isEmpty ? nil : trimmed, "") }
        let number = String(trimmed[..<unitStart])
        let unit = trimmed[unitStart...].trimmingWhitespace.lowercased()
        return (number.isEmpty ? nil : number, unit)
    }
}

extension StringProtocol {
    var trimmingWhitespace: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
