import Foundation
import RunCore
import RunFormats
import Testing

/// The TCX reader on documents written here, whose every value is known: the mapping of each
/// element, segments and laps, namespace prefixes, streaming, and the documents it refuses.
@Suite struct TCXHandWrittenTests {
    static func read(_ text: String, fileName: String = "test.tcx") throws -> ActivityReadResult {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { try TCXReader().read($0, fileName: fileName) }
    }

    static let header = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        + #"<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2">"#
        + "\n"

    static func trackpoint(_ time: String, lat: Double? = nil, lon: Double? = nil, hr: Int? = nil, extra: String = "") -> String {
        var s = "<Trackpoint><Time>\(time)</Time>"
        if let lat, let lon { s += "<Position><LatitudeDegrees>\(lat)</LatitudeDegrees><LongitudeDegrees>\(lon)</LongitudeDegrees></Position>" }
        if let hr { s += "<HeartRateBpm><Value>\(hr)</Value></HeartRateBpm>" }
        return s + extra + "</Trackpoint>\n"
    }

    // MARK: - Mapping

    @Test func everyFieldIsMapped() throws {
        let text = Self.header + """
        <Activities><Activity Sport="Running"><Id>2024-05-01T06:00:00Z</Id>
        <Lap StartTime="2024-05-01T06:00:00Z"><TotalTimeSeconds>100</TotalTimeSeconds><DistanceMeters>300</DistanceMeters>
        <MaximumSpeed>64800.0</MaximumSpeed><Calories>20</Calories>
        <AverageHeartRateBpm><Value>120</Value></AverageHeartRateBpm><MaximumHeartRateBpm><Value>150</Value></MaximumHeartRateBpm>
        <Intensity>Active</Intensity><TriggerMethod>Distance</TriggerMethod><Track>
        <Trackpoint><Time>2024-05-01T06:00:00.250Z</Time><Position><LatitudeDegrees>47.5</LatitudeDegrees><LongitudeDegrees>8.25</LongitudeDegrees></Position>
        <AltitudeMeters>410.5</AltitudeMeters><DistanceMeters>1.5</DistanceMeters><HeartRateBpm><Value>99</Value></HeartRateBpm>
        <SensorState>Present</SensorState><Extensions><ns3:TPX><ns3:Speed>3.25</ns3:Speed><ns3:RunCadence>88</ns3:RunCadence><ns3:Watts>240</ns3:Watts></ns3:TPX></Extensions></Trackpoint>
        </Track><Extensions><ns3:LX><ns3:AvgRunCadence>80</ns3:AvgRunCadence><ns3:AvgWatts>200</ns3:AvgWatts></ns3:LX></Extensions></Lap>
        <Lap StartTime="2024-05-01T06:01:40Z"><TotalTimeSeconds>300</TotalTimeSeconds><DistanceMeters>900.5</DistanceMeters><Calories>60</Calories>
        <AverageHeartRateBpm><Value>160</Value></AverageHeartRateBpm><MaximumHeartRateBpm><Value>175</Value></MaximumHeartRateBpm>
        <Intensity>Active</Intensity><Cadence>90</Cadence><TriggerMethod>Manual</TriggerMethod>
        <Extensions><ns3:LX><ns3:AvgWatts>240</ns3:AvgWatts></ns3:LX></Extensions></Lap>
        <Notes>Easy & steady</Notes>
        <Creator xsi:type="Device_t" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><Name>Forerunner 15 </Name><UnitId>1</UnitId><ProductID>1903</ProductID>
        <Version><VersionMajor>2</VersionMajor><VersionMinor>20</VersionMinor><BuildMajor>0</BuildMajor><BuildMinor>0</BuildMinor></Version></Creator>
        </Activity></Activities>
        <Author><Name>Garmin Connect API</Name><Build><Version><VersionMajor>14</VersionMajor><VersionMinor>11</VersionMinor></Version></Build></Author>
        </TrainingCenterDatabase>
        """.replacingOccurrences(of: "Easy & steady", with: "Easy &amp; steady")
        let activity = try Self.read(text).activity
        let track = try #require(activity.tracks.first)
        #expect(track.type == "Running")
        #expect(track.name == nil)
        #expect(track.description == "Easy & steady")
        let point = try #require(track.segments.first?.points.first)
        #expect(point.latitude == 47.5 && point.longitude == 8.25)
        #expect(point.timeSeconds == 1_714_543_200.25)  // 2024-05-01T06:00:00Z = 1714543200
        #expect(point.timeFractionDigits == 3)
        #expect(point.elevationMeters == 410.5)
        #expect(point.heartRateBPM == 99)
        #expect(point.cadenceRPM == 88)
        #expect(point.details?.distanceMeters == 1.5)
        #expect(point.details?.speedMetersPerSecond == 3.25)
        #expect(point.details?.powerWatts == 240)

        let laps = try #require(track.laps)
        #expect(laps.count == 2)
        #expect(laps[0].startTimeSeconds == 1_714_543_200 && laps[1].startTimeSeconds == 1_714_543_300)
        #expect(laps[0].timerSeconds == 100 && laps[0].distanceMeters == 300 && laps[0].trigger == "Distance")
        #expect(laps[1].averageHeartRateBPM == 160 && laps[1].maxHeartRateBPM == 175 && laps[1].elapsedSeconds == nil)

        let totals = try #require(track.deviceTotals)
        #expect(totals.sport == "Running")
        #expect(totals.startTimeSeconds == 1_714_543_200)
        #expect(totals.timerSeconds == 400)
        #expect(totals.distanceMeters == 1200.5)
        #expect(totals.calories == 80)
        #expect(totals.averageHeartRateBPM == 150)  // (120·100 + 160·300) / 400
        #expect(totals.maxHeartRateBPM == 175)
        #expect(totals.averageCadenceRPM == 87.5)  // AvgRunCadence 80 for 100 s, Cadence 90 for 300 s
        #expect(totals.averagePowerWatts == 230)  // (200·100 + 240·300) / 400
        #expect(totals.lapCount == 2)
        #expect(totals.elapsedSeconds == nil)

        #expect(activity.device == DeviceInfo(product: "Forerunner 15", softwareVersion: "2.20", application: "Garmin Connect API"))
        #expect(activity.creator == "Forerunner 15 (2.20) via Garmin Connect API")
        #expect(activity.sourceFormat == .tcx)
    }

