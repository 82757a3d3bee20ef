import Foundation
import RunCore
import RunFormats
import TestSupport
import Testing

/// Input that is not usable GPX: each gives a clear error with a code, the file, and the line and
/// column where they are known — never a crash, never a silently dropped or zeroed point.
@Suite struct BadInputTests {
    static let header = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><trkseg>\n"

    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var bytes: [UInt8]
        var code: ReadError.Code
        var line: Int?
        var messageContains: String
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "empty", bytes: [], code: .emptyFile, line: nil, messageContains: "empty"),
        Case(label: "whitespace only", bytes: Array("  \n\n ".utf8), code: .emptyFile, line: nil, messageContains: "empty"),
        Case(label: "binary", bytes: (0..<2000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }, code: .binaryData, line: nil,
             messageContains: "binary"),
        Case(label: "FIT header", bytes: [14, 16, 0x6C, 0x08, 0, 0, 0, 0] + Array(".FIT".utf8) + [0, 0], code: .unsupportedFormat,
             line: nil, messageContains: "FIT"),
        Case(label: "plain text", bytes: Array("hello, this is not GPX\n".utf8), code: .notGPX, line: 1, messageContains: "not XML"),
        Case(label: "truncated", bytes: Array((header + "<trkpt lat=\"1\" lon=\"2\"><ele>3</ele></trkpt>\n<trkpt lat=\"1.1\" lo").utf8),
             code: .notWellFormed, line: nil, messageContains: "not well-formed"),
        Case(label: "truncated after a complete point", bytes: Array((header + "<trkpt lat=\"1\" lon=\"2\"></trkpt>\n").utf8),
             code: .notWellFormed, line: nil, messageContains: "not well-formed"),
        Case(label: "mis-nested", bytes: Array((header + "<trkpt lat=\"1\" lon=\"2\"><ele>3</trkpt></ele></trkseg></trk></gpx>").utf8),
             code: .notWellFormed, line: 4, messageContains: "mismatch"),
        Case(label: "not GPX (KML)", bytes: Array("<?xml version=\"1.0\"?><kml xmlns=\"http://www.opengis.net/kml/2.2\"/>".utf8),
             code: .notGPX, line: 1, messageContains: "<kml>"),
        Case(label: "TCX", bytes: Array("<?xml version=\"1.0\"?><TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\"/>".utf8),
             code: .unsupportedFormat, line: 1, messageContains: "TCX"),
        Case(label: "entity declaration", bytes: Array("<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n<!ENTITY x \"y\">\n]>\n<gpx/>".utf8),
             code: .entityDeclaration, line: 3, messageContains: "entity"),
        Case(label: "lat 91", bytes: Array((header + "<trkpt lat=\"91\" lon=\"2\"/></trkseg></trk></gpx>").utf8),
             code: .invalidCoordinate, line: 4, messageContains: "outside [-90, 90]"),
        Case(label: "lat abc", bytes: Array((header + "<trkpt lat=\"abc\" lon=\"2\"/></trkseg></trk></gpx>").utf8),
             code: .invalidCoordinate, line: 4, messageContains: "lat=\"abc\""),
        Case(label: "lat nan", bytes: Array((header + "<trkpt lat=\"nan\" lon=\"2\"/></trkseg></trk></gpx>").utf8),
             code: .invalidCoordinate, line: 4, messageContains: "lat=\"nan\""),
        Case(label: "lon inf", bytes: Array((header + "<trkpt lat=\"1\" lon=\"inf\"/></trkseg></trk></gpx>").utf8),
             code: .invalidCoordinate, line: 4, messageContains: "lon=\"inf\""),
        Case(label: "lat with exponent", bytes: Array((header + "<trkpt lat=\"1e1\" lon=\"2\"/></trkseg></trk></gpx>").utf8),
             code: .invalidCoordinate, line: 4, messageContains: "not a decimal"),
        Case(label: "comma decimal", bytes: Array((header + "<trkpt lat=\"49,97\" lon=\"2\"/></trkseg></trk></gpx>").utf8),
             code: .invalidCoordinate, line: 4, messageContains: "lat=\"49,97\""),
        Case(label: "missing lon", bytes: Array((header + "<trkpt lat=\"1\"/></trkseg></trk></gpx>").utf8),
             code: .invalidCoordinate, line: 4, messageContains: "no lon"),
        Case(label: "undeclared prefix", bytes: Array((header + "<trkpt lat=\"1\" lon=\"2\"><extensions><p:x/></extensions></trkpt></trkseg></trk></gpx>").utf8),
             code: .notWellFormed, line: 4, messageContains: "prefix"),
        Case(label: "invalid UTF-8", bytes: Array((header + "<trkpt lat=\"1\" lon=\"2\"><name>").utf8) + [0xC3, 0x28] + Array("</name></trkpt></trkseg></trk></gpx>".utf8),
             code: .notWellFormed, line: 4, messageContains: "not well-formed"),
    ]

    @Test(arguments: cases)
    func refusedWithClearError(_ input: Case) throws {
        let error = try #require(throws: ReadError.self) { try GPXReader().read(input.bytes, fileName: "bad.gpx") }
        #expect(error.code == input.code)
        #expect(error.file == "bad.gpx")
        if let line = input.line { #expect(error.line == line) }
        #expect(error.message.localizedCaseInsensitiveContains(input.messageContains), "\(error.message)")
        #expect(error.description.hasPrefix("bad.gpx"))
    }

    @Test func skippingInvalidPointsReportsHowManyAndWhere() throws {
        let text = Self.header + "<trkpt lat=\"1\" lon=\"2\"/>\n<trkpt lat=\"91\" lon=\"2\"/>\n<trkpt lat=\"x\" lon=\"2\"/>\n<trkpt lat=\"1.1\" lon=\"2\"/>\n</trkseg></trk></gpx>"
        let result = try GPXReader(options: .init(skipsInvalidPoints: true)).read(Array(text.utf8), fileName: "skip.gpx")
        #expect(result.activity.trackPointCount == 2)
        let skipped = try #require(result.diagnostics.first { $0.code == "invalidPointsSkipped" })
        #expect(skipped.message.contains("2 invalid points were skipped"))
        #expect(skipped.message.contains("line 5") && skipped.message.contains("line 6"))
    }

    @Test func badOptionalValuesAreReportedNotZeroed() throws {
        let text = Self.header + "<trkpt lat=\"1\" lon=\"2\"><ele>high</ele><time>yesterday</time></trkpt>\n</trkseg></trk></gpx>"
        let result = try GPXReader().read(Array(text.utf8), fileName: "values.gpx")
        let point = try #require(result.activity.tracks.first?.segments.first?.points.first)
        #expect(point.elevationMeters == nil && point.timeSeconds == nil)
        #expect(result.diagnostics.map(\.code).sorted() == ["invalidValue.ele", "invalidValue.time"])
    }

    @Test func missingFileIsAnIOError() throws {
        let error = try #require(throws: ReadError.self) { try GPXReader().read(fileAt: "/nonexistent/run.gpx") }
        #expect(error.code == .io)
        #expect(error.description.hasPrefix("/nonexistent/run.gpx: "))
    }

    /// Streaming: the reader keeps no text beyond the current element, whatever the file's size.
    @Test func streamsInChunksWithTheSameResult() throws {
        let path = SharedData.corpus("sportslib-7555261629.gpx")
        let whole = try GPXReader().read(Array(try Data(contentsOf: URL(fileURLWithPath: path))), fileName: path)
        let builder = ActivityBuilder()
        let session = GPXReadSession(fileName: path, handler: builder)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        var offset = 0
        while offset < bytes.count {  // odd chunk sizes split elements, names, numbers and UTF-8 sequences
            let end = min(bytes.count, offset + 1 + offset % 997)
            try bytes[offset..<end].withUnsafeBytes { try session.feed($0) }
            offset = end
        }
        _ = try session.finish()
        #expect(builder.activity == whole.activity)
    }
}
