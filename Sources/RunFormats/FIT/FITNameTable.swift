/// One enumeration of the FIT profile (Profile.xlsx, "Types" sheet) as value → name, read once
/// from its `value name;` text in ``FITNames``.
struct FITNameTable: Sendable {
    let names: [Int: String]

    /// - Parameter text: `value name;` pairs separated by spaces or line breaks.
    init(_ text: String) {
        var names: [Int: String] = [:]
        for entry in text.split(separator: ";") {
            let pair = entry.drop { $0 == " " || $0 == "\n" }
            guard let space = pair.firstIndex(of: " "), let value = Int(pair[..<space]) else { continue }
            if names[value] == nil { names[value] = String(pair[pair.index(after: space)...]) }  // the first, as written
        }
        self.names = names
    }
}
