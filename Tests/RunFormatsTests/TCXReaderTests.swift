import Foundation
import RunCore
import RunFormats
import TestSupport
import Testing

/// The TCX reader against every TCX file of corpus-fit-tcx (values from its REFERENCE.tsv, made
/// with ElementTree and GeographicLib) and the TCX files of shared/corpus (its REFERENCE.tsv and
/// README "decoder disagreements" §8).
@Suite struct TCXReaderTests {
    static let reference = try! TSVTable(path: SharedData.fitTCXRoot.appendingPathComponent("REFERENCE.tsv").path)
    static let tcxRows = reference.rows.filter { $0["format"] == "tcx" }
    static let tcxNames = tcxRows.compactMap { $0["file"] }

    @Test func referenceListsEveryTCXFile() throws {
        let folder = SharedData.fitTCXRoot.appendingPathComponent("files").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tcx") }
        #expect(Set(files) == Set(Self.tcxNames))
        #expect(!files.isEmpty)
    }

    @Test(arguments: TCXReaderTests.tcxNames)
    func matchesReference(name: String) throws {
        let row = try #require(Self.reference.row(where: "file", is: name))
        let result = try TCXReader().read(fileAt: SharedData.fitTCX(name))
        let activity = result.activity
        #expect(activity.sourceFormat == .tcx)
        let isCourse = row["fit_file_type"] == "tcx-course"

        // Counts. A course's trackpoints without a position are left out of its route and counted.
        let leftOut = result.diagnostics.first { $0.code == "courseTrackpointWithoutPosition" }?.count ?? 0
        #expect(activity.recordCount + activity.routePointCount + leftOut == int(row["n_records"]))
        #expect(activity.trackPointCount + activity.routePointCount == int(row["n_records_with_position"]))
        #expect(activity.tracks.count == int(row["n_sessions"]))
        if isCourse {
            // A course is a route; its <Lap> totals have no place in the model (Route has no laps).
            #expect(row["sport"] == "course")
            #expect(activity.routes.count == 1)
        } else {
            #expect(activity.tracks.reduce(0) { $0 + ($1.laps?.count ?? 0) } == int(row["n_laps"]))
            #expect(activity.tracks.first?.type == row["sport"])
            #expect(activity.tracks.allSatisfy { $0.deviceTotals?.lapCount == $0.laps?.count ?? 0 })
            #expect(activity.tracks.allSatisfy { $0.deviceTotals?.elapsedSeconds == nil })
        }

        // Times.
        let records = Self.recordTimes(activity)
        let positioned = Self.positionedPoints(activity)
        expectTime(records.first, row["first_record_time"])
        if leftOut == 0 {
            expectTime(records.last, row["last_record_time"])
            expectTime(records.last, row["end_time"])
        } else {
            // course.tcx ends with a time-only trackpoint (Training Center's stop marker), left
            // out of the route with the others without a position: the route ends before it.
            let last = try #require(records.last)
            #expect(last < DateTimeText.parse(row["last_record_time"] ?? "")?.seconds ?? -.infinity)
        }
        expectTime(positioned.first?.timeSeconds, row["first_positioned_time"])
        expectTime(positioned.last?.timeSeconds, row["last_positioned_time"])
        expectTime(isCourse ? records.first : activity.tracks.first?.deviceTotals?.startTimeSeconds, row["start_time"])

        // Device totals, exact to the printed precision.
        if !isCourse {
            let totals = try #require(activity.tracks.first?.deviceTotals)
            #expect(totals.sport == row["sport"])
            expectPrinted(totals.timerSeconds, row["total_timer_time"])
            expectPrinted(totals.distanceMeters, row["total_distance"])
            expectPrinted(totals.averageHeartRateBPM, row["avg_heart_rate"])
            expectPrinted(totals.maxHeartRateBPM, row["max_heart_rate"])
            expectPrinted(totals.averageCadenceRPM, row["avg_cadence"])
            expectPrinted(totals.averagePowerWatts, row["avg_power"])
        }

        // Length of the positioned points in file order, identical consecutive points skipped.
        if let printed = row["geodesic_length_m"], let expected = Double(printed) {
            #expect(abs(Self.geodesicLength(positioned) - expected) <= 0.5)
        } else {
            #expect(positioned.isEmpty)
        }

        // Device: "Creator Name ; author=Author Name".
        let parts = (row["device"] ?? "").components(separatedBy: " ; ")
        let product = parts.first { !$0.hasPrefix("author=") && !$0.isEmpty }
        let author = parts.first { $0.hasPrefix("author=") }.map { String($0.dropFirst("author=".count)) }
        #expect(activity.device?.product == product)
        #expect(activity.device?.application == author)
        #expect(activity.creator == activity.device?.description)
    }

