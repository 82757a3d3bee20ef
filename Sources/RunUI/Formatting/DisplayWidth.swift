/// How many terminal columns text takes: wide East Asian characters and emoji take two, combining
/// marks, variation selectors and joiners none (after Unicode UAX #11, East Asian Width, simplified
/// to the ranges that occur in names of runs).
package enum DisplayWidth {
    package static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    /// The text cut to at most `columns` columns, ending in `…` when cut.
    package static func truncate(_ text: String, to columns: Int) -> String {
        guard of(text) > columns, columns > 0 else { return text }
        var result = ""
        var used = 0
        for character in text {
            let w = of(String(character))
            if used + w > columns - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    /// `text` followed by spaces up to `columns` columns (or preceded, when `right` is true).
    package static func pad(_ text: String, to columns: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, columns - of(text)))
        return right ? padding + text : text + padding
    }

    static func width(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        switch v {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F, 0x20D0...0x20FF, 0xE0100...0xE01EF: return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD:
            return 2
        case 0x2600...0x27BF:
            return scalar.properties.isEmojiPresentation ? 2 : 1
        default:
            return v < 0x20 ? 0 : 1
        }
    }
}
