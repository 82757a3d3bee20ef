/// The FIT CRC-16 (FIT Protocol, "CRC"): a nibble-wise CRC-16 with polynomial 0xA001 (reflected
/// 0x8005), initial value 0, over the header's first 12 bytes (header CRC) and over header and data
/// (file CRC). A file's CRC computed over its whole segment, the stored CRC included, is 0.
enum FITCRC {
    private static let table: (UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16,
                               UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16, UInt16) =
        (0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
         0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400)

    @inline(__always)
    private static func entry(_ index: UInt16) -> UInt16 {
        withUnsafeBytes(of: table) { $0.load(fromByteOffset: Int(index & 0xF) &* 2, as: UInt16.self) }
    }

    /// Adds one byte to `crc`.
    @inline(__always)
    static func update(_ crc: UInt16, _ byte: UInt8) -> UInt16 {
        var crc = crc
        var tmp = entry(crc)
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ entry(UInt16(byte))
        tmp = entry(crc)
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ entry(UInt16(byte >> 4))
        return crc
    }

    /// The CRC of `bytes`.
    /// - Complexity: O(n).
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes { crc = update(crc, byte) }
        return crc
    }
}
