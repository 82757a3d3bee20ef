import Foundation
import RunCore
import RunFormats
import RunStore
import RunStoreSQLite
import TestSupport
import Testing

/// Every FIT and TCX corpus file through the importer, against ../shared/corpus-fit-tcx's
/// MANIFEST and REFERENCE (values from Garmin's FIT SDK, GPSBabel and a plain XML parse).
@Suite struct FITTCXImportTests {
    let directory = TemporaryDirectory()

    static let reference: [[String: String]] = {
        (try? TSVTable(path: SharedData.fitTCXRoot.appendingPathComponent("REFERENCE.tsv").path).rows) ?? []
    }()
    static let manifest: [String: String] = {
        let rows = (try? TSVTable(path: SharedData.fitTCXRoot.appendingPathComponent("MANIFEST.tsv").path).rows) ?? []
        return Dictionary(rows.map { ($0["file"] ?? "", $0["notes"] ?? "") }, uniquingKeysWith: { a, _ in a })
    }()
    static var names: [String] { reference.compactMap { $0["file"] } }

    /// What each file refused by design must be refused with (MANIFEST's NEGATIVE notes).
    static let refusals: [String: ReadError.Code] = [
        "Settings.fit": .notActivity, "nick.fit": .truncated, "strava-android-app-201.10-b1218918.fit": .undefinedMessage,
    ]

