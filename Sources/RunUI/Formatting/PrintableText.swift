/// Text from outside — a file name, say — made safe to print on one line of a terminal: control
/// characters (a newline, an escape that would start a terminal sequence) are written as Swift
/// escapes (`\n`, `\t`, `\u{1B}`), everything else as it is.
package enum PrintableText {
    package static func line(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else { out.unicodeScalars.append(scalar); continue }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.generalCategory == .control }
}
