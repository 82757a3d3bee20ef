import Foundation
import RunCore
import RunFormats
import TestSupport
import Testing

/// Inputs from an adversarial review: each once crashed runlog, dropped data silently, or made an
/// export invalid. Expected behaviour from the GPX 1.1 schema and the project's promises.
@Suite struct AdversarialTests {
    static func gpx(_ body: String, root: String = "xmlns=\"http://www.topografix.com/GPX/1/1\"") -> [UInt8] {
        Array("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"t\" \(root)>\n\(body)\n</gpx>\n".utf8)
    }

    static func read(_ bytes: [UInt8]) throws -> ActivityReadResult { try GPXReader().read(bytes, fileName: "adversarial.gpx") }

    static func export(_ activity: Activity) throws -> (text: String, path: String, dir: TemporaryDirectory) {
        let output = MemoryOutput()
        try GPXWriter.write(activity, to: output)
        let dir = TemporaryDirectory()
        return (output.string, try dir.write("out.gpx", output.bytes), dir)
    }

    @Test func absurdValuesAreLeftOutWithAWarningNotCrashing() throws {
        let result = try Self.read(Self.gpx("""
            <trk><trkseg><trkpt lat="1" lon="2"><ele>10000000000000000000000</ele>
            <extensions><gpxtpx:TrackPointExtension xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
            <gpxtpx:hr>1000000000000000000000000000000</gpxtpx:hr><gpxtpx:cad>90</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions>
            </trkpt><trkpt lat="1.001" lon="2"><ele>\(String(repeating: "9", count: 400))</ele></trkpt></trkseg></trk>
            """))
        let points = result.activity.tracks[0].segments[0].points
        #expect(points.allSatisfy { $0.elevationMeters == nil } && points[0].heartRateBPM == nil && points[0].cadenceRPM == 90)
        #expect(result.diagnostics.map(\.code).contains("implausibleValue.ele"))
        #expect(result.diagnostics.map(\.code).contains("implausibleValue.heart rate"))
        #expect(DecimalText.format(1e22) == "10000000000000000000000" && DecimalText.format(-1_234_567_890_123_456_768) == "-1234567890123460000")
    }

