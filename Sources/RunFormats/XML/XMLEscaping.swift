/// Escaping of text and attribute values for XML output.
///
/// Text escapes `&`, `<` and `>`; attribute values also escape `"`, and tab, line feed and carriage
/// return as character references so that attribute-value normalisation gives them back unchanged.
/// Characters that XML 1.0 forbids (most C0 controls, U+FFFE, U+FFFF) cannot be written at all and
/// are replaced by U+FFFD.
enum XMLEscaping {
    static func appendText(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        append(bytes, to: &out, inAttribute: false)
    }

    static func appendAttribute(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        append(bytes, to: &out, inAttribute: true)
    }

    static func appendText(_ string: String, to out: inout [UInt8]) {
        var copy = string
        copy.withUTF8 { append($0, to: &out, inAttribute: false) }
    }

    static func appendAttribute(_ string: String, to out: inout [UInt8]) {
        var copy = string
        copy.withUTF8 { append($0, to: &out, inAttribute: true) }
    }

    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], inAttribute: Bool) {
        var i = 0
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\"") where inAttribute: out.append(contentsOf: "&quot;".utf8)
            case 9 where inAttribute: out.append(contentsOf: "&#9;".utf8)
            case 10 where inAttribute: out.append(contentsOf: "&#10;".utf8)
            case 13: out.append(contentsOf: "&#13;".utf8)
            case 9, 10: out.append(c)
            case 0..<32: out.append(contentsOf: [0xEF, 0xBF, 0xBD])
            case 0xEF where i + 2 < n && bytes[i + 1] == 0xBF && (bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF):
                out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                i += 2
            default: out.append(c)
            }
            i += 1
        }
    }
}
