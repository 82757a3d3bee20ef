import Foundation
import RunCore
import RunFormats
import TestSupport
import Testing

/// Every FIT file of the FIT/TCX corpus against REFERENCE.tsv (garmin-fit-sdk 21.218, with
/// fitdecode for the compressed-timestamp file; geodesic lengths from GeographicLib).
@Suite struct FITReaderCorpusTests {
    static let reference = try! TSVTable(path: SharedData.fitTCXRoot.appendingPathComponent("REFERENCE.tsv").path)
    static let fitNames = reference.rows.filter { ($0["format"] ?? "").hasPrefix("fit") }.compactMap { $0["file"] }
    /// Files that decode (SDK `ok`, plus the compressed-timestamp file the SDK cannot read).
    static let decodable = reference.rows.filter {
        $0["decoder_status"] == "ok" && $0["fit_file_type"] == "activity" || $0["file"] == "compressed-speed-distance.fit"
    }.compactMap { $0["file"] }
    /// Damaged files: the error and where (README "Where the decoders disagree", 3).
    static let damaged: [String: (code: ReadError.Code, offset: Int)] = [
        "nick.fit": (.truncated, 403_437),
        "strava-android-app-201.10-b1218918.fit": (.undefinedMessage, 7471),
    ]

    /// Cells REFERENCE leaves empty for a reason outside runlog: fitdecode 0.11 (the source of
    /// this file's main columns) names session field 18 by its sub-field `avg_running_cadence`
    /// (88 when read with fitdecode), so the `avg_cadence` column is empty though the file states it.
    static let referenceOverrides = ["compressed-speed-distance.fit": ["avg_cadence": "88"]]

    @Test func everyFITFileIsCovered() {
        #expect(Self.fitNames.count == 29)
        let covered = Set(Self.decodable).union(Self.damaged.keys).union(["Settings.fit"])
        #expect(covered == Set(Self.fitNames))
    }

    @Test(arguments: decodable)
    func matchesReference(name: String) throws {
        let result = try FITTestFiles.read(name)
        let row = try #require(Self.reference.row(where: "file", is: name))
        try Self.expectReference(result.activity, row)
        #expect(result.activity.sourceFormat == .fit)
        #expect(!result.diagnostics.contains { $0.code == "fitDamagedFileKept" })
        // The corpus notes a CRC mismatch only in the damaged files: the CRC is computed right.
        #expect(!result.diagnostics.contains { $0.code == "fitBadCRC" || $0.code == "fitBadHeaderCRC" })
    }

    @Test(arguments: damaged.keys.sorted())
    func damagedFileFailsWithOffsetOrKeepsDecodedPart(name: String) throws {
        let expected = try #require(Self.damaged[name])
        let error = try #require(throws: ReadError.self) { try FITTestFiles.read(name) }
        #expect(error.code == expected.code)
        #expect(error.offset == expected.offset)
        #expect(error.description.contains("byte \(expected.offset)"))
        let row = try #require(Self.reference.row(where: "file", is: name))
        #expect(error.message.contains("\(row["n_records"]!) records were decoded before"))

        let kept = try FITTestFiles.read(name, options: .init(keepsDecodedPartOfDamagedFile: true))
        try Self.expectReference(kept.activity, row)
        #expect(kept.diagnostics.contains { $0.code == "fitDamagedFileKept" && $0.severity == .warning })
    }

    @Test func settingsFileIsNotAnActivity() throws {
        let error = try #require(throws: ReadError.self) { try FITTestFiles.read("Settings.fit") }
        #expect(error.code == .notActivity)
        #expect(error.message.contains("a FIT settings file, not an activity"))
    }

    @Test func relativeTimesAreNotShownAsDates() throws {
        let result = try FITTestFiles.read("compressed-speed-distance.fit")
        let times = result.activity.tracks.flatMap { Self.recordsOf($0) }.compactMap(\.timeSeconds)
        #expect(times.isEmpty)
        #expect(result.activity.tracks.first?.deviceTotals?.startTimeSeconds == nil)
        #expect(result.diagnostics.contains { $0.code == "fitRelativeTime" })
    }

    // MARK: - Comparison with a REFERENCE row

    static func recordsOf(_ track: Track) -> [TrackPoint] {
        track.segments.flatMap(\.points) + (track.recordsWithoutPosition ?? [])
    }