    @Test func trackpointsWithoutAnyPositionAreKept() throws {
        let text = Self.header + "<Activities><Activity Sport=\"Other\"><Id>2024-05-01T06:00:00Z</Id>"
            + "<Lap StartTime=\"2024-05-01T06:00:00Z\"><TotalTimeSeconds>2</TotalTimeSeconds><DistanceMeters>0</DistanceMeters>"
            + "<Calories>0</Calories><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod><Track>\n"
            + Self.trackpoint("2024-05-01T06:00:00Z", hr: 90)
            + Self.trackpoint("2024-05-01T06:00:01Z", hr: 91)
            + Self.trackpoint("2024-05-01T06:00:02Z", hr: 92)
            + "</Track></Lap></Activity></Activities></TrainingCenterDatabase>"
        let track = try #require(try Self.read(text).activity.tracks.first)
        #expect(track.segments.isEmpty)
        let records = try #require(track.recordsWithoutPosition)
        #expect(records.map(\.heartRateBPM) == [90, 91, 92])
        #expect(records.map(\.timeSeconds) == [1_714_543_200, 1_714_543_201, 1_714_543_202])
        #expect(records.allSatisfy { $0.latitude.isNaN && $0.longitude.isNaN })
    }

    /// A second `<Track>` in one lap is a pause (Garmin Training Center): a new segment. A lap's
    /// first `<Track>` continues the segment (Garmin Connect writes one per lap).
    @Test func segmentsFollowPausesNotLaps() throws {
        func lap(_ start: String, _ tracks: [[String]]) -> String {
            "<Lap StartTime=\"\(start)\"><TotalTimeSeconds>10</TotalTimeSeconds><DistanceMeters>10</DistanceMeters><Calories>1</Calories>"
                + "<Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod>"
                + tracks.map { "<Track>" + $0.joined() + "</Track>" }.joined() + "</Lap>\n"
        }
        let p = { (t: String, lat: Double) in Self.trackpoint("2024-05-01T06:00:\(t)Z", lat: lat, lon: 8) }
        let text = Self.header + "<Activities><Activity Sport=\"Running\"><Id>2024-05-01T06:00:00Z</Id>\n"
            + lap("2024-05-01T06:00:00Z", [[p("00", 47.0), p("01", 47.001)]])
            + lap("2024-05-01T06:00:02Z", [[p("02", 47.002)], [p("30", 47.01), p("31", 47.011)]])
            + "</Activity></Activities></TrainingCenterDatabase>"
        let track = try #require(try Self.read(text).activity.tracks.first)
        #expect(track.segments.map(\.points.count) == [3, 2])
        #expect(track.laps?.count == 2)
    }

