/// An archive format runlog reads (``ArchiveReader``), told by its first bytes, never by its name.
package enum ArchiveFormat: Sendable, Hashable, CustomStringConvertible {
    /// zip (PKWARE APPNOTE 6.3.10 §4.3.7: a local file header `PK\3\4`, or `PK\5\6`, the end of
    /// the central directory of an empty zip).
    case zip
    /// tar (POSIX ustar, pax, GNU: `ustar` at byte 257), compressed or not.
    case tar(Compression?)

    package var description: String {
        switch self {
        case .zip: "zip"
        case .tar(nil): "tar"
        case .tar(let compression?): "tar.\(compression.fileExtension)"
        }
    }

    /// The archive format of a whole file, or nil when it is none of these. A gzip, bzip2 or xz
    /// file is an archive when its first 512 decompressed bytes are a tar header.
    package static func sniff(_ bytes: UnsafeRawBufferPointer) -> ArchiveFormat? {
        if bytes.count >= 4, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "K"),
           (bytes[2] == 3 && bytes[3] == 4) || (bytes[2] == 5 && bytes[3] == 6) {
            return .zip
        }
        if isTarHeader(bytes) { return .tar(nil) }
        if let compression = Compression.sniff(bytes),
           let head = Decompression.decompressedPrefix(bytes, count: 512),
           head.withUnsafeBytes({ isTarHeader($0) }) {
            return .tar(compression)
        }
        return nil
    }

    /// The archive format of a whole file held in an array.
    package static func sniff(_ bytes: [UInt8]) -> ArchiveFormat? { bytes.withUnsafeBytes { sniff($0) } }

    /// Whether a member's name says it is an archive (`.zip`, `.tar`, `.tgz`, `.tar.gz`, `.tar.bz2`, `.tar.xz` …):
    /// such members are read to see whether they are one.
    static func nameSuggestsArchive(_ name: String) -> Bool {
        let lower = name.lowercased()
        return [".zip", ".tar", ".tgz", ".tbz2", ".txz", ".tar.gz", ".tar.bz2", ".tar.xz"].contains { lower.hasSuffix($0) }
    }

    private static func isTarHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 262 else { return false }
        return Array(bytes[257..<262]) == Array("ustar".utf8)
    }
}
