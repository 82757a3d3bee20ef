import Foundation
import RunCore
import RunFormats
import TestSupport
import Testing

/// Read → write GPX 1.1 → validate with xmllint against both schemas → read again: the same points
/// (coordinates to 1e-7°, times to 1 ms, heart rate and cadence equal) and the same numbers.
@Suite struct RoundTripTests {
    /// Inputs whose own extension content breaks a schema runlog passes through verbatim.
    static let extensionSchemaExceptions: [String: String] = [
        "togeojson-style.gpx":
            "the source's <cased> element in TopoGrafix's private namespace is not declared by gpx_style02.xsd; "
            + "runlog writes foreign extensions back as they were, so the output fails the extension schema exactly where the input does",
    ]

    static var inputs: [String] {
        SharedData.corpusGPXNames.filter { CorpusTests.notWellFormed[$0] == nil }.map { SharedData.corpus($0) }
            + ["01-missing-elevation.gpx", "02-offsets.gpx", "04-fractions.gpx", "05-zoneless.gpx", "06-extensions.gpx",
               "07-bom.gpx", "07-latin1.gpx", "07-utf16le.gpx", "08-same-second.gpx", "10-route.gpx", "11-gpx10.gpx",
               "13-lon-range.gpx", "16-steep.gpx", "17-spikes.gpx", "18-no-time.gpx", "19-empty-segments.gpx",
               "24-three-segments.gpx", "25-jitter.gpx"].map(SharedData.caseInput)
            + ["morning-10k.gpx", "trail-hill-run.gpx", "lunch-intervals.gpx", "long-run-no-hr.gpx"].map { SharedData.repository("samples/runs/" + $0) }
    }

    @Test(arguments: inputs)
    func roundTrip(path: String) throws {
        let name = (path as NSString).lastPathComponent
        let first = try GPXReader(options: .init(skipsInvalidPoints: true)).read(fileAt: path)
        let output = MemoryOutput()
        try GPXWriter.write(first.activity, to: output)
        let dir = TemporaryDirectory()
        let written = try dir.write(name, output.bytes)
        #expect(try ExternalTools.schemaErrors(of: written, schema: "gpx11.xsd") == nil, "\(name) against gpx11.xsd")
        if Self.extensionSchemaExceptions[name] == nil {
            #expect(try ExternalTools.schemaErrors(of: written, schema: "gpx11-plus-extensions.xsd") == nil,
                    "\(name) against gpx11-plus-extensions.xsd")
        } else {
            // The exception is the input's own: it fails the same schema.
            #expect(try ExternalTools.schemaErrors(of: path, schema: "gpx11-plus-extensions.xsd") != nil)
        }
        let second = try GPXReader().read(fileAt: written)
        let a = first.activity, b = second.activity
        #expect(a.tracks.map { $0.segments.map(\.points.count) } == b.tracks.map { $0.segments.map(\.points.count) })
        #expect(a.waypoints.count == b.waypoints.count && a.routePointCount == b.routePointCount)
        let pairs = zip(Self.allPoints(a), Self.allPoints(b))
        for (p, q) in pairs {
            #expect(abs(p.latitude - q.latitude) <= 1e-7 && abs(p.longitude - q.longitude) <= 1e-7)
            #expect((p.timeSeconds == nil) == (q.timeSeconds == nil))
            if let t = p.timeSeconds, let u = q.timeSeconds { #expect(abs(t - u) <= 0.001) }
            #expect(p.heartRateBPM == q.heartRateBPM)
            #expect(p.cadenceRPM == q.cadenceRPM)
            #expect(p.elevationMeters.map { ($0 * 1e9).rounded() } == q.elevationMeters.map { ($0 * 1e9).rounded() })
        }
        let s = ActivityAnalyzer.summarize(a), t = ActivityAnalyzer.summarize(b)
        #expect(abs(s.distanceMeters - t.distanceMeters) <= 1e-6 * max(1, s.distanceMeters))
        #expect(s.elapsedTimeSeconds.map { ($0 * 1000).rounded() } == t.elapsedTimeSeconds.map { ($0 * 1000).rounded() })
        #expect(s.elevationGainMeters.map { ($0 * 1e6).rounded() } == t.elevationGainMeters.map { ($0 * 1e6).rounded() })
        #expect(s.trackPointCount == t.trackPointCount)
        // The writer is deterministic: writing the re-read activity gives the same bytes.
        let again = MemoryOutput()
        try GPXWriter.write(b, to: again)
        #expect(again.bytes == output.bytes)
    }

    static func allPoints(_ a: Activity) -> [TrackPoint] {
        a.waypoints + a.routes.flatMap(\.points) + a.tracks.flatMap { $0.segments.flatMap(\.points) }
    }
}
