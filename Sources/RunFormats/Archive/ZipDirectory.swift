import Foundation

/// The entries a zip archive can make libarchive build, counted without libarchive and without
/// allocating: what a reading of the archive will cost, known before it starts.
///
/// libarchive's zip reader (the seekable one, which it uses for an archive in memory) reads the
/// whole central directory into a table before it hands over the first member — about 440 bytes
/// a record, so a 64 MB zip of 715,000 empty files took 300 MB of heap before a member count could
/// refuse it. ``ArchiveReader`` counts first and refuses an archive that can make more entries
/// than its budget allows, so the table libarchive builds is bounded by the limit.
///
/// What the directory *claims* cannot be trusted: libarchive 3.6 takes the directory's start from
/// a ZIP64 end record whenever a ZIP64 locator (`PK\6\7`) precedes the end record (`PK\5\6`), even
/// when the 32-bit fields are not saturated, searches forward from that start for the first
/// record, and reads file headers (`PK\1\2`) until it meets anything else — so an archive with a
/// lying end record once passed a count made from the 32-bit record alone (1.12 GB and 14 s for a
/// ZIP64 bomb). The count is therefore the larger of
/// - every file header signature `PK\1\2` anywhere in the bytes: each entry libarchive builds
///   starts at one of them, wherever it looks for the directory (a bound that holds whatever the
///   end records say; a stored archive inside adds its own, which are counted when it is read
///   anyway), and
/// - the entries the end record claims, read as libarchive reads it (PKWARE APPNOTE 6.3.10
///   §4.3.14–4.3.16): the end record searched backwards over the last 16 KiB, and the ZIP64 end
///   record through its locator when the locator passes libarchive's checks.
///
/// ``ArchiveReader`` also counts each member as libarchive hands it over (seekable or streamed)
/// and stops at the cap, so no reading goes past it whatever the archive claims.
enum ZipDirectory {
    /// The entries `bytes` can make, counting stops at `limit + 1`.
    /// - Complexity: O(n) in the archive's size (a `memchr` scan), no allocation.
    static func entryCount(_ bytes: UnsafeRawBufferPointer, limit: Int) -> Int {
        let cap = limit < Int.max ? limit + 1 : limit
        return min(cap, max(claimedEntries(bytes), headerSignatures(bytes, stopAt: cap)))
    }

    /// Occurrences of `PK\1\2` in `bytes`, counting stops at `stopAt`.
    static func headerSignatures(_ bytes: UnsafeRawBufferPointer, stopAt: Int) -> Int {
        guard let base = bytes.baseAddress, bytes.count >= 4 else { return 0 }
        var count = 0, position = 0
        while count < stopAt, position + 4 <= bytes.count {
            guard let found = memchr(base + position, 0x50, bytes.count - 3 - position) else { break }
            let at = base.distance(to: UnsafeRawPointer(found))
            if le32(bytes, at) == 0x0201_4b50 { count += 1; position = at + 4 } else { position = at + 1 }
        }
        return count
    }

    /// The entries the end records claim in all (0 without an end record).
    static func claimedEntries(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard let end = endRecord(bytes) else { return 0 }
        var claimed = le16(bytes, end + 10)
        // A ZIP64 locator just before the end record, checked as libarchive checks it: the
        // directory on disk 0 of 1, a record of 56 bytes to 16 KiB on disk 0, not split.
        let locator = end - 20
        if locator >= 0, le32(bytes, locator) == 0x0706_4b50, le32(bytes, locator + 4) == 0, le32(bytes, locator + 16) == 1 {
            let record = le64(bytes, locator + 8)
            let size = le64(bytes, record + 4)
            if record >= 0, size >= 44, size <= 16_384 - 12, le32(bytes, record) == 0x0606_4b50,
               le32(bytes, record + 16) == 0, le32(bytes, record + 20) == 0 {
                let onDisk = le64(bytes, record + 24), total = le64(bytes, record + 32)
                if onDisk == total { claimed = max(claimed, total < 0 ? Int.max : total) }
            }
        }
        return claimed
    }

    /// The position of the end of central directory record, searched from the end over the last
    /// 16 KiB, as libarchive searches.
    private static func endRecord(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= 22 else { return nil }
        let lowest = max(1, bytes.count - 16 * 1024 + 1)
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