    /// Strava's archives write 10 spaces before `<?xml`: read, with a note saying how many bytes.
    @Test func leadingWhitespaceIsSkippedWithANote() throws {
        let name = "6281425038.tcx"
        let row = try #require(Self.reference.row(where: "file", is: name))
        // REFERENCE notes: "LEADING WHITESPACE before <?xml ...?> (10 bytes)".
        let notes = try #require(row["notes"])
        let match = try #require(notes.firstMatch(of: /LEADING WHITESPACE[^(]*\((\d+) bytes\)/))
        let result = try TCXReader().read(fileAt: SharedData.fitTCX(name))
        let note = try #require(result.diagnostics.first { $0.code == "leadingWhitespace" })
        #expect(note.severity == .note)
        #expect(note.message.hasPrefix("\(match.1) whitespace bytes"))
        #expect(result.activity.recordCount == int(row["n_records"]))
    }

    /// COROS writes the open-water swim's track once per lap: times go back once; kept in file order.
    @Test func timesGoingBackAreKeptInFileOrder() throws {
        let name = "OWswim.tcx"
        let row = try #require(Self.reference.row(where: "file", is: name))
        let match = try #require(row["notes"]?.firstMatch(of: /not monotonic \((\d+) backward steps\)/))
        let result = try TCXReader().read(fileAt: SharedData.fitTCX(name))
        let diagnostic = try #require(result.diagnostics.first { $0.code == "timeNotIncreasing" })
        #expect(diagnostic.count == Int(match.1))
        // The track read twice is two segments, each in time order.
        let segments = try #require(result.activity.tracks.first?.segments)
        #expect(segments.count == 2)
        for segment in segments {
            let times = segment.points.compactMap(\.timeSeconds)
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        }
    }

    /// A course is a route, not an activity: no track; its CoursePoints are waypoints.
    @Test func courseIsARoute() throws {
        let name = "course.tcx"
        let row = try #require(Self.reference.row(where: "file", is: name))
        let missing = try #require(row["notes"]?.firstMatch(of: /(\d+) trackpoints lack Position/))
        let result = try TCXReader().read(fileAt: SharedData.fitTCX(name))
        #expect(result.activity.tracks.isEmpty)
        let route = try #require(result.activity.routes.first)
        #expect(route.name == "ThursRide")  // <Course><Name>ThursRide</Name>
        #expect(route.points.count == int(row["n_records_with_position"]))
        #expect(result.diagnostics.first { $0.code == "courseTrackpointWithoutPosition" }?.count == Int(missing.1))
    }

    /// shared/corpus README "decoder disagreements" §8: GPSBabel reads no point of this
    /// MultiSportSession; ElementTree finds 4 activities, 1893 trackpoints, 1325 positioned.
    /// Lap sums from shared/corpus REFERENCE.tsv `device_summary`.
    @Test func multiSportSessionGivesOneTrackPerActivity() throws {
        let name = "goldencheetah-activity_165850259_multi-session.tcx"
        let result = try TCXReader().read(fileAt: SharedData.corpus(name))
        let activity = result.activity
        #expect(activity.tracks.count == 4)
        #expect(activity.recordCount == 1893)
        #expect(activity.trackPointCount == 1325)
        #expect(activity.tracks.map(\.type) == ["Running", "Biking", "Running", "Biking"])  // Sport attributes in the file
        let row = try #require(TSVTable.reference().row(where: "file", is: name))
        let summary = try #require(row["device_summary"]?.firstMatch(of: /TotalTimeSeconds=([\d.]+) DistanceMeters=([\d.]+)/))
        expectPrinted(activity.tracks.compactMap(\.deviceTotals?.timerSeconds).reduce(0, +), String(summary.1))
        expectPrinted(activity.tracks.compactMap(\.deviceTotals?.distanceMeters).reduce(0, +), String(summary.2))
    }