    static func expectReference(_ activity: Activity, _ reference: [String: String]) throws {
        let name = reference["file"]!
        let row = reference.merging(referenceOverrides[name] ?? [:]) { $1 }
        let records = activity.tracks.flatMap { recordsOf($0) }
        let positioned = activity.tracks.flatMap { $0.segments.flatMap(\.points) }
        #expect(records.count == Int(row["n_records"]!)!, "\(name) n_records")
        #expect(positioned.count == Int(row["n_records_with_position"]!)!, "\(name) n_records_with_position")
        #expect(activity.tracks.reduce(0) { $0 + ($1.laps?.count ?? 0) } == Int(row["n_laps"]!)!, "\(name) n_laps")
        let sessions = activity.tracks.compactMap(\.deviceTotals)
        #expect(sessions.count == Int(row["n_sessions"]!)!, "\(name) n_sessions")
        #expect(activity.tracks.filter { $0.deviceTotals == nil }.count <= 1)
        #expect(positioned.allSatisfy { !$0.latitude.isNaN && !$0.longitude.isNaN })
        #expect((activity.tracks.flatMap { $0.recordsWithoutPosition ?? [] }).allSatisfy { $0.latitude.isNaN && $0.longitude.isNaN })

        let sport = sessions.map { "\($0.sport ?? "")/\($0.subSport ?? "")" }.joined(separator: ";")
        #expect(sport == row["sport"]!, "\(name) sport")
        #expect(activity.tracks.filter { $0.deviceTotals != nil }.map(\.type) == sessions.map(\.sport))

        // First and last record times are the earliest and latest (checked on the corpus with fitdecode).
        let times = records.compactMap(\.timeSeconds)
        #expect(times.min().map(iso) == nonEmpty(row["first_record_time"]), "\(name) first_record_time")
        #expect(times.max().map(iso) == nonEmpty(row["last_record_time"]), "\(name) last_record_time")
        let positionedTimes = positioned.compactMap(\.timeSeconds)
        #expect(positionedTimes.min().map(iso) == nonEmpty(row["first_positioned_time"]), "\(name) first_positioned_time")
        #expect(positionedTimes.max().map(iso) == nonEmpty(row["last_positioned_time"]), "\(name) last_positioned_time")
        let start = row["start_time"]!
        let expectedStart = start.contains("T") ? start : nil  // a raw relative value is no date
        #expect(sessions.first?.startTimeSeconds.map(iso) == expectedStart, "\(name) start_time")

        expectValues(sessions.map(\.elapsedSeconds), row["total_elapsed_time"]!, "\(name) total_elapsed_time")
        expectValues(sessions.map(\.timerSeconds), row["total_timer_time"]!, "\(name) total_timer_time")
        expectValues(sessions.map(\.distanceMeters), row["total_distance"]!, "\(name) total_distance")
        expectValues(sessions.map(\.ascentMeters), row["total_ascent"]!, "\(name) total_ascent")
        expectValues(sessions.map(\.descentMeters), row["total_descent"]!, "\(name) total_descent")
        expectValues(sessions.map(\.averageHeartRateBPM), row["avg_heart_rate"]!, "\(name) avg_heart_rate")
        expectValues(sessions.map(\.maxHeartRateBPM), row["max_heart_rate"]!, "\(name) max_heart_rate")
        expectValues(sessions.map(\.averageCadenceRPM), row["avg_cadence"]!, "\(name) avg_cadence")
        expectValues(sessions.map(\.averagePowerWatts), row["avg_power"]!, "\(name) avg_power")

        if let expected = Double(row["geodesic_length_m"]!) {
            // REFERENCE walks the records in file order; the sessions take them by time (a session
            // that began inside another takes its records), so several sessions are put back in time
            // order first (stable: the fenix 2's two backward steps are at one position).
            let walked = activity.tracks.count > 1
                ? positioned.enumerated().sorted { ($0.element.timeSeconds ?? 0, $0.offset) < ($1.element.timeSeconds ?? 0, $1.offset) }.map(\.element)
                : positioned
            #expect(abs(geodesicLength(walked) - expected) <= 0.5, "\(name) geodesic_length_m")
        } else {
            #expect(positioned.isEmpty)
        }
        expectDevice(activity, row["device"]!, name)
    }

    /// `maker/product (product_name) ; creator=… sw=x.y`: the maker, the product (name, else the
    /// profile's name or number) and the creator's software version.
    static func expectDevice(_ activity: Activity, _ text: String, _ name: String) {
        let main = text.components(separatedBy: " ; ")[0]
        var makerAndProduct = main.components(separatedBy: " sw=")[0]
        var productName: String?
        if let open = makerAndProduct.range(of: " ("), makerAndProduct.hasSuffix(")") {
            productName = String(makerAndProduct[open.upperBound...].dropLast())
            makerAndProduct = String(makerAndProduct[..<open.lowerBound])
        }
        let parts = makerAndProduct.components(separatedBy: "/")
        let device = activity.device
        #expect(device?.manufacturer == parts[0], "\(name) manufacturer")
        #expect(device?.product == (productName ?? nonEmpty(parts[1])), "\(name) product")
        if let sw = text.components(separatedBy: " sw=").dropFirst().first {
            #expect(device?.softwareVersion.flatMap(Double.init) == Double(sw), "\(name) software version")
        }
        #expect(activity.creator == device?.description)
    }

    /// Each session's value equals the printed one to its printed precision; an empty cell is no value.
    static func expectValues(_ values: [Double?], _ printed: String, _ label: String) {
        let cells = printed.isEmpty ? Array(repeating: "", count: values.count) : printed.components(separatedBy: ";")
        #expect(cells.count == values.count, "\(label): \(values) vs \(printed)")
        for (value, cell) in zip(values, cells) {
            guard let expected = Double(cell) else {
                #expect(value == nil, "\(label): \(String(describing: value)) vs empty")
                continue
            }
            let decimals = cell.split(separator: ".").dropFirst().first?.count ?? 0
            let tolerance = 0.5 * pow(10, -Double(decimals)) + 1e-9
            #expect(value.map { abs($0 - expected) <= tolerance } == true, "\(label): \(String(describing: value)) vs \(cell)")
        }
    }

    static func geodesicLength(_ points: [TrackPoint]) -> Double {
        var total = 0.0
        for (a, b) in zip(points, points.dropFirst()) where a.latitude != b.latitude || a.longitude != b.longitude {
            total += Geodesic.wgs84.distanceMeters(latitude1: a.latitude, longitude1: a.longitude,
                                                   latitude2: b.latitude, longitude2: b.longitude)
        }
        return total
    }

    static func iso(_ seconds: Double) -> String {
        Date(timeIntervalSince1970: seconds).formatted(Date.ISO8601FormatStyle())
    }

    static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