    @Test func zoneLessTimesAreUTCWithADiagnostic() throws {
        let text = Self.header + "<Activities><Activity Sport=\"Running\"><Id>2024-05-01T06:00:00</Id>"
            + "<Lap StartTime=\"2024-05-01T06:00:00\"><TotalTimeSeconds>1</TotalTimeSeconds><DistanceMeters>1</DistanceMeters>"
            + "<Calories>0</Calories><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod><Track>"
            + Self.trackpoint("2024-05-01T06:00:00", lat: 1, lon: 2) + Self.trackpoint("2024-05-01T08:00:01+02:00", lat: 1, lon: 2)
            + "</Track></Lap></Activity></Activities></TrainingCenterDatabase>"
        let result = try Self.read(text)
        let points = try #require(result.activity.tracks.first?.segments.first?.points)
        #expect(points.map(\.timeSeconds) == [1_714_543_200, 1_714_543_201])
        #expect(points.map(\.isTimeZoneAssumed) == [true, false])
        #expect(result.diagnostics.first { $0.code == "timeZoneAssumed" }?.count == 2)  // the lap's StartTime and the first point
    }

    /// Every prefix reads: the TCX namespace under `tc:`, ActivityExtension under `ax:`, and a
    /// bare `<Speed>` directly in `<Extensions>` (COROS).
    @Test func namespacePrefixesDoNotMatter() throws {
        let text = #"<?xml version="1.0"?>"# + "\n"
            + #"<tc:TrainingCenterDatabase xmlns:tc="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" xmlns:ax="http://www.garmin.com/xmlschemas/ActivityExtension/v2">"#
            + #"<tc:Activities><tc:Activity Sport="Biking"><tc:Id>2024-05-01T06:00:00Z</tc:Id><tc:Lap StartTime="2024-05-01T06:00:00Z">"#
            + "<tc:TotalTimeSeconds>60</tc:TotalTimeSeconds><tc:DistanceMeters>500</tc:DistanceMeters><tc:Calories>9</tc:Calories>"
            + "<tc:Intensity>Active</tc:Intensity><tc:Cadence>85</tc:Cadence><tc:TriggerMethod>Manual</tc:TriggerMethod><tc:Track>"
            + "<tc:Trackpoint><tc:Time>2024-05-01T06:00:00Z</tc:Time><tc:Position><tc:LatitudeDegrees>10</tc:LatitudeDegrees>"
            + "<tc:LongitudeDegrees>20</tc:LongitudeDegrees></tc:Position><tc:Cadence>84</tc:Cadence>"
            + "<tc:Extensions><ax:TPX><ax:Speed>8.5</ax:Speed><ax:Watts>180</ax:Watts></ax:TPX></tc:Extensions></tc:Trackpoint>"
            + "<tc:Trackpoint><tc:Time>2024-05-01T06:00:01Z</tc:Time><tc:Extensions><tc:Speed>8.25</tc:Speed></tc:Extensions></tc:Trackpoint>"
            + "</tc:Track></tc:Lap></tc:Activity></tc:Activities></tc:TrainingCenterDatabase>"
        let track = try #require(try Self.read(text).activity.tracks.first)
        let point = try #require(track.segments.first?.points.first)
        #expect(point.latitude == 10 && point.longitude == 20)
        #expect(point.cadenceRPM == 84)
        #expect(point.details?.speedMetersPerSecond == 8.5 && point.details?.powerWatts == 180)
        #expect(track.recordsWithoutPosition?.first?.details?.speedMetersPerSecond == 8.25)
        #expect(track.deviceTotals?.averageCadenceRPM == 85)
    }

