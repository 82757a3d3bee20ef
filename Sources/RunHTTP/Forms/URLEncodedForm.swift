/// A form body of type `application/x-www-form-urlencoded` (WHATWG URL Standard §5.1): `name=value`
/// pairs joined by `&`, `+` for a space, `%XX` for a byte; invalid UTF-8 becomes U+FFFD.
package struct URLEncodedForm: Sendable {
    /// The pairs in order (a name may repeat).
    package let pairs: [(name: String, value: String)]

    package init(_ body: [UInt8]) {
        var pairs: [(String, String)] = []
        for part in body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let halves = part.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            pairs.append((Self.decode(halves[0]), halves.count > 1 ? Self.decode(halves[1]) : ""))
        }
        self.pairs = pairs
    }

    /// The last value of a name (a checkbox after its hidden "false" wins when checked).
    package subscript(name: String) -> String? { pairs.last { $0.name == name }?.value }

    /// Every name's last value.
    package var values: [String: String] {
        var values: [String: String] = [:]
        for (name, value) in pairs { values[name] = value }
        return values
    }

    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let byte = bytes[i]
            if byte == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), i + 2 < bytes.endIndex, let high = hex(bytes[i + 1]), let low = hex(bytes[i + 2]) {
                out.append(high << 4 | low)
                i += 2
            } else {
                out.append(byte)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
