import Foundation
import RunCore
import RunFormats
import TestSupport
import Testing

/// What reading an archive costs is known before libarchive reads it: a zip whose central
/// directory lists more members than the limit allows is refused before any member is looked at
/// (libarchive would first read the whole directory into memory), whatever the end records'
/// form; and a compressed file's size is counted without keeping it. Zips made by Python's
/// zipfile, gzip files by gzip: the counts are known by construction.
@Suite struct ArchiveCostTests {
    /// Reads `bytes` with at most `limit` members; returns how many members were looked at
    /// (`decide` called) and the error, if any.
    static func read(_ bytes: [UInt8], limit: Int) -> (looked: Int, error: ReadError?) {
        var looked = 0
        do {
            try ArchiveReader.forEachMember(of: bytes, fileName: "many.zip", limits: ArchiveLimits(maximumMemberCount: limit),
                                            decide: { _ in looked += 1; return .ignore }) { _ in }
            return (looked, nil)
        } catch let error as ReadError {
            return (looked, error)
        } catch {
            Issue.record("unexpected \(error)")
            return (looked, nil)
        }
    }

    /// 100 members (the 32-bit end record), 70,000 (past 65,535: the ZIP64 end records), and one
    /// file among them with a long name and a comment-free extra field, stored and deflated.
    @Test(arguments: [(members: 100, deflated: false), (members: 100, deflated: true), (members: 70_000, deflated: false)])
    func aZipListingMoreMembersThanAllowedIsRefusedBeforeAnyIsRead(members: Int, deflated: Bool) throws {
        let named = (name: "activities/" + String(repeating: "long-name-", count: 20) + ".gpx", bytes: Array("<gpx/>".utf8))
        let zip = try ZipFixture.bytes(emptyFiles: members - 1, files: [named], deflated: deflated)
        // One under the count: refused, no member looked at, the limit named.
        let refused = Self.read(zip, limit: members - 1)
        #expect(refused.looked == 0, "\(members) members: \(refused.looked) looked at")
        #expect(refused.error?.code == .tooLarge && refused.error?.limitMembers == members - 1 && refused.error?.file == "many.zip")
        // At the count: every member read.
        let read = Self.read(zip, limit: members)
        #expect(read.error == nil && read.looked == members, "\(String(describing: read.error))")
    }

    /// A ZIP64 end record found through its locator, behind a 32-bit end record that claims an
    /// empty directory (and a ZIP64 record claiming no entries, or the true count): refused before
    /// any member is looked at, whatever the end records claim — libarchive would read the whole
    /// directory the ZIP64 record points at (a breaker's 64 MB archive: 14 s and 1.12 GB).
    @Test(arguments: [0, 300])
    func aZipWithLyingEndRecordsIsRefusedBeforeAnyIsRead(claimed: Int) throws {
        let zip = try ZipFixture.lyingZip64(emptyFiles: 300, claimedEntries: claimed)
        let refused = Self.read(zip, limit: 299)
        #expect(refused.looked == 0, "\(refused.looked) looked at")
        #expect(refused.error?.code == .tooLarge && refused.error?.limitMembers == 299)
        // libarchive does read the 300 members the records point at: the refusal is not a damaged archive's.
        let read = Self.read(zip, limit: 300)
        #expect(read.error == nil && read.looked == 300, "\(String(describing: read.error)), \(read.looked) looked at")
    }

    /// An export's first pass (the names) refuses it as well, before the second reads a file.
    @Test func anExportListingTooManyMembersHandsOverNoFile() throws {
        let zip = try ZipFixture.bytes(emptyFiles: 300)
        var handedOver = 0
        #expect(throws: ReadError.self) {
            try ExportArchive.read(archive: zip, fileName: "export.zip", limits: ArchiveLimits(maximumMemberCount: 299)) { _ in handedOver += 1 }
        }
        #expect(handedOver == 0)
        let summary = try ExportArchive.read(archive: zip, fileName: "export.zip", limits: ArchiveLimits(maximumMemberCount: 300)) { _ in
            handedOver += 1
        }
        #expect(summary.memberCount == 300)
        #expect(handedOver == 300)
    }

    @Test func aCompressedFilesSizeIsCountedUpToTheLimit() throws {
        let text = Array(String(repeating: "<trkpt lat=\"1\" lon=\"2\"/>\n", count: 12_000).utf8)   // 300,000 bytes
        let gz = try ZipFixture.gzip(text)
        #expect(gz.count < text.count / 20)
        func size(_ bytes: [UInt8], limit: Int) throws -> Int {
            try bytes.withUnsafeBytes { raw throws(ReadError) in try Decompression.decompressedSize(raw, fileName: "a.gpx.gz", limit: limit) }
        }
        #expect(try size(gz, limit: 1 << 20) == text.count)
        #expect(try size(gz, limit: text.count) == text.count)
        #expect(try size(gz, limit: 1000) == 1001)
        #expect(throws: ReadError.self) { try size(text, limit: 10) }
        #expect(throws: ReadError.self) { try size(Array(gz.prefix(gz.count / 2)), limit: 1 << 20) }
    }
}
