import Foundation
import RunCore
@testable import RunFormats
import Testing

/// What a hostile GPX or TCX file may cost, in memory and in time, in proportion to its size:
/// - each element the activity keeps is charged what it adds and the file is refused past the
///   limit (`ActivityMemoryBudget`, as the FIT reader's `FITMemoryBudget`): an empty `<trk/>`
///   (6 bytes) became a `Track` of a few hundred, 10 MB of them 760 MB;
/// - diagnostics of distinct kinds are kept up to 256, the rest counted: `<a1/><a2/>…` kept one
///   diagnostic per name;
/// - libxml2 2.9 takes time growing with the square of the different names in a document and of
///   the attributes in one tag: 13 MB of distinct names read for 390 s, a 1.5 MB tag of 160,000
///   attributes for 7.6 s (release build). Both are refused past 10,000, early.
/// The charges are written here as the documented rule (twice a value's size, the text kept),
/// the limits as the documented numbers.
@Suite struct ReadCostTests {
    static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<gpx version=\"1.1\" creator=\"tests\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
    static let point = "<trk><trkseg><trkpt lat=\"47.1\" lon=\"8.5\"><time>2026-05-01T06:00:00Z</time></trkpt></trkseg></trk>\n"

    /// `count` lines of `element` after a track with one point: line 3 holds the point, line 4 the
    /// first element.
    static func gpx(repeating element: String, count: Int) -> [UInt8] {
        var text = header + point
        text.reserveCapacity(text.utf8.count + count * (element.utf8.count + 1) + 8)
        for _ in 0..<count { text += element + "\n" }
        return Array((text + "</gpx>\n").utf8)
    }