    /// The other TCX files of shared/corpus: point counts from its MANIFEST and GPSBabel's counts,
    /// lap sums from its REFERENCE `device_summary`.
    @Test(arguments: ["sportslib-movescount.tcx", "togeojson-garmin_connect.tcx"])
    func otherCorpusFilesRead(name: String) throws {
        let result = try TCXReader().read(fileAt: SharedData.corpus(name))
        let activity = result.activity
        let manifest = try #require(TSVTable.manifest().row(where: "file", is: name))
        let reference = try #require(TSVTable.reference().row(where: "file", is: name))
        #expect(activity.recordCount == int(manifest["n_trackpoints"]))
        #expect(activity.trackPointCount == int(reference["gpsbabel_trkpts"]))
        #expect(activity.tracks.count == 1)
        let summary = try #require(reference["device_summary"]?.firstMatch(of: /TotalTimeSeconds=([\d.]+) DistanceMeters=([\d.]+)/))
        expectPrinted(activity.tracks.first?.deviceTotals?.timerSeconds, String(summary.1))
        expectPrinted(activity.tracks.first?.deviceTotals?.distanceMeters, String(summary.2))
    }

    // MARK: - Helpers

    /// Times of the first and last record in file order: the earlier of each track's first
    /// positioned point and first record without position, the later of their last ones.
    static func recordTimes(_ activity: Activity) -> (first: Double?, last: Double?) {
        var first: Double?
        var last: Double?
        for track in activity.tracks {
            let points = track.segments.flatMap(\.points)
            let other = track.recordsWithoutPosition ?? []
            let starts = [points.first?.timeSeconds, other.first?.timeSeconds].compactMap { $0 }
            let ends = [points.last?.timeSeconds, other.last?.timeSeconds].compactMap { $0 }
            if first == nil { first = starts.min() }
            if let end = ends.max() { last = end }
        }
        for route in activity.routes {
            if first == nil { first = route.points.first?.timeSeconds }
            if let end = route.points.last?.timeSeconds { last = end }
        }
        return (first, last)
    }

    static func positionedPoints(_ activity: Activity) -> [TrackPoint] {
        activity.tracks.flatMap { $0.segments.flatMap(\.points) } + activity.routes.flatMap(\.points)
    }

    static func geodesicLength(_ points: [TrackPoint]) -> Double {
        var total = 0.0
        for (a, b) in zip(points, points.dropFirst()) where a.latitude != b.latitude || a.longitude != b.longitude {
            total += Geodesic.wgs84.distanceMeters(latitude1: a.latitude, longitude1: a.longitude,
                                                   latitude2: b.latitude, longitude2: b.longitude)
        }
        return total
    }
}

private func int(_ text: String?) -> Int? { text.flatMap { Int($0) } }

/// `value` equals the printed number to its printed precision; an empty cell means absent.
private func expectPrinted(_ value: Double?, _ printed: String?, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let printed, !printed.isEmpty, let expected = Double(printed) else {
        #expect(value == nil, "expected no value, got \(String(describing: value))", sourceLocation: sourceLocation)
        return
    }
    let decimals = printed.firstIndex(of: ".").map { printed.distance(from: $0, to: printed.endIndex) - 1 } ?? 0
    let tolerance = 0.5 * pow(10, -Double(decimals)) + 1e-9
    guard let value else {
        Issue.record("expected \(printed), got nil", sourceLocation: sourceLocation)
        return
    }
    #expect(abs(value - expected) <= tolerance, "\(value) is not \(printed)", sourceLocation: sourceLocation)
}

/// `seconds` is the time printed (ISO 8601); an empty cell means absent.
private func expectTime(_ seconds: Double?, _ printed: String?, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let printed, !printed.isEmpty else {
        #expect(seconds == nil, sourceLocation: sourceLocation)
        return
    }
    guard let expected = DateTimeText.parse(printed)?.seconds, let seconds else {
        Issue.record("expected \(printed), got \(String(describing: seconds))", sourceLocation: sourceLocation)
        return
    }
    #expect(abs(seconds - expected) < 1e-6, "\(UTCDateTime.format(seconds: seconds, fractionDigits: 3)) is not \(printed)",
            sourceLocation: sourceLocation)
}