    /// A multisport session: one track per activity; a transition's trackpoints open the next
    /// activity's track, and the transition (not a `<Lap>`) is no lap.
    @Test func multiSportTransitionsKeepTheirTrackpoints() throws {
        let lap = "<Lap StartTime=\"2024-05-01T06:00:00Z\"><TotalTimeSeconds>60</TotalTimeSeconds><DistanceMeters>100</DistanceMeters>"
            + "<Calories>1</Calories><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod><Track>"
        let text = Self.header + "<Activities><MultiSportSession><Id>2024-05-01T06:00:00Z</Id>"
            + "<FirstSport><Activity Sport=\"Running\"><Id>2024-05-01T06:00:00Z</Id>" + lap
            + Self.trackpoint("2024-05-01T06:00:00Z", lat: 1, lon: 2) + "</Track></Lap></Activity></FirstSport>"
            + "<NextSport><Transition StartTime=\"2024-05-01T06:01:00Z\"><TotalTimeSeconds>30</TotalTimeSeconds><DistanceMeters>20</DistanceMeters>"
            + "<Calories>1</Calories><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod><Track>"
            + Self.trackpoint("2024-05-01T06:01:00Z", lat: 1.001, lon: 2) + "</Track></Transition>"
            + "<Activity Sport=\"Biking\"><Id>2024-05-01T06:01:30Z</Id>" + lap.replacingOccurrences(of: "06:00:00", with: "06:01:30")
            + Self.trackpoint("2024-05-01T06:01:30Z", lat: 1.002, lon: 2) + "</Track></Lap></Activity></NextSport>"
            + "</MultiSportSession></Activities></TrainingCenterDatabase>"
        let result = try Self.read(text)
        let tracks = result.activity.tracks
        #expect(tracks.map(\.type) == ["Running", "Biking"])
        #expect(tracks.map { $0.segments.flatMap(\.points).count } == [1, 2])
        #expect(tracks.map { $0.laps?.count } == [1, 1])
        #expect(tracks.last?.deviceTotals?.timerSeconds == 60)
        #expect(result.diagnostics.contains { $0.code == "transitionTrackpoints" })
    }

    @Test func coursePointsAreWaypoints() throws {
        let text = Self.header + "<Courses><Course><Name>Loop</Name><Track>"
            + Self.trackpoint("2024-05-01T06:00:00Z", lat: 1, lon: 2) + Self.trackpoint("2024-05-01T06:00:05Z", lat: 1.001, lon: 2)
            + "</Track><Notes>Hilly</Notes><CoursePoint><Name>Top</Name><Time>2024-05-01T06:00:05Z</Time>"
            + "<Position><LatitudeDegrees>1.001</LatitudeDegrees><LongitudeDegrees>2</LongitudeDegrees></Position>"
            + "<AltitudeMeters>120</AltitudeMeters><PointType>Summit</PointType></CoursePoint></Course></Courses></TrainingCenterDatabase>"
        let activity = try Self.read(text).activity
        #expect(activity.tracks.isEmpty)
        #expect(activity.routes.map(\.name) == ["Loop"])
        #expect(activity.routes.first?.description == "Hilly")
        #expect(activity.routes.first?.points.count == 2)
        let waypoint = try #require(activity.waypoints.first)
        #expect(waypoint.details?.name == "Top" && waypoint.details?.type == "Summit")
        #expect(waypoint.latitude == 1.001 && waypoint.elevationMeters == 120)
    }

