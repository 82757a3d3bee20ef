/// One enumeration of the FIT profile (Profile.xlsx, "Types" sheet) as value → name, read once
/// from its `value name;` text in ``FITNames``, byte by byte (the text is ASCII).
struct FITNameTable: Sendable {
    let names: [Int: String]

    /// - Parameter text: `value name;` pairs separated by spaces or line breaks.
    init(_ text: String) {
        var names: [Int: String] = [:]
        var utf8 = Array(text.utf8)
        utf8.append(UInt8(ascii: ";"))
        var index = 0
        while index < utf8.count {
            // Skip separators, read the number, one space, then the name up to ';'.
            while index < utf8.count, utf8[index] == 32 || utf8[index] == 10 { index += 1 }
            var value = 0, digits = 0
            while index < utf8.count, utf8[index] >= 48, utf8[index] <= 57, digits < 18 {
                value = value * 10 + Int(utf8[index] - 48)
                index += 1
                digits += 1
            }
            let isPair = digits > 0 && index < utf8.count && utf8[index] == 32
            if isPair { index += 1 }
            let start = index
            while index < utf8.count, utf8[index] != UInt8(ascii: ";") { index += 1 }
            if isPair, index > start, names[value] == nil {  // the first, as written
                names[value] = String(decoding: utf8[start..<index], as: UTF8.self)
            }
            index += 1
        }
        self.names = names
    }
}
