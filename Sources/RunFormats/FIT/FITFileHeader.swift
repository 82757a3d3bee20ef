/// The header of one FIT file (FIT Protocol, "File Header"): 12 bytes, or 14 with a CRC of the
/// first 12. Bytes 0 header size, 1 protocol version, 2–3 profile version (little-endian),
/// 4–7 size of the data records (little-endian), 8–11 `.FIT`, 12–13 header CRC (0 = not computed).
struct FITFileHeader {
    /// Offset of the header in the file (a chained file has several).
    var offset: Int
    var headerSize: Int
    var protocolVersion: UInt8
    var profileVersion: UInt16
    var dataSize: Int
    /// The header's stored CRC, nil for a 12-byte header or a stored 0 (allowed by the protocol).
    var storedHeaderCRC: UInt16?
    /// Whether the header CRC, when stored, matches.
    var isHeaderCRCValid: Bool

    /// Offset of the first data record.
    var dataStart: Int { offset + headerSize }
    /// Offset just past the data records, where the file CRC is (as the header declares it).
    var dataEnd: Int { offset + headerSize + dataSize }

    /// Reads a header at `offset`; nil when the bytes there are not a FIT header.
    static func parse(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> FITFileHeader? {
        guard offset >= 0, bytes.count - offset >= 12 else { return nil }
        let size = Int(bytes[offset])
        guard size == 12 || size == 14, bytes.count - offset >= size else { return nil }
        guard bytes[offset + 8] == UInt8(ascii: "."), bytes[offset + 9] == UInt8(ascii: "F"),
              bytes[offset + 10] == UInt8(ascii: "I"), bytes[offset + 11] == UInt8(ascii: "T") else { return nil }
        let profile = UInt16(bytes[offset + 2]) | UInt16(bytes[offset + 3]) << 8
        let dataSize = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16
            | Int(bytes[offset + 7]) << 24
        var header = FITFileHeader(offset: offset, headerSize: size, protocolVersion: bytes[offset + 1],
                                   profileVersion: profile, dataSize: dataSize, storedHeaderCRC: nil,
                                   isHeaderCRCValid: true)
        if size == 14 {
            let stored = UInt16(bytes[offset + 12]) | UInt16(bytes[offset + 13]) << 8
            if stored != 0 {
                header.storedHeaderCRC = stored
                let computed = FITCRC.checksum(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + 12)]))
                header.isHeaderCRCValid = computed == stored
            }
        }
        return header
    }
}
