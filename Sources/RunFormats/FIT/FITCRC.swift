/// The FIT CRC-16 (FIT Protocol, "CRC"): CRC-16 with the reflected polynomial 0xA001, initial
/// value 0, over the header's first 12 bytes (header CRC) and over header and data (file CRC).
/// The protocol document computes it a nibble at a time with a 16-entry table; this is the same
/// CRC four bytes at a time ("slicing by 4") with tables derived from that polynomial.
enum FITCRC {
    /// Four tables of 256 entries: `tables[i]` is the CRC register after shifting byte `i`
    /// through it bit by bit; `tables[256 * k + i]` the same followed by k zero bytes.
    private static let tables: [UInt16] = {
        var tables = [UInt16](repeating: 0, count: 1024)
        for index in 0..<256 {
            var crc = UInt16(index)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xA001 : crc >> 1 }
            tables[index] = crc
        }
        for slice in 1..<4 {
            for index in 0..<256 {
                let previous = tables[256 * (slice - 1) + index]
                tables[256 * slice + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The CRC of `bytes`.
    /// - Complexity: O(n).
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt16 {
        tables.withUnsafeBufferPointer { t in
            var crc: UInt16 = 0
            var index = 0
            let count = bytes.count
            while count - index >= 4 {
                let low = crc ^ (UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8)
                crc = t[768 + Int(low & 0xFF)] ^ t[512 + Int(low >> 8)] ^ t[256 + Int(bytes[index + 2])] ^ t[Int(bytes[index + 3])]
                index += 4
            }
            while index < count {
                crc = (crc >> 8) ^ t[Int(UInt8(truncatingIfNeeded: crc) ^ bytes[index])]
                index += 1
            }
            return crc
        }
    }
}