    static func tcx(_ activities: String) -> [UInt8] {
        Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               + "<TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\"><Activities>\n"
               + activities + "</Activities></TrainingCenterDatabase>\n").utf8)
    }

    static func readGPX(_ bytes: [UInt8], limit: Int = ReadLimits.maximumActivityBytes) throws -> ActivityReadResult {
        try bytes.withUnsafeBytes { try GPXReader(options: GPXReader.Options(maximumActivityBytes: limit)).read($0, fileName: "cost.gpx") }
    }

    static func readTCX(_ bytes: [UInt8], limit: Int = ReadLimits.maximumActivityBytes) throws -> ActivityReadResult {
        try bytes.withUnsafeBytes { try TCXReader(maximumActivityBytes: limit).read($0, fileName: "cost.tcx") }
    }

    // MARK: - Memory

    /// Empty tracks past a 1 MiB limit: refused at the track whose charge (twice a `Track`'s
    /// size) passes it, on its line, naming the limit; under it the file reads whole, and so it
    /// does under the default limit.
    @Test func emptyTracksPastTheLimitAreRefusedAtTheTrackThatPassesIt() throws {
        let limit = 1 << 20
        let perTrack = 2 * MemoryLayout<Track>.stride
        // The file's own track is charged first: the track, its segment, its point, and the point's
        // time as text (20 bytes: a string on the heap, its header and the bytes).
        let first = 2 * MemoryLayout<Track>.stride + 2 * MemoryLayout<TrackSegment>.stride + 2 * MemoryLayout<TrackPoint>.stride
            + 32 + 20
        let refusedAt = (limit - first) / perTrack  // 0-based: the empty track past the limit
        let bytes = Self.gpx(repeating: "<trk/>", count: refusedAt + 100)
        let error = try #require(throws: ReadError.self) { try Self.readGPX(bytes, limit: limit) }
        #expect(error.code == .tooLarge && error.limitBytes == limit && error.element == nil, "\(error)")
        #expect(error.line == 4 + refusedAt, "\(error)")
        #expect(error.message.contains("<trk>") && error.message.contains("1 MiB"), "\(error.message)")
        let under = try Self.readGPX(Self.gpx(repeating: "<trk/>", count: refusedAt), limit: limit)
        #expect(under.activity.tracks.count == refusedAt + 1)
        #expect(try Self.readGPX(bytes).activity.tracks.count == refusedAt + 101)
    }

    /// Whatever a GPX file keeps is charged: points of every kind, links, text, extensions.
    @Test(arguments: ["<wpt lat=\"1\" lon=\"2\"/>", "<rte/>", "<rte><rtept lat=\"1\" lon=\"2\"/></rte>",
                      "<trk><trkseg/></trk>", "<trk><url/></trk>", "<metadata><link href=\"x\"/></metadata>",
                      "<trk><name>a name longer than fifteen bytes</name></trk>", "<extensions><x:e xmlns:x=\"urn:x\"/></extensions>"])
    func everyKeptElementIsCharged(element: String) throws {
        let limit = 256 << 10
        let bytes = Self.gpx(repeating: element, count: 20_000)
        let error = try #require(throws: ReadError.self) { try Self.readGPX(bytes, limit: limit) }
        #expect(error.code == .tooLarge && error.limitBytes == limit, "\(error)")
        #expect(try Self.readGPX(bytes).activity.tracks.count >= 1)
    }

    /// The read session (what an import and `runlog stats` use) refuses past the default limit too:
    /// 800,000 empty tracks (4.8 MB) would take more than 512 MiB.
    @Test func theReadSessionRefusesPastTheDefaultLimit() throws {
        let count = ReadLimits.maximumActivityBytes / (2 * MemoryLayout<Track>.stride) + 1_000
        let bytes = Self.gpx(repeating: "<trk/>", count: count)
        let error = try #require(throws: ReadError.self) { try ActivityReadSession.read(bytes, fileName: "cost.gpx") }
        #expect(error.code == .tooLarge && error.limitBytes == 512 << 20 && error.data["limitBytes"] == .integer(536_870_912))
    }

    /// TCX: empty activities, laps and trackpoints past the limit are refused; under it they read.
    @Test(arguments: [("<Activity/>", 2 * MemoryLayout<Track>.stride + MemoryLayout<DeviceTotals>.stride),
                      ("<Activity><Lap/></Activity>", 2 * MemoryLayout<Track>.stride + MemoryLayout<DeviceTotals>.stride
                        + 2 * MemoryLayout<Lap>.stride)])
    func emptyTCXActivitiesPastTheLimitAreRefused(element: String, charge: Int) throws {
        let limit = 1 << 20
        let refusedAt = limit / charge
        let body = String(repeating: element + "\n", count: refusedAt + 10)
        let error = try #require(throws: ReadError.self) { try Self.readTCX(Self.tcx(body), limit: limit) }
        #expect(error.code == .tooLarge && error.limitBytes == limit, "\(error)")
        #expect(error.line == 3 + refusedAt, "\(error)")
        let under = try Self.readTCX(Self.tcx(String(repeating: element + "\n", count: refusedAt)), limit: limit)
        #expect(under.activity.tracks.count == refusedAt)
    }

    @Test func emptyTCXTrackpointsPastTheLimitAreRefused() throws {
        let limit = 1 << 20
        let perPoint = 2 * MemoryLayout<TrackPoint>.stride
        let refusedAt = (limit - 2 * MemoryLayout<TrackSegment>.stride) / perPoint
        let body = "<Activity Sport=\"Running\"><Lap><Track>\n" + String(repeating: "<Trackpoint/>\n", count: refusedAt + 10)
            + "</Track></Lap></Activity>\n"
        let error = try #require(throws: ReadError.self) { try Self.readTCX(Self.tcx(body), limit: limit) }
        #expect(error.code == .tooLarge && error.limitBytes == limit && error.line == 4 + refusedAt, "\(error)")
    }

    // MARK: - Diagnostics

    /// 300 differently named unknown elements: 256 kinds kept, the rest counted in one last entry.
    @Test func diagnosticsOfManyKindsAreCountedPastTheLimit() throws {
        let names = (0..<300).map { "<a\($0)/>" }.joined()
        let result = try Self.readGPX(Self.gpx(repeating: "<trk>\(names)</trk>", count: 1))
        let diagnostics = result.diagnostics
        #expect(diagnostics.count == 257)
        #expect(diagnostics.prefix(256).allSatisfy { $0.code.hasPrefix("unknownElement.a") })
        #expect(diagnostics.last?.code == "moreDiagnostics")
        #expect(diagnostics.last?.message == "44 more diagnostics of kinds past the first 256 were counted but not kept")
    }

    @Test func repeatsOfAKeptKindAreStillCounted() {
        var collector = DiagnosticCollector()
        for i in 0..<300 { collector.add("kind\(i)", "kind \(i)") }
        collector.add("kind0", "kind 0 again")
        collector.add("kind299", "past the limit again")
        #expect(collector.diagnostics.count == 257)
        #expect(collector.diagnostics.first?.count == 2)
        #expect(collector.diagnostics.last?.message.hasPrefix("45 more diagnostics") == true)
    }

    // MARK: - Names and attributes (libxml2's quadratic work)

    /// 1.4 million different element names (13 MB) read for 390 s; now refused after the
    /// 10,000th name, in the first hundred kilobytes.
    @Test(.timeLimit(.minutes(1)))
    func manyDifferentNamesAreRefusedEarly() throws {
        var body = "<trk>"
        body.reserveCapacity(14 << 20)
        for i in 0..<1_400_000 { body += "<a\(String(i, radix: 16))/>" }
        let bytes = Self.gpx(repeating: body + "</trk>", count: 1)
        let clock = ContinuousClock(), start = clock.now
        let error = try #require(throws: ReadError.self) { try ActivityReadSession.read(bytes, fileName: "cost.gpx") }
        #expect(error.code == .tooManyNames && error.limitNames == 10_000 && error.data["limitNames"] == .integer(10_000), "\(error)")
        #expect(error.line == 4)
        #expect(clock.now - start < .seconds(10))
    }

    @Test func ninethousandDifferentNamesRead() throws {
        let names = (0..<9_000).map { "<a\($0)/>" }.joined()
        let result = try Self.readGPX(Self.gpx(repeating: "<trk>\(names)</trk>", count: 1))
        #expect(result.activity.tracks.count == 2)
    }

    @Test func tcxWithManyDifferentNamesIsRefused() throws {
        let names = (0..<12_000).map { "<a\($0)/>" }.joined()
        let error = try #require(throws: ReadError.self) { try Self.readTCX(Self.tcx("<Activity>\(names)</Activity>")) }
        #expect(error.code == .tooManyNames && error.limitNames == 10_000, "\(error)")
    }

    /// A tag of 160,000 attributes (1.5 MB) read for 7.6 s; now refused before libxml2 parses it.
    /// 9,000 attributes read.
    @Test(.timeLimit(.minutes(1)), arguments: [(9_000, false), (10_001, true), (160_000, true)])
    func aTagWithTooManyAttributesIsRefused(count: Int, isRefused: Bool) throws {
        let attributes = (0..<count).map { "a\(String($0, radix: 16))=\"\"" }.joined(separator: " ")
        let bytes = Self.gpx(repeating: "<trk \(attributes)/>", count: 1)
        let clock = ContinuousClock(), start = clock.now
        guard isRefused else {
            #expect(try Self.readGPX(bytes).activity.tracks.count == 2)
            return
        }
        let error = try #require(throws: ReadError.self) { try Self.readGPX(bytes) }
        #expect(error.code == .tooManyAttributes && error.limitAttributes == 10_000, "\(error)")
        #expect(error.data["limitAttributes"] == .integer(10_000))
        #expect(clock.now - start < .seconds(5))
    }

    /// The count carries across the pieces the parser is fed: the same tag, a byte at a time,
    /// and '>' ends a stretch wherever it stands.
    @Test func attributeSignsAreCountedAcrossPieces() {
        var counter = AttributeSignCounter()
        let tag = Array(("<trk " + String(repeating: "a=\"\" ", count: 100) + ">").utf8)
        var passed = false
        for byte in tag { passed = passed || [byte].withUnsafeBytes { counter.add($0, limit: 99) } }
        #expect(passed)
        var under = AttributeSignCounter()
        passed = false
        for byte in tag { passed = passed || [byte].withUnsafeBytes { under.add($0, limit: 100) } }
        #expect(!passed && under.signsSinceTagEnd == 0)
        var stretches = AttributeSignCounter()
        let twoTags = Array((String(repeating: "=", count: 60) + ">" + String(repeating: "=", count: 60)).utf8)
        #expect(!twoTags.withUnsafeBytes { stretches.add($0, limit: 100) })
        #expect(stretches.signsSinceTagEnd == 60)
        #expect(Array(String(repeating: "=", count: 41).utf8).withUnsafeBytes { stretches.add($0, limit: 100) })
    }
}
