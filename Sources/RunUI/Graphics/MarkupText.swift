/// Escaping for HTML and SVG (XML) output, and compact numbers for coordinates.
package enum MarkupText {
    /// Text safe in element content and in quoted attribute values of HTML and XML: `&`, `<`, `>`,
    /// `"` and `'` become character references (OWASP's rule for HTML contexts), and control
    /// characters XML 1.0 forbids become U+FFFD.
    package static func escape(_ text: String) -> String {
        var needsWork = false
        for byte in text.utf8 where byte < 0x20 || byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27 {
            needsWork = true
            break
        }
        guard needsWork else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case let c where c.value < 0x20: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A coordinate with one decimal, `-` only for negative values: `12.3`, `-0.5`, `40` (SVG user units).
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        let whole = magnitude / 10, fraction = magnitude % 10
        return fraction == 0 ? sign + String(whole) : sign + String(whole) + "." + String(fraction)
    }
}
