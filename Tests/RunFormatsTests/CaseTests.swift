import Foundation
import RunCore
import RunFormats
import TestSupport
import Testing

/// The public bug reports of ../shared/cases that concern reading and writing GPX, with the values
/// each case file gives (computed there by hand, with Python, and with GeographicLib).
@Suite struct CaseTests {
    static func read(_ name: String, options: GPXReader.Options = .init()) throws -> ActivityReadResult {
        try GPXReader(options: options).read(fileAt: SharedData.caseInput(name))
    }

    static func points(_ activity: Activity) -> [TrackPoint] {
        activity.tracks.flatMap { $0.segments.flatMap(\.points) }
    }

    static func roundTrip(_ activity: Activity) throws -> (text: String, result: ActivityReadResult) {
        let output = MemoryOutput()
        try GPXWriter.write(activity, to: output)
        return (output.string, try GPXReader().read(output.bytes, fileName: "round-trip.gpx"))
    }

    @Test func case02_utcOffsetsGiveInstants() throws {
        let result = try Self.read("02-offsets.gpx")
        let times = Self.points(result.activity).map(\.timeSeconds)
        #expect(times == [1_710_888_550, 1_710_888_610, 1_710_888_670, 1_710_888_730])
        let summary = ActivityAnalyzer.summarize(result.activity)
        #expect(summary.elapsedTimeSeconds == 180)
        #expect(abs(summary.distanceMeters - 299.79) < 0.005)
        #expect(result.diagnostics.isEmpty)
        // The writer normalises to UTC with Z and keeps the same instants.
        let (text, again) = try Self.roundTrip(result.activity)
        #expect(text.contains("<time>2024-03-19T22:49:10Z</time>"))
        #expect(text.contains("<time>2024-03-19T22:52:10Z</time>"))
        #expect(Self.points(again.activity).map(\.timeSeconds) == times)
    }