    @Test func theReferenceCoversEveryFile() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: SharedData.fitTCXRoot.appendingPathComponent("files").path)
        #expect(Set(files) == Set(Self.names))
        // Every NEGATIVE file is either refused here or tolerated on purpose (course: a route; leading whitespace: read).
        for (name, notes) in Self.manifest where notes.contains("NEGATIVE") {
            #expect(Self.refusals[name] != nil || name == "course.tcx" || name == "6281425038.tcx", "\(name)")
        }
    }

    @Test(arguments: names)
    func importsAsTheReferenceSays(name: String) throws {
        let row = try #require(Self.reference.first { $0["file"] == name })
        let library = try Library(path: directory.file("\(name).sqlite"))
        let importer = RunImporter(library: library)
        let path = SharedData.fitTCX(name)
        if let code = Self.refusals[name] {
            let error = try #require(throws: ReadError.self) { try importer.importFile(atPath: path) }
            #expect(error.code == code && error.file == path && error.offset != nil, "\(error)")
            #expect(try library.count() == 0)
            return
        }
        let result = try importer.importFile(atPath: path)
        let runs = result.imported
        if name == "course.tcx" {
            #expect(runs.count == 1 && runs[0].isRoute)
            return
        }
        // One run per session, linked as parts of one original.
        let sessions = Int(row["n_sessions"] ?? "") ?? 0
        #expect(runs.count == max(sessions, 1), "\(name): \(runs.count) runs")
        #expect(Set(runs.map(\.originalID)).count == 1)
        if runs.count > 1 { #expect(runs.map { $0.part?.index } == Array(0..<runs.count).map { Optional($0) }) }
        // Sessions never share records: each part ends before the next begins (the device's
        // overlapping claims resolved to the session that began last).
        for (a, b) in zip(runs, runs.dropFirst()) {
            if let end = a.summary.endTimeSeconds, let start = b.summary.startTimeSeconds {
                #expect(end <= start, "\(name): part \(a.id) ends after part \(b.id) begins")
            }
        }
        // Every record kept: positioned ones as track points, the others counted.
        let positioned = runs.reduce(0) { $0 + $1.summary.trackPointCount }
        let all = positioned + runs.reduce(0) { $0 + $1.summary.recordsWithoutPositionCount }
        #expect(all == Int(row["n_records"] ?? ""), "\(name): \(all) records")
        #expect(positioned == Int(row["n_records_with_position"] ?? ""), "\(name): \(positioned) positioned")
        // The device's totals as the SDK read them (first session).
        if let distance = Double((row["total_distance"] ?? "").split(separator: ";").first.map(String.init) ?? "") {
            #expect(abs((runs[0].summary.deviceTotals?.distanceMeters ?? -1) - distance) < 0.01, "\(name)")
        }
        if let timer = Double((row["total_timer_time"] ?? "").split(separator: ";").first.map(String.init) ?? "") {
            #expect(abs((runs[0].summary.deviceTotals?.timerSeconds ?? -1) - timer) < 0.001, "\(name)")
        }
        // runlog's distance: within 0.1 % of the WGS84 length within the segments, unless the clean-up left points out.
        for run in runs where run.summary.trackPointCount > 1 {
            // Indoors or in a virtual world (FIT sub-sport): the device's distance, not the made-up track's.
            if run.summary.distanceSource == .device {
                #expect(["virtual_activity", "indoor_cycling", "treadmill"].contains(run.summary.deviceTotals?.subSport ?? ""), "\(name)")
                #expect(run.summary.distanceMeters == run.summary.deviceTotals?.distanceMeters)
                continue
            }
            let activity = try library.activity(id: run.id)
            var length = 0.0
            for segment in activity.tracks.flatMap(\.segments) {
                for (a, b) in zip(segment.points, segment.points.dropFirst()) where a.coordinate != b.coordinate {
                    length += Geodesic.wgs84.inverse(latitude1: a.latitude, longitude1: a.longitude,
                                                     latitude2: b.latitude, longitude2: b.longitude).distanceMeters
                }
            }
            let cleaned = try library.analysis(id: run.id).map { !$0.cleanup.isEmpty } ?? false
            #expect(cleaned || abs(run.summary.distanceMeters - length) <= 0.001 * length + 0.01,
                    "\(name) run \(run.id): \(run.summary.distanceMeters) vs \(length)")
            // One run of one unbroken segment: REFERENCE's geodesic length of the positioned records itself.
            if !cleaned, runs.count == 1, activity.tracks.flatMap(\.segments).count == 1,
               let reference = Double(row["geodesic_length_m"] ?? "") {
                #expect(abs(run.summary.distanceMeters - reference) <= 0.001 * reference,
                        "\(name): \(run.summary.distanceMeters) vs REFERENCE \(reference)")
            }
        }
        // Export to GPX: valid against GPX 1.1 and the Garmin extensions.
        for run in runs where run.summary.trackPointCount > 0 {
            let file = directory.file("\(name)-\(run.id).gpx")
            let output = MemoryOutput()
            _ = try library.exportGPX(id: run.id, to: output)
            try Data(output.bytes).write(to: URL(fileURLWithPath: file))
            #expect(try ExternalTools.schemaErrors(of: file, schema: "gpx11.xsd") == nil, "\(name)")
            #expect(try ExternalTools.schemaErrors(of: file, schema: "gpx11-plus-extensions.xsd") == nil, "\(name)")
        }
        // A second import adds nothing.
        #expect(try importer.importFile(atPath: path).imported.isEmpty)
    }

    /// The same activity as FIT and as TCX (the README's pairs) gives the same numbers.
    @Test func theSameRunAsFITAndTCXMeasuresTheSame() throws {
        let library = try Library(path: directory.file("pair.sqlite"))
        var options = ImportOptions()
        options.importsProbableDuplicates = true
        let importer = RunImporter(library: library, options: options)
        let fit = try #require(try importer.importFile(atPath: SharedData.fitTCX("10kUNLP2014-Garmin15.fit")).imported.first)
        let tcx = try #require(try importer.importFile(atPath: SharedData.fitTCX("10kUNLP2014-Garmin15.tcx")).imported.first)
        #expect(fit.summary.trackPointCount == tcx.summary.trackPointCount)
        #expect(abs(fit.summary.distanceMeters - tcx.summary.distanceMeters) < 0.5)
        #expect(fit.summary.startTimeSeconds == tcx.summary.startTimeSeconds)
    }
}
