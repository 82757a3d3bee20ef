import Foundation
import RunCore
import RunFormats
import TestSupport
import Testing

/// Bounded text and nesting on import (`ReadLimits`): what is within the limits reads and is
/// written again as GPX that xmllint accepts — without `--huge`, as a user's xmllint runs —, and
/// what passes them is refused naming the limit, the element, the file and the place. The limits
/// are written here as the documented numbers (64 KiB, 64 levels, 1 MiB), not read from the code.
@Suite struct ReadLimitsTests {
    static let textLimit = 65_536, depthLimit = 64, extensionLimit = 1_048_576

    /// A GPX file: line 1 the declaration, line 2 `<gpx …>`, then `body` from line 3.
    static func gpx(_ body: String, creator: String = "tests") -> [UInt8] {
        Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               + "<gpx version=\"1.1\" creator=\"\(creator)\" xmlns=\"http://www.topografix.com/GPX/1/1\" xmlns:x=\"urn:example:x\">\n"
               + body + "\n</gpx>\n").utf8)
    }

    static let point = "<trkpt lat=\"47.1\" lon=\"8.5\"><time>2026-05-01T06:00:00Z</time></trkpt>"

    /// Elements nested `depth` deep inside one extension (its own element is level 1).
    static func nested(_ depth: Int) -> String {
        String(repeating: "<x:e>", count: depth) + "v" + String(repeating: "</x:e>", count: depth)
    }

    func refusal(_ bytes: [UInt8]) throws -> ReadError {
        do {
            _ = try GPXReader().read(bytes, fileName: "limits.gpx")
        } catch let error as ReadError {
            return error
        }
        throw LimitCheckFailure("read without a refusal")
    }

    /// Writes `activity` as GPX 1.1 and validates it with xmllint, without `--huge`.
    func xmllintErrors(_ activity: Activity) throws -> String? {
        let output = MemoryOutput()
        try GPXWriter.write(activity, to: output)
        let directory = TemporaryDirectory("runlog-limits")
        let path = try directory.write("written.gpx", output.bytes)
        let result = try ExternalTools.run("/usr/bin/xmllint", ["--nonet", "--noout", "--schema",
                                                                SharedData.schemas.appendingPathComponent("gpx11-plus-extensions.xsd").path, path])
        return result.status == 0 ? nil : result.error
    }

    @Test func aNameAtTheLimitReadsAndOneByteMoreIsRefused() throws {
        let atLimit = String(repeating: "n", count: Self.textLimit)
        let read = try GPXReader().read(Self.gpx("<trk><name>\(atLimit)</name><trkseg>\(Self.point)</trkseg></trk>"), fileName: "limits.gpx")
        #expect(read.activity.tracks.first?.name == atLimit)
        #expect(try xmllintErrors(read.activity) == nil)

        let error = try refusal(Self.gpx("<trk><name>\(atLimit)x</name><trkseg>\(Self.point)</trkseg></trk>"))
        #expect(error.code == .textTooLong && error.limitBytes == Self.textLimit && error.element == "name")
        #expect(error.file == "limits.gpx" && error.line == 3)
        #expect(error.data["limitBytes"] == .integer(65_536) && error.data["element"] == .string("name"))
    }

    @Test(arguments: [("<metadata><desc>TEXT</desc></metadata>", "desc"),
                      ("<wpt lat=\"1\" lon=\"2\"><cmt>TEXT</cmt></wpt>", "cmt"),
                      ("<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><ele>TEXT</ele></trkpt></trkseg></trk>", "ele"),
                      ("<metadata><link href=\"TEXT\"/></metadata>", "link")])
    func everyKeptTextIsBounded(template: String, element: String) throws {
        let long = String(repeating: "7", count: Self.textLimit + 1)
        let error = try refusal(Self.gpx(template.replacingOccurrences(of: "TEXT", with: long)))
        #expect(error.code == .textTooLong && error.element == element && error.limitBytes == Self.textLimit, "\(error)")
    }

    @Test func aLongCreatorIsRefused() throws {
        let error = try refusal(Self.gpx("<trk><trkseg>\(Self.point)</trkseg></trk>", creator: String(repeating: "c", count: Self.textLimit + 1)))
        #expect(error.code == .textTooLong && error.element == "gpx" && error.line == 2)
    }

    @Test func aTwoHundredMegabyteNameStopsAtTheLimit() throws {
        // Refused once the limit is passed, not after reading it all: the clock says so loosely.
        var bytes = Self.gpx("<trk><name>")
        bytes.removeLast("\n</gpx>\n".utf8.count)
        bytes += [UInt8](repeating: UInt8(ascii: "n"), count: 200 << 20)
        bytes += Array("</name></trk></gpx>".utf8)
        let clock = ContinuousClock(), start = clock.now
        let error = try refusal(bytes)
        #expect(error.code == .textTooLong && error.line == 3)
        #expect(clock.now - start < .seconds(5))
    }

    @Test func extensionsNestedToTheLimitReadAndExportValid() throws {
        let body = "<trk><trkseg><trkpt lat=\"47.1\" lon=\"8.5\"><time>2026-05-01T06:00:00Z</time><extensions>"
            + Self.nested(Self.depthLimit) + "</extensions></trkpt></trkseg></trk>"
        let read = try GPXReader().read(Self.gpx(body), fileName: "limits.gpx")
        let fragment = try #require(read.activity.tracks.first?.segments.first?.points.first?.details?.extensions.first)
        #expect(fragment.xml.components(separatedBy: "<x:e").count - 1 == Self.depthLimit)
        #expect(try xmllintErrors(read.activity) == nil)
    }

    @Test(arguments: [65, 1_000_000])
    func extensionsNestedDeeperAreRefused(depth: Int) throws {
        let body = "<trk><extensions>" + Self.nested(depth) + "</extensions><trkseg>\(Self.point)</trkseg></trk>"
        let error = try refusal(Self.gpx(body))
        #expect(error.code == .nestedTooDeep && error.limitDepth == Self.depthLimit && error.element == "x:e", "\(error)")
        #expect(error.line == 3 && error.data["limitDepth"] == .integer(64))
    }

    @Test func anExtensionOverOneMebibyteIsRefused() throws {
        let text = String(repeating: "t", count: Self.extensionLimit)
        let error = try refusal(Self.gpx("<trk><extensions><x:big>\(text)</x:big></extensions><trkseg>\(Self.point)</trkseg></trk>"))
        #expect(error.code == .tooLarge && error.limitBytes == Self.extensionLimit && error.element == "x:big", "\(error)")
    }

    @Test func aTCXTextOverTheLimitIsRefused() throws {
        let tcx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
            <Activities><Activity Sport="Running"><Id>2026-05-01T06:00:00Z</Id><Lap StartTime="2026-05-01T06:00:00Z"><Track>
            <Trackpoint><Time>\(String(repeating: "2", count: Self.textLimit + 1))</Time></Trackpoint>
            </Track></Lap></Activity></Activities></TrainingCenterDatabase>
            """
        let bytes = Array(tcx.utf8)
        let error = try bytes.withUnsafeBytes { buffer -> ReadError in
            do { _ = try TCXReader().read(buffer, fileName: "limits.tcx") } catch let error as ReadError { return error }
            throw LimitCheckFailure("read without a refusal")
        }
        #expect(error.code == .textTooLong && error.limitBytes == Self.textLimit && error.line == 4, "\(error)")
    }
}

struct LimitCheckFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