    @Test func overflowingCoordinatesAreRefusedNotNaN() throws {
        let error = try #require(throws: ReadError.self) {
            try Self.read(Self.gpx("<wpt lat=\"1\" lon=\"1\(String(repeating: "0", count: 400))\"/>"))
        }
        #expect(error.code == .invalidCoordinate && error.message.count < 200)
    }

    @Test func dtdAttributeDefaultsAreRefused() throws {
        let text = "<?xml version=\"1.0\"?><!DOCTYPE gpx [<!ATTLIST trkpt lat CDATA \"45\" lon CDATA \"9\">]>"
            + "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\" version=\"1.1\" creator=\"t\"><trk><trkseg><trkpt/></trkseg></trk></gpx>"
        let error = try #require(throws: ReadError.self) { try Self.read(Array(text.utf8)) }
        #expect(error.code == .entityDeclaration && error.message.contains("DTD"))
    }

    @Test func gpxNamespaceVariantsAreReadAndForeignPointsReported() throws {
        let slash = try Self.read(Self.gpx("<trk><trkseg><trkpt lat=\"1\" lon=\"2\"/><trkpt lat=\"1.01\" lon=\"2\"/></trkseg></trk>",
                                           root: "xmlns=\"http://www.topografix.com/GPX/1/1/\""))
        #expect(slash.activity.trackPointCount == 2)
        let other = try Self.read(Self.gpx("<trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk>", root: "xmlns=\"urn:my:gpx\""))
        #expect(other.activity.trackPointCount == 1)
        #expect(other.diagnostics.contains { $0.code == "unknownGPXNamespace" })
        let foreign = try Self.read(Self.gpx("""
            <trk><trkseg><trkpt lat="1" lon="2"/><trkpt xmlns="urn:elsewhere" lat="1.01" lon="2"/></trkseg></trk>
            """))
        #expect(foreign.activity.trackPointCount == 1)
        #expect(foreign.diagnostics.contains { $0.code == "gpxNameInOtherNamespace.trkpt" })
    }

    @Test func exportsStayValidAtTheEdges() throws {
        let result = try Self.read(Self.gpx("""
            <metadata><copyright author="me"><year>0</year></copyright></metadata>
            <wpt lat="1" lon="179.9999999999999"><magvar>359.9999999999999</magvar><time>0001-01-01T00:30:00+01:00</time>
            <link href="http://a b/%zz[x"/></wpt>
            <trk><extensions><q:v xmlns:q="urn:q" xmlns:xsd="http://www.w3.org/2001/XMLSchema"
              xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="xsd:int">1</q:v>
              <gpxtpx:TrackPointExtension xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2"><gpxtpx:hr>abc</gpxtpx:hr></gpxtpx:TrackPointExtension>
            </extensions><trkseg><trkpt lat="1" lon="2"><extensions><gpxtpx:TrackPointExtension xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><gpxtpx:atemp>21.3</gpxtpx:atemp></gpxtpx:TrackPointExtension></extensions></trkpt></trkseg></trk>
            """))
        #expect(result.activity.waypoints[0].timeSeconds == nil)   // year 0 in UTC: not a writable xsd:dateTime
        let (text, path, directory) = try Self.export(result.activity)
        defer { withExtendedLifetime(directory) {} }
        #expect(text.contains("lon=\"-180\"") && text.contains("<magvar>0</magvar>"))
        #expect(text.contains("href=\"http://a%20b/%25zz%5Bx\""))
        #expect(text.contains("xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\""))
        #expect(text.contains("<gpxtpx:atemp>21.3</gpxtpx:atemp>"))
        #expect(!text.contains("<year>"))
        #expect(try ExternalTools.schemaErrors(of: path, schema: "gpx11.xsd") == nil)
        #expect(try ExternalTools.schemaErrors(of: path, schema: "gpx11-plus-extensions.xsd") == nil)
    }

    @Test func encodingErrorsAreNamedNotCalledTruncation() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"windows-1252\"?><gpx xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><name>".utf8)
        bytes += [0x81, 0x8D]
        bytes += Array("</name></trk></gpx>".utf8)
        let error = try #require(throws: ReadError.self) { try Self.read(bytes) }
        #expect(error.message.contains("conversion failed"))
    }

    @Test func aCommentMentioningFITIsNotAFITFile() throws {
        let text = "<!-- abc.FIT converted -->\n<gpx xmlns=\"http://www.topografix.com/GPX/1/1\" version=\"1.1\" creator=\"t\"/>"
        #expect(throws: Never.self) { try Self.read(Array(text.utf8)) }
    }

    /// Prefixed extensions nested to the limit (64, `ReadLimits`) are kept with their inherited
    /// namespace declared once; 4000 deep are refused at level 65, not recorded.
    @Test(arguments: [64, 4000])
    func deepPrefixedExtensions(depth: Int) throws {
        let attributes = (0..<20).map { "x:p\($0)=\"1\"" }.joined(separator: " ")
        let body = "<trk><trkseg><trkpt lat=\"1\" lon=\"1\"><extensions>" + String(repeating: "<x:a \(attributes)>", count: depth)
            + String(repeating: "</x:a>", count: depth) + "</extensions></trkpt></trkseg></trk>"
        let bytes = Self.gpx(body, root: "xmlns=\"http://www.topografix.com/GPX/1/1\" xmlns:x=\"urn:x\"")
        guard depth <= 64 else {
            let error = try #require(throws: ReadError.self) { try Self.read(bytes) }
            #expect(error.code == .nestedTooDeep && error.limitDepth == 64 && error.element == "x:a")
            return
        }
        let result = try Self.read(bytes)
        let fragment = try #require(result.activity.tracks[0].segments[0].points[0].details?.extensions.first)
        #expect(fragment.xml.hasPrefix("<x:a xmlns:x=\"urn:x\" x:p0=\"1\""))
    }
}
