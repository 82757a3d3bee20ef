import Foundation
import RunCore
import RunFormats
import TestSupport
import Testing

/// A compressed file is told from its first decompressed bytes before the rest is inflated:
/// content that cannot be GPX, TCX, FIT or a manual entry is refused from its head (issue 16).
/// The compressed files are made by `bzip2`, `gzip` and `xz`, independent of libarchive.
@Suite struct CompressedContentTests {
    static func read(_ bytes: [UInt8], fileName: String) -> ReadError? {
        do {
            _ = try ActivityReadSession.read(bytes, fileName: fileName)
            return nil
        } catch let error as ReadError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    static func compressed(_ bytes: [UInt8], with tool: String) throws -> [UInt8] {
        let folder = TemporaryDirectory("compressed-content")
        let input = try folder.write("input", bytes)
        let result = try ExternalTools.run("/bin/sh", ["-c", "\"$0\" -c -1 < \"$1\" > \"$1.out\"", tool, input])
        #expect(result.status == 0, "\(tool): \(result.error)")
        return Array(try Data(contentsOf: URL(fileURLWithPath: input + ".out")))
    }

    /// FuzzReadSession's find: 23,745 bytes of bzip2 that inflate to 27,280,335 bytes ("lU" and
    /// then 0xEE: `bzip2 -dc` says so) took 1–3 s to inflate before the GPX reader refused them.
    @Test(.timeLimit(.minutes(1))) func theFoundBzip2IsRefusedAsUnsupported() throws {
        let path = SharedData.repository("Fuzz/seeds/FuzzReadSession/found-bzip2-of-27mb-text.bz2")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let error = Self.read(bytes, fileName: "found.bz2")
        #expect(error?.code == .unsupportedFormat && error?.file == "found.bz2", "\(String(describing: error))")
    }

    /// A compressed stream cut in half whose head is text that is not XML: refused from its head
    /// as unsupported — inflating the rest would have met the cut (`badArchive`), so the
    /// refusal proves the rest was never inflated. Binary content likewise (`binaryData`).
    @Test(arguments: ["/usr/bin/bzip2", "/bin/gzip", "/usr/bin/xz"])
    func contentThatCannotBeAnActivityIsRefusedBeforeTheRestIsInflated(tool: String) throws {
        var generator = SeededGenerator(state: 16)
        let words = (0..<400_000).map { _ in "word\(UInt8.random(in: 0...99, using: &generator)) " }.joined()
        let text = try Self.compressed(Array(("some notes, not XML\n" + words).utf8), with: tool)
        let cut = Array(text.prefix(text.count / 2))
        #expect(Self.read(cut, fileName: "notes.z")?.code == .unsupportedFormat)
        var binary: [UInt8] = [0, 1, 2, 3]
        for _ in 0..<1_000_000 { binary.append(UInt8.random(in: 0...255, using: &generator)) }
        let packed = try Self.compressed(binary, with: tool)
        #expect(Self.read(Array(packed.prefix(packed.count / 2)), fileName: "blob.z")?.code == .binaryData)
        // A GPX cut the same way still reaches the inflating, which finds the cut.
        let gpx = try Self.compressed(Array(("<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"t\"><!-- " + words + " --></gpx>").utf8), with: tool)
        #expect(Self.read(Array(gpx.prefix(gpx.count / 2)), fileName: "cut.gpx.z")?.code == .badArchive)
    }
}

/// What a compressed file inflates to is streamed into the read, never held whole, and inflating
/// stops as soon as the limit is passed (issue 16, breaker finding U5: a gzip of a GPX head and
/// 1.9 GB of spaces grew to 537 MB before it was refused). A small limit stands for the 512 MiB.
@Suite struct CompressedInflateBoundTests {
    static let head = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>"
        + (0..<3).map { "<trkpt lat=\"0.00\($0)\" lon=\"0\"><time>2020-01-01T00:00:0\($0)Z</time></trkpt>" }.joined()
    static let spaces = [UInt8](repeating: 0x20, count: 8 << 20)

    static func session(limit: Int) -> ActivityReadSession {
        let session = ActivityReadSession(fileName: "spaces.gpx.gz")
        session.decompressedLimitBytes = limit
        return session
    }

    @Test func spacesAfterAGPXHeadStopAtTheLimitUnheld() throws {
        let gz = try ZipFixture.gzip(Array(Self.head.utf8) + Self.spaces)
        #expect(gz.count < 64 * 1024)   // 8 MiB of spaces compress to a few KiB
        let session = Self.session(limit: 1 << 20)
        let error = #expect(throws: ReadError.self) {
            try gz.withUnsafeBytes { try session.feed($0) }
            _ = try session.finish()
        }
        #expect(error?.code == .tooLarge && error?.limitBytes == 1 << 20, "\(String(describing: error))")
        // Held: the compressed file, and the first inflated piece (64 KiB at most) while it is
        // sniffed; never what the file inflates to.
        #expect(session.peakBufferedBytes <= max(gz.count, 64 * 1024), "\(session.peakBufferedBytes) bytes held for \(gz.count) compressed")
    }

    @Test func aFileWithinTheLimitIsReadStreamed() throws {
        let whole = Array((Self.head + "</trkseg></trk></gpx>").utf8) + Self.spaces
        let gz = try ZipFixture.gzip(whole)
        let session = Self.session(limit: whole.count)
        try gz.withUnsafeBytes { try session.feed($0) }
        let result = try session.finish()
        #expect(result.activity.tracks.flatMap(\.segments).flatMap(\.points).count == 3)
        #expect(session.format == .gpx)
        #expect(session.peakBufferedBytes <= max(gz.count, 64 * 1024))
        // One byte less than it inflates to is refused.
        let short = Self.session(limit: whole.count - 1)
        #expect(throws: ReadError.self) {
            try gz.withUnsafeBytes { try short.feed($0) }
            _ = try short.finish()
        }
    }
}
