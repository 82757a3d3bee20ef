/// The local name of an XML document's root element, read from its first bytes: after a BOM,
/// whitespace, the XML declaration, comments, processing instructions and a DOCTYPE. Tells GPX
/// (`gpx`) from TCX (`TrainingCenterDatabase`) before any parsing. UTF-16 text is read by its
/// low bytes (element names are ASCII).
enum XMLRootSniffer {
    /// nil when no start tag is found in `head`.
    static func rootName(_ head: UnsafeRawBufferPointer) -> String? {
        var bytes = Array(head.bindMemory(to: UInt8.self))
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)
            || (bytes.count >= 4 && (bytes[1] == 0 || bytes[0] == 0) && bytes.contains(0)) {
            bytes = bytes.filter { $0 != 0 && $0 != 0xFF && $0 != 0xFE }
        }
        var i = 0
        func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 10 || b == 13 }
        func skip(past marker: [UInt8]) -> Bool {
            var k = i
            while k + marker.count <= bytes.count {
                if bytes[k..<(k + marker.count)].elementsEqual(marker) { i = k + marker.count; return true }
                k += 1
            }
            return false
        }
        while i < bytes.count {
            let b = bytes[i]
            if isSpace(b) || b == 0xEF || b == 0xBB || b == 0xBF { i += 1; continue }
            guard b == UInt8(ascii: "<"), i + 1 < bytes.count else { return nil }
            let next = bytes[i + 1]
            if next == UInt8(ascii: "?") {
                guard skip(past: Array("?>".utf8)) else { return nil }
            } else if next == UInt8(ascii: "!") {
                if i + 3 < bytes.count, bytes[i + 2] == UInt8(ascii: "-"), bytes[i + 3] == UInt8(ascii: "-") {
                    guard skip(past: Array("-->".utf8)) else { return nil }
                } else {
                    guard skip(past: [UInt8(ascii: ">")]) else { return nil }
                }
            } else {
                var end = i + 1
                while end < bytes.count, !isSpace(bytes[end]), bytes[end] != UInt8(ascii: ">"), bytes[end] != UInt8(ascii: "/") { end += 1 }
                guard end < bytes.count else { return nil }
                let name = String(decoding: bytes[(i + 1)..<end], as: UTF8.self)
                return name.split(separator: ":").last.map(String.init)
            }
        }
        return nil
    }
}
