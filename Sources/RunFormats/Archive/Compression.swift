/// A compression of a single file that runlog reads (``Decompression``), told by its first bytes,
/// never by the file's name.
package enum Compression: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// gzip (RFC 1952): `1F 8B`, method 8 (deflate).
    case gzip
    /// bzip2: `BZh` and the block size digit `1`…`9`.
    case bzip2
    /// xz (the .xz file format 1.1.0, §2.1.1.1): `FD 37 7A 58 5A 00`.
    case xz

    package var description: String { rawValue }

    /// The usual file name suffix (`gz`, `bz2`, `xz`), without the dot.
    package var fileExtension: String {
        switch self {
        case .gzip: "gz"
        case .bzip2: "bz2"
        case .xz: "xz"
        }
    }

    /// The compression the first bytes of a file show, or nil when they show none of these.
    /// - Parameter head: the file's first bytes (6 are enough).
    package static func sniff(_ head: UnsafeRawBufferPointer) -> Compression? {
        let count = head.count
        func byte(_ i: Int) -> UInt8 { head[i] }
        if count >= 3, byte(0) == 0x1F, byte(1) == 0x8B, byte(2) == 8 { return .gzip }
        if count >= 4, byte(0) == UInt8(ascii: "B"), byte(1) == UInt8(ascii: "Z"), byte(2) == UInt8(ascii: "h"),
           (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(byte(3)) {
            return .bzip2
        }
        if count >= 6, byte(0) == 0xFD, byte(1) == 0x37, byte(2) == 0x7A, byte(3) == 0x58, byte(4) == 0x5A, byte(5) == 0 {
            return .xz
        }
        return nil
    }

    /// The compression of a whole buffer's first bytes.
    package static func sniff(_ bytes: [UInt8]) -> Compression? { bytes.withUnsafeBytes { sniff($0) } }
}
