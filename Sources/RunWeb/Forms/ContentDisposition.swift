/// `Content-Disposition: attachment` with a file name (RFC 6266 §4): a plain `filename` for old
/// clients (ASCII, unsafe characters replaced) and `filename*` in UTF-8 with percent-encoding
/// (RFC 8187) when the name is not plain ASCII.
public enum ContentDisposition {
    public static func attachment(fileName: String) -> String {
        let safe = safeFileName(fileName)
        var fallback = ""
        for scalar in safe.unicodeScalars {
            fallback += scalar.isASCII && scalar.value >= 0x20 && scalar != "\"" && scalar != "\\" && scalar != "%" ? String(scalar) : "_"
        }
        var header = "attachment; filename=\"\(fallback)\""
        if fallback != safe {
            header += "; filename*=UTF-8''" + percentEncoded(safe)
        }
        return header
    }

    /// A name without folder separators, control characters or characters file systems refuse,
    /// at most 120 characters; `download` when nothing is left.
    public static func safeFileName(_ name: String) -> String {
        let forbidden: Set<Character> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]
        var cleaned = String(name.map { forbidden.contains($0) || $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } ? "_" : $0 })
        cleaned = cleaned.trimmingCharacters(in: " .")
        if cleaned.count > 120 { cleaned = String(cleaned.prefix(120)) }
        return cleaned.isEmpty ? "download" : cleaned
    }

    /// RFC 8187's `attr-char` kept, every other byte of the UTF-8 as `%XX`.
    static func percentEncoded(_ text: String) -> String {
        let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$&+-.^_`|~".utf8)
        var out = ""
        for byte in text.utf8 {
            if kept.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}

extension String {
    fileprivate func trimmingCharacters(in characters: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, characters.contains(first) { slice.removeFirst() }
        while let last = slice.last, characters.contains(last) { slice.removeLast() }
        return String(slice)
    }
}
