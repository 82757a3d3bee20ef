/// The entries a zip archive's central directory lists, counted without libarchive and without
/// allocating: what a reading of the archive will cost, known before it starts.
///
/// libarchive's zip reader (the seekable one, which it uses for an archive in memory) reads the
/// whole central directory into a table before it hands over the first member — about 440 bytes
/// a record, so a 64 MB zip of 715,000 empty files took 300 MB of heap before a member count could
/// refuse it. ``ArchiveReader`` counts the records first and refuses an archive listing more members than
/// its budget allows, so the table libarchive builds is bounded by the limit.
///
/// The records are found as libarchive finds them (PKWARE APPNOTE 6.3.10): the end of central
/// directory record (`PK\5\6`) searched backwards over the last 65,557 bytes (22 bytes and the
/// longest comment), the ZIP64 locator (`PK\6\7`) and ZIP64 end record (`PK\6\6`) before it when the
/// 32-bit fields are saturated, the directory's start corrected by the bytes found before the
/// archive (a self-extracting stub), then one file header (`PK\1\2`, 46 bytes, the name, extra
/// field and comment) after the other.
enum ZipDirectory {
    /// The number of central directory records, counting stops at `limit + 1`; nil when the
    /// archive has no end record or its directory does not start where the end record says (it
    /// is then read as a stream, member by member, and counted as it goes).
    /// - Complexity: O(min(records, limit)), no allocation.
    static func entryCount(_ bytes: UnsafeRawBufferPointer, limit: Int) -> Int? {
        guard let end = endRecord(bytes) else { return nil }
        var size = Int(le32(bytes, end + 12)), offset = Int(le32(bytes, end + 16))
        var directoryEnd = end
        if size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF || le16(bytes, end + 10) == 0xFFFF, end >= 20,
           le32(bytes, end - 20) == 0x0706_4b50 {
            let record = le64(bytes, end - 20 + 8)
            guard record >= 0, record <= end - 20 - 56, le32(bytes, record) == 0x0606_4b50 else { return nil }
            size = le64(bytes, record + 40)
            offset = le64(bytes, record + 48)
            directoryEnd = record
        }
        guard size >= 0, offset >= 0, size <= directoryEnd else { return nil }
        // Bytes before the archive (a self-extracting stub) move every offset by the same amount.
        var position = directoryEnd - size
        guard position >= 0, offset <= position else { return nil }
        var count = 0
        while position + 46 <= directoryEnd, le32(bytes, position) == 0x0201_4b50 {
            count += 1
            if count > limit { return count }
            position += 46 + le16(bytes, position + 28) + le16(bytes, position + 30) + le16(bytes, position + 32)
        }
        return count
    }

    /// The position of the end of central directory record, searched from the end.
    private static func endRecord(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= 22 else { return nil }
        let lowest = max(0, bytes.count - 22 - 65_535)
        var position = bytes.count - 22
        while position >= lowest {
            if bytes[position] == 0x50, le32(bytes, position) == 0x0605_4b50 { return position }
            position -= 1
        }
        return nil
    }

    private static func le16(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> Int {
        guard at >= 0, at + 2 <= bytes.count else { return 0 }
        return Int(bytes[at]) | Int(bytes[at + 1]) << 8
    }

    private static func le32(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
        guard at >= 0, at + 4 <= bytes.count else { return 0 }
        return UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }

    /// A little-endian 64-bit field as an `Int`; -1 when it does not fit one.
    private static func le64(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> Int {
        guard at >= 0, at + 8 <= bytes.count else { return -1 }
        var value: UInt64 = 0
        for k in (0..<8).reversed() { value = value << 8 | UInt64(bytes[at + k]) }
        return value > UInt64(Int.max) ? -1 : Int(value)
    }
}
