/// Makes link targets valid `xsd:anyURI` values (RFC 3986 characters only), as libxml2's schema
/// validator checks them: characters a URI may not contain are percent-encoded as UTF-8, and a `%`
/// not followed by two hex digits becomes `%25`. Valid URIs are unchanged.
enum URIText {
    static func anyURI(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        let hex = Array("0123456789ABCDEF".utf8)
        func isHex(_ c: UInt8) -> Bool { (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102) }
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            let allowed = (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39)
                || "-._~:/?#@!$&'()*+,;=".utf8.contains(c)
            if c == UInt8(ascii: "%"), i + 2 < bytes.count, isHex(bytes[i + 1]), isHex(bytes[i + 2]) {
                out.append(c)
            } else if allowed {
                out.append(c)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(c >> 4)])
                out.append(hex[Int(c & 15)])
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