    /// Fed one byte at a time, the session reads what a whole read does.
    @Test func streamingInPiecesReadsTheSame() throws {
        let text = "   \n  " + Self.header + "<Activities><Activity Sport=\"Running\"><Id>2024-05-01T06:00:00Z</Id>"
            + "<Lap StartTime=\"2024-05-01T06:00:00Z\"><TotalTimeSeconds>1</TotalTimeSeconds><DistanceMeters>1</DistanceMeters>"
            + "<Calories>0</Calories><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod><Track>"
            + Self.trackpoint("2024-05-01T06:00:00Z", lat: 1, lon: 2, hr: 100) + Self.trackpoint("2024-05-01T06:00:01Z", hr: 101)
            + "</Track></Lap></Activity></Activities></TrainingCenterDatabase>"
        let whole = try Self.read(text)
        let session = TCXReadSession(fileName: "test.tcx")
        for byte in Array(text.utf8) { try [byte].withUnsafeBytes { try session.feed($0) } }
        let pieces = try session.finish()
        // Records without position hold NaN coordinates, which TrackPoint's == never finds equal: compared apart.
        func withoutRecords(_ activity: Activity) -> Activity {
            var copy = activity
            for k in copy.tracks.indices { copy.tracks[k].recordsWithoutPosition = nil }
            return copy
        }
        #expect(withoutRecords(pieces.activity) == withoutRecords(whole.activity))
        let records = { (a: Activity) in a.tracks.flatMap { $0.recordsWithoutPosition ?? [] }.map { [$0.timeSeconds, $0.heartRateBPM] } }
        #expect(records(pieces.activity) == records(whole.activity))
        #expect(records(whole.activity) == [[1_714_543_201, 101]])
        #expect(pieces.diagnostics == whole.diagnostics)
        #expect(whole.activity.recordCount == 2)
        #expect(whole.diagnostics.contains { $0.code == "leadingWhitespace" && $0.message.hasPrefix("6 whitespace bytes") })
    }

    // MARK: - Refused

    @Test func entityDeclarationIsRefused() throws {
        let text = #"<?xml version="1.0"?>"# + "\n" + #"<!DOCTYPE TrainingCenterDatabase [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>"#
            + "\n<TrainingCenterDatabase><Activities><Activity Sport=\"Running\"><Notes>&xxe;</Notes></Activity></Activities></TrainingCenterDatabase>"
        let error = try #require(throws: ReadError.self) { try Self.read(text) }
        #expect(error.code == .entityDeclaration)
        #expect(error.line == 2)
        #expect(error.message.contains("xxe"))
    }

    /// A file cut in the middle of a trackpoint: the error names the line where it stops.
    @Test func truncatedDocumentNamesTheLine() throws {
        let text = Self.header + "<Activities><Activity Sport=\"Running\"><Id>2024-05-01T06:00:00Z</Id>\n"
            + "<Lap StartTime=\"2024-05-01T06:00:00Z\"><Track>\n"
            + Self.trackpoint("2024-05-01T06:00:00Z", lat: 1, lon: 2) + "<Trackpoint><Time>2024-05-01T06:00"
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        let error = try #require(throws: ReadError.self) { try Self.read(text, fileName: "cut.tcx") }
        #expect(error.code == .notWellFormed)
        #expect(error.line == lines)
        #expect(error.message.contains("ends before the TCX document is complete"))
        #expect(error.description.hasPrefix("cut.tcx:\(lines):"))
    }

