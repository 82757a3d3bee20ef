/// A header value with parameters, `type; name="value"; other=token` (RFC 9110 §5.6.6), as in
/// `Content-Type: multipart/form-data; boundary=…` and `Content-Disposition: form-data; name="x"`.
package struct HeaderParameters {
    /// The part before the first `;`, lowercased.
    package let value: String
    /// Parameters by lowercased name; quoted strings unquoted (`\"` → `"`).
    package let parameters: [String: String]

    package init(_ text: String) {
        var index = text.startIndex
        func skipSpaces() { while index < text.endIndex, text[index] == " " || text[index] == "\t" { index = text.index(after: index) } }
        let firstSemicolon = text.firstIndex(of: ";") ?? text.endIndex
        value = text[..<firstSemicolon].trimmingSpaces.lowercased()
        index = firstSemicolon
        var parameters: [String: String] = [:]
        while index < text.endIndex {
            index = text.index(after: index)  // past ';'
            skipSpaces()
            let nameStart = index
            while index < text.endIndex, text[index] != "=", text[index] != ";" { index = text.index(after: index) }
            let name = text[nameStart..<index].trimmingSpaces.lowercased()
            guard index < text.endIndex, text[index] == "=" else { continue }
            index = text.index(after: index)
            skipSpaces()
            var parameter = ""
            if index < text.endIndex, text[index] == "\"" {
                index = text.index(after: index)
                while index < text.endIndex, text[index] != "\"" {
                    if text[index] == "\\", text.index(after: index) < text.endIndex { index = text.index(after: index) }
                    parameter.append(text[index])
                    index = text.index(after: index)
                }
                if index < text.endIndex { index = text.index(after: index) }
                while index < text.endIndex, text[index] != ";" { index = text.index(after: index) }
            } else {
                let start = index
                while index < text.endIndex, text[index] != ";" { index = text.index(after: index) }
                parameter = text[start..<index].trimmingSpaces
            }
            if !name.isEmpty, parameters[name] == nil { parameters[name] = parameter }
        }
        self.parameters = parameters
    }
}
