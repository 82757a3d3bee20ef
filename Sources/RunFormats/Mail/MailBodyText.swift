import Foundation

/// Body encodings of MIME (RFC 2045), as lines without their CRLF.
enum MailBodyText {
    /// Text in quoted-printable (RFC 2045 §6.7): printable ASCII but `=` as is, every other byte
    /// as `=XX`, spaces and tabs before a line end encoded, lines at most 76 characters with
    /// soft breaks (`=` at the end). Line feeds (and CRLF) in the text are line ends.
    static func quotedPrintable(_ text: String) -> [String] {
        var lines: [String] = []
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
        for line in normalized.split(separator: "\n", omittingEmptySubsequences: false) {
            let bytes = Array(line.utf8)
            var tokens: [String] = []
            for (i, byte) in bytes.enumerated() {
                let isLast = i == bytes.count - 1
                if (byte >= 33 && byte <= 126 && byte != UInt8(ascii: "=")) || ((byte == 32 || byte == 9) && !isLast) {
                    tokens.append(String(UnicodeScalar(byte)))
                } else {
                    tokens.append(String(format: "=%02X", byte))
                }
            }
            var current = ""
            for token in tokens {
                if current.count + token.count > 75 {
                    lines.append(current + "=")
                    current = ""
                }
                current += token
            }
            lines.append(current)
        }
        return lines
    }

    /// Bytes in base64 (RFC 2045 §6.8), 76 characters a line.
    static func base64Lines(_ bytes: [UInt8]) -> [String] {
        let text = Data(bytes).base64EncodedString()
        var lines: [String] = []
        var index = text.startIndex
        while index < text.endIndex {
            let end = text.index(index, offsetBy: 76, limitedBy: text.endIndex) ?? text.endIndex
            lines.append(String(text[index..<end]))
            index = end
        }
        return lines
    }
}
