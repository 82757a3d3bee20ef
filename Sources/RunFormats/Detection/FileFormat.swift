/// What a file looks like from its first bytes, before any parsing.
package enum FileFormat: Sendable, Equatable {
    /// XML text (any encoding libxml2 detects: UTF-8 with or without BOM, UTF-16, declared 8-bit encodings).
    case xml
    /// Garmin FIT (binary; `.FIT` at byte 8).
    case fit
    /// Other binary data.
    case binary
    /// Text that is not XML (it does not start with `<`).
    case text
    /// UTF-32 text (libxml2 cannot read it).
    case utf32
    /// Nothing but whitespace, or no bytes at all.
    case empty

    /// Classifies a file from its first bytes (at least the first 512 when the file is that long).
    package static func sniff(_ head: UnsafeRawBufferPointer) -> FileFormat {
        let bytes = head.bindMemory(to: UInt8.self)
        // FIT: a 12- or 14-byte header whose bytes 8…11 are ".FIT" (FIT SDK, "File Header").
        if bytes.count >= 12, bytes[0] == 12 || bytes[0] == 14, bytes[8] == UInt8(ascii: "."), bytes[9] == UInt8(ascii: "F"),
           bytes[10] == UInt8(ascii: "I"), bytes[11] == UInt8(ascii: "T") {
            return .fit
        }
        if bytes.count >= 4, (bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0xFE && bytes[3] == 0xFF)
            || (bytes[0] == 0xFF && bytes[1] == 0xFE && bytes[2] == 0 && bytes[3] == 0) {
            return .utf32
        }
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            return .xml
        }
        if bytes.count >= 4, bytes[0] == 0x3C, bytes[1] == 0, bytes[2] == 0x3F || bytes[2] == 0x21, bytes[3] == 0 {
            return .xml  // UTF-16LE without BOM
        }
        if bytes.count >= 4, bytes[0] == 0, bytes[1] == 0x3C, bytes[2] == 0, bytes[3] == 0x3F || bytes[3] == 0x21 {
            return .xml  // UTF-16BE without BOM
        }
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        var i = start
        while i < bytes.count, bytes[i] == 32 || bytes[i] == 9 || bytes[i] == 10 || bytes[i] == 13 { i += 1 }
        if i == bytes.count { return .empty }
        let window = bytes[i...].prefix(512)
        let controls = window.filter { $0 < 32 && $0 != 9 && $0 != 10 && $0 != 13 }.count
        if window.contains(0) || controls * 20 > window.count { return .binary }
        if bytes[i] != UInt8(ascii: "<") { return .text }
        return .xml
    }
}