    /// Removed leading lines still count: the error's line is the file's.
    @Test func errorLinesCountTheSkippedWhitespace() throws {
        let text = "\n\n" + Self.header + "<Activities>\n<Activity Sport=\"Running\"></Lap>\n</Activities></TrainingCenterDatabase>"
        let error = try #require(throws: ReadError.self) { try Self.read(text) }
        #expect(error.code == .notWellFormed)
        #expect(error.line == 6)  // two empty lines, the declaration, the root, <Activities>, then the mismatched </Lap>
    }

    @Test(arguments: [
        (#"<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk/></gpx>"#, "<gpx>"),
        (#"<?xml version="1.0"?>"# + "\n<Workouts/>", "<Workouts>"),
    ])
    func otherRootIsNotTCX(text: String, named: String) throws {
        let error = try #require(throws: ReadError.self) { try Self.read(text) }
        #expect(error.code == .notTCX)
        #expect(error.message.contains(named))
        #expect(error.line != nil && error.column != nil)
    }

    /// Every cut of a document either reads or is refused with a ``ReadError``; a cut inside the
    /// root is never read as complete.
    @Test func everyPrefixReadsOrIsRefused() throws {
        let text = Self.header + "<Activities><Activity Sport=\"Running\"><Id>2024-05-01T06:00:00Z</Id>"
            + "<Lap StartTime=\"2024-05-01T06:00:00Z\"><TotalTimeSeconds>1</TotalTimeSeconds><DistanceMeters>1</DistanceMeters>"
            + "<Calories>0</Calories><Intensity>Active</Intensity><TriggerMethod>Manual</TriggerMethod><Track>"
            + Self.trackpoint("2024-05-01T06:00:00Z", lat: 1, lon: 2, hr: 100) + Self.trackpoint("2024-05-01T06:00:01Z", hr: 101)
            + "</Track></Lap></Activity></Activities></TrainingCenterDatabase>"
        let bytes = Array(text.utf8)
        let rootEnd = bytes.count - "</TrainingCenterDatabase>".utf8.count
        for length in 0..<bytes.count {
            do {
                _ = try bytes.prefix(length).withUnsafeBytes { try TCXReader().read($0, fileName: "cut.tcx") }
                Issue.record("a document cut at byte \(length) of \(bytes.count) was read")
            } catch let error as ReadError {
                if length > rootEnd { #expect(error.code == .notWellFormed) }
            }
        }
        #expect(TCXReader.format == .tcx)
    }

    @Test func emptyAndBinaryInputsAreRefused() throws {
        #expect(throws: ReadError.self) { try Self.read("   \n ") }
        let empty = try #require(throws: ReadError.self) { try Self.read("") }
        #expect(empty.code == .emptyFile)
        let binary = try #require(throws: ReadError.self) { try Self.read("\u{1}\u{2}\u{3}\u{0}\u{4}") }
        #expect(binary.code == .binaryData)
    }
}

/// A latitude of 1.5e308 (xsd:double allows it): the point is kept without a position and the
/// diagnostic says the number. Saying it trapped in DecimalText (from 1e300 up), so such a file
/// crashed runlog and `runlog serve` with it — the kind FuzzAPIJSON and FuzzSettingsImport found.
@Suite struct TCXHugeNumberTests {
    @Test func aHugeLatitudeIsSaidAndTheRecordKept() throws {
        let text = TCXHandWrittenTests.header + """
        <Activities><Activity Sport="Running"><Lap><Track><Trackpoint><Time>2026-05-01T06:00:00Z</Time><Position><LatitudeDegrees>1.5e308</LatitudeDegrees><LongitudeDegrees>8</LongitudeDegrees></Position></Trackpoint></Track></Lap></Activity></Activities></TrainingCenterDatabase>
        """
        let result = try TCXHandWrittenTests.read(text)
        #expect(result.activity.tracks.first?.recordsWithoutPosition?.count == 1)
        let note = try #require(result.diagnostics.first { $0.code == "latitudeOutOfRange" })
        #expect(note.message.hasPrefix("a <LatitudeDegrees> of 15" + String(repeating: "0", count: 307) + " is outside [-90, 90]"), "\(note.message)")
    }
}
