/// `Content-Disposition: attachment` with a file name (RFC 6266 §4): a plain `filename` for old
/// clients (ASCII, unsafe characters replaced) and `filename*` in UTF-8 with percent-encoding
/// (RFC 8187) when the name is not plain ASCII. Neither form ever carries a bidirectional-text
/// control (Unicode's `Bidi_Control` property: `invoice\u{202E}xpg.exe` would show as
/// `invoiceexe.gpx` in a download bar): they are removed first, by the same property RunCore's
/// `FileNameText.removingBidiControls` removes for every name made from a run's name (RunHTTP
/// imports no runlog module, so the header keeps the rule itself, whoever calls it).
package enum ContentDisposition {
    /// - Parameter fileName: a name already safe for file systems (``RunUI/ExportFileName``); here
    ///   it is only made safe for the header: bidirectional-text controls removed, then the plain
    ///   `filename` keeps printable ASCII but `"`, `\`, `%` and `/` (each becomes `_`), and
    ///   `filename*` carries the name when that differs.
    package static func attachment(fileName: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: fileName.unicodeScalars.lazy.filter { !$0.properties.isBidiControl })
        let fileName = String(scalars)
        var fallback = ""
        for scalar in fileName.unicodeScalars {
            let plain = scalar.isASCII && scalar.value >= 0x20 && scalar.value != 0x7F && !"\"\\%/".unicodeScalars.contains(scalar)
            fallback += plain ? String(scalar) : "_"
        }
        var header = "attachment; filename=\"\(fallback)\""
        if fallback != fileName {
            header += "; filename*=UTF-8''" + percentEncoded(fileName)
        }
        return header
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