    @Test func case04_anyNumberOfFractionDigits() throws {
        let result = try Self.read("04-fractions.gpx")
        let times = Self.points(result.activity).map { $0.timeSeconds! }
        let expected = [1_682_409_486.000, 1_682_409_487.250, 1_682_409_488.000, 1_682_409_489.500,
                        1_682_409_490.609_273_374, 1_682_409_491.000]
        #expect(times.count == 6)
        for (t, e) in zip(times, expected) { #expect(abs(t - e) < 1e-6) }
        #expect(ActivityAnalyzer.summarize(result.activity).elapsedTimeSeconds == 5)
        #expect(abs(ActivityAnalyzer.summarize(result.activity).distanceMeters - 5.560) < 0.0005)
        let (text, again) = try Self.roundTrip(result.activity)
        #expect(text.contains("<time>2023-04-25T07:58:06Z</time>"))  // no fraction where the source had none
        #expect(text.contains("<time>2023-04-25T07:58:07.250Z</time>"))
        #expect(text.contains("<time>2023-04-25T07:58:09.5Z</time>"))
        #expect(text.contains("<time>2023-04-25T07:58:10.609Z</time>"))  // kept to the millisecond
        #expect(text.contains("<time>2023-04-25T07:58:11.000Z</time>"))
        for (a, b) in zip(Self.points(again.activity), Self.points(result.activity)) {
            #expect(abs(a.timeSeconds! - b.timeSeconds!) < 0.001)
        }
    }

    @Test func case05_zonelessTimesAreUTCWithAWarning() throws {
        let result = try Self.read("05-zoneless.gpx")
        let points = Self.points(result.activity)
        #expect(abs(points[0].timeSeconds! - 1_633_859_720.952) < 1e-6)
        #expect(points.map(\.isTimeZoneAssumed) == [true, true, true, false])
        #expect(result.activity.metadata.timeSeconds == 1_633_859_700)
        let summary = ActivityAnalyzer.summarize(result.activity)
        #expect(abs(summary.elapsedTimeSeconds! - 2.5) < 1e-6)
        #expect(abs(summary.distanceMeters - 33.38) < 0.005)
        let warning = try #require(result.diagnostics.first { $0.code == "timeZoneAssumed" })
        #expect(warning.count == 4)  // three track points and the metadata time
        #expect(warning.line != nil)
    }

    @Test func case06_extensionsRoundTripWithNamespacesAndEscaping() throws {
        let result = try Self.read("06-extensions.gpx")
        let track = try #require(result.activity.tracks.first)
        #expect(track.extensions.count == 1)
        #expect(track.extensions[0].xml.contains("DarkGray"))
        let first = try #require(track.segments.first?.points.first)
        #expect(first.airTemperatureCelsius == 21.5 && first.heartRateBPM == 131 && first.cadenceRPM == 88)
        let (text, again) = try Self.roundTrip(result.activity)
        let againTrack = try #require(again.activity.tracks.first)
        let note = try #require(againTrack.segments[0].points[0].details?.extensions.first)
        #expect(note.namespaceURI == "urn:example:acme:1" && note.localName == "note")
        #expect(note.xml.contains("xmlns:acme=\"urn:example:acme:1\""))
        #expect(note.xml.contains("id=\"a&amp;b\"") && note.xml.contains(">Tom &amp; Jerry &lt;3<"))
        #expect(note.xml.contains("acme:kind=\"lap\""))
        #expect(againTrack.extensions[0].namespaceURI == "http://www.garmin.com/xmlschemas/GpxExtensions/v3")
        #expect(againTrack.segments[0].points[0].heartRateBPM == 131)
        #expect(againTrack.segments[0].points[0].cadenceRPM == 88)
        #expect(againTrack.segments[0].points[0].airTemperatureCelsius == 21.5)
        #expect(abs(ActivityAnalyzer.summarize(again.activity).distanceMeters - 11.12) < 0.005)
        // The text itself, parsed by libxml2 (xmllint) and checked against both schemas.
        let dir = TemporaryDirectory()
        let file = try dir.write("06.gpx", text)
        #expect(try ExternalTools.schemaErrors(of: file, schema: "gpx11.xsd") == nil)
        #expect(try ExternalTools.schemaErrors(of: file, schema: "gpx11-plus-extensions.xsd") == nil)
    }

    @Test(arguments: ["07-bom.gpx", "07-utf16le.gpx", "07-latin1.gpx"])
    func case07_encodings(name: String) throws {
        let result = try Self.read(name)
        #expect(result.activity.waypoints.first?.details?.name == "Caf\u{E9} Zo\u{EB}")
        #expect(result.activity.tracks.first?.name == "BOM file")
        let summary = ActivityAnalyzer.summarize(result.activity)
        #expect(summary.trackPointCount == 2 && summary.elapsedTimeSeconds == 60)
        #expect(abs(summary.distanceMeters - 111.11) < 0.005)
        let output = MemoryOutput()
        try GPXWriter.write(result.activity, to: output)
        #expect(output.bytes.starts(with: Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>".utf8)))  // UTF-8, no BOM
        #expect(output.string.contains("Café Zoë"))
    }

    @Test func case11_gpx10FieldsAreRead() throws {
        let result = try Self.read("11-gpx10.gpx")
        let a = result.activity
        #expect(a.gpxVersion == .v1_0)
        #expect(a.metadata.name == "Legacy logger export")
        #expect(a.metadata.author?.name == "Example Author" && a.metadata.author?.email == "author@example.org")
        #expect(a.metadata.links == [Link(href: "https://example.org/tracks", text: "Example tracks")])
        #expect(a.metadata.timeSeconds == 1_241_956_800)
        #expect(a.metadata.bounds == Bounds(minLatitude: 51, minLongitude: -1, maxLatitude: 51.002, maxLongitude: -1))
        #expect(a.waypoints.first?.details?.symbol == "Flag")
        #expect(a.tracks.first?.number == 1)
        let points = Self.points(a)
        #expect(points.map { $0.details?.speedMetersPerSecond } == [2.5, 2.8, 2.7])
        #expect(points.map { $0.details?.courseDegrees } == [0, 0, 0])
        #expect(points[0].details?.fix == "3d" && points[0].details?.satellites == 7)
        let summary = ActivityAnalyzer.summarize(a)
        #expect(abs(summary.distanceMeters - 222.50) < 0.005 && summary.elapsedTimeSeconds == 80)
        // Written as 1.1: metadata moves into <metadata>, speed and course into TrackPointExtension v2.
        let (text, again) = try Self.roundTrip(a)
        #expect(text.contains("xmlns=\"http://www.topografix.com/GPX/1/1\"") && !text.contains("GPX/1/0"))
        #expect(text.contains("<gpxtpx:speed>2.5</gpxtpx:speed><gpxtpx:course>0</gpxtpx:course>"))
        #expect(Self.points(again.activity).map { $0.details?.speedMetersPerSecond } == [2.5, 2.8, 2.7])
        #expect(again.activity.metadata.author == a.metadata.author)
    }

    @Test func case11_versionlessFileWithGPX11NamespaceIsGPX11() throws {
        let text = """
            <?xml version="1.0"?><gpx creator="x" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><trk><trkseg>\
            <trkpt lat="1" lon="2"><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr>\
            </gpxtpx:TrackPointExtension></extensions></trkpt></trkseg></trk></gpx>
            """
        let result = try GPXReader().read(Array(text.utf8), fileName: "noversion.gpx")
        #expect(result.activity.gpxVersion == .v1_1)
        #expect(Self.points(result.activity).first?.heartRateBPM == 120)
    }

    /// Elements are matched by namespace URI, never by prefix (gpxpy #242: `<ns2:gpx>` read as empty;
    /// GPSBabel 1.8: a `gpxtpx` prefix bound to another URI read as heart rate).
    @Test func namespacesMatchedByURINotPrefix() throws {
        let text = """
            <?xml version="1.0"?>
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1" version="1.1" creator="t"
                   xmlns:gpxtpx="urn:not-garmin" xmlns:hrx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
             <g:trk><g:trkseg>
              <g:trkpt lat="1" lon="2"><g:extensions><hrx:TrackPointExtension><hrx:hr>140</hrx:hr></hrx:TrackPointExtension>
               <gpxtpx:TrackPointExtension><gpxtpx:hr>231</gpxtpx:hr></gpxtpx:TrackPointExtension></g:extensions></g:trkpt>
             </g:trkseg></g:trk>
            </g:gpx>
            """
        let result = try GPXReader().read(Array(text.utf8), fileName: "prefixed.gpx")
        let point = try #require(Self.points(result.activity).first)
        #expect(point.heartRateBPM == 140)
        #expect(point.details?.extensions.map(\.namespaceURI) == ["urn:not-garmin"])
    }

    @Test func case13_longitudesNormalisedAndWrittenInRange() throws {
        let result = try Self.read("13-lon-range.gpx")
        #expect(result.activity.waypoints.map(\.longitude) == [-180, -180])
        let points = Self.points(result.activity)
        #expect(abs(points[0].longitude - 179.903526) < 1e-12)
        #expect(points[1].longitude == -179.90387)
        #expect(result.diagnostics.contains { $0.code == "longitudeNormalized" && $0.count == 2 })
        #expect(abs(ActivityAnalyzer.summarize(result.activity).distanceMeters - 8589.79) < 0.005)
        let (text, _) = try Self.roundTrip(result.activity)
        #expect(text.contains("lon=\"-180\""))
        #expect(text.contains("lon=\"179.903526\""))
        #expect(!text.contains("lon=\"180"))
        let bad = "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\" version=\"1.1\" creator=\"t\"><wpt lat=\"91\" lon=\"0\"/></gpx>"
        let error = try #require(throws: ReadError.self) { try GPXReader().read(Array(bad.utf8), fileName: "lat91.gpx") }
        #expect(error.code == .invalidCoordinate)
    }

    @Test func case15_writerTimesAreLocaleFree() throws {
        var first = TrackPoint(latitude: 10, longitude: 20)
        first.timeSeconds = 1_570_373_490.25
        first.timeFractionDigits = 3
        var second = TrackPoint(latitude: 10.0001, longitude: 20)
        second.timeSeconds = 1_570_373_491
        let activity = Activity(tracks: [Track(segments: [TrackSegment(points: [first, second])])])
        // The writer consults no locale (the CLI test runs `runlog export` under several LC_ALL values).
        let (text, again) = try Self.roundTrip(activity)
        #expect(text.contains("<time>2019-10-06T14:51:30.250Z</time>"))
        #expect(text.contains("<time>2019-10-06T14:51:31Z</time>"))
        #expect(text.contains("lat=\"10.0001\" lon=\"20\""))
        #expect(Self.points(again.activity).map(\.timeSeconds) == [1_570_373_490.25, 1_570_373_491])
    }

    @Test func case19_emptySegmentsAndTracks() throws {
        let result = try Self.read("19-empty-segments.gpx")
        let a = result.activity
        #expect(a.tracks.count == 2)
        #expect(a.tracks[0].segments.map(\.points.count) == [0, 3, 0])
        #expect(a.tracks[1].segments.isEmpty)
        let summary = ActivityAnalyzer.summarize(a)
        #expect(abs(summary.distanceMeters - 1111.92) < 0.005)
        #expect(summary.elapsedTimeSeconds == 120)
        #expect(summary.elevationGainMeters == 11 && summary.elevationLossMeters == 0)
        #expect(summary.bounds == Bounds(minLatitude: 48.1, minLongitude: 11.5, maxLatitude: 48.11, maxLongitude: 11.5))
        // Empty containers are kept (lossless) and the output is valid.
        let (text, again) = try Self.roundTrip(a)
        #expect(again.activity.tracks.map { $0.segments.map(\.points.count) } == [[0, 3, 0], []])
        let dir = TemporaryDirectory()
        #expect(try ExternalTools.schemaErrors(of: try dir.write("19.gpx", text), schema: "gpx11.xsd") == nil)
    }

    @Test func case21a_externalEntityRefused() throws {
        let error = try #require(throws: ReadError.self) { try Self.read("21a-xxe.gpx") }
        #expect(error.code == .entityDeclaration)
        #expect(error.line == 2)
        #expect(!error.message.contains(ProcessInfo.processInfo.hostName))
    }

    @Test func case21b_entityBombRefusedQuickly() throws {
        let start = Date()
        let error = try #require(throws: ReadError.self) { try Self.read("21b-bomb.gpx") }
        #expect(error.code == .entityDeclaration)
        #expect(Date().timeIntervalSince(start) < 1)
    }

    @Test func case21_predefinedEntitiesAndCharacterReferencesStillWork() throws {
        let text = "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\" version=\"1.1\" creator=\"t\"><wpt lat=\"1\" lon=\"2\"><name>&amp;&lt;&gt;&quot;&apos;&#233;&#x263A;</name></wpt></gpx>"
        let result = try GPXReader().read(Array(text.utf8), fileName: "entities.gpx")
        #expect(result.activity.waypoints.first?.details?.name == "&<>\"'é☺")
    }
}
