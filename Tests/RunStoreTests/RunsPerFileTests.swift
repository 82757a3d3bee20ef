import Foundation
import RunCore
import RunStore
import Testing

/// One file is imported as at most `ImportOptions.maximumRunsPerFile` runs (10,000): each run
/// costs its analysis and its rows, and a 1.1 MB TCX file of 100,000 empty `<Activity/>`s was
/// imported as 100,000 runs in 157 s and 787 MB. Past the limit the file is refused before any
/// run is analysed, naming both counts; at the limit it imports.
@Suite struct RunsPerFileTests {
    /// `count` tracks of one point each, three hours apart: a run each (runs split after 2 h).
    static func gpx(tracks count: Int) -> [UInt8] {
        var text = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n"
        for i in 0..<count {
            let time = Date(timeIntervalSince1970: 1_777_000_000 + Double(i) * 3 * 3600).formatted(.iso8601)
            text += "<trk><trkseg><trkpt lat=\"47.1\" lon=\"8.5\"><time>\(time)</time></trkpt>"
                + "<trkpt lat=\"47.101\" lon=\"8.5\"><time>\(time.replacingOccurrences(of: ":00Z", with: ":30Z"))</time></trkpt></trkseg></trk>\n"
        }
        return Array((text + "</gpx>\n").utf8)
    }

    static func tcx(activities count: Int) -> [UInt8] {
        Array(("<?xml version=\"1.0\"?>\n<TrainingCenterDatabase xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\">"
               + "<Activities>" + String(repeating: "<Activity Sport=\"Running\"/>", count: count) + "</Activities></TrainingCenterDatabase>\n").utf8)
    }

    @Test func theDefaultIsTenThousand() {
        #expect(ImportOptions().maximumRunsPerFile == 10_000)
    }

    @Test func aGPXFileOfMoreActivitiesThanTheLimitIsRefused() throws {
        var options = ImportOptions()
        options.maximumRunsPerFile = 5
        #expect(try RunImporter.prepareBytes(Self.gpx(tracks: 5), fileName: "five.gpx", options: options).partCount == 5)
        let error = try #require(throws: LibraryError.self) {
            try RunImporter.prepareBytes(Self.gpx(tracks: 6), fileName: "six.gpx", options: options)
        }
        #expect(error.code == .tooManyRuns && error.runs == 6 && error.maximumRuns == 5)
        #expect(error.data["runs"] == .integer(6) && error.data["maximumRuns"] == .integer(5))
        #expect(error.message == "the file holds 6 activities, more than the 5 this version imports from one file")
        // Not split, the file is one run.
        options.splitsActivities = false
        #expect(try RunImporter.prepareBytes(Self.gpx(tracks: 6), fileName: "six.gpx", options: options).partCount == 1)
    }

    @Test func aTCXFileOfManyEmptyActivitiesIsRefused() throws {
        var options = ImportOptions()
        options.maximumRunsPerFile = 10
        #expect(try RunImporter.prepareBytes(Self.tcx(activities: 10), fileName: "ten.tcx", options: options).partCount == 10)
        let error = try #require(throws: LibraryError.self) {
            try RunImporter.prepareBytes(Self.tcx(activities: 11), fileName: "eleven.tcx", options: options)
        }
        #expect(error.code == .tooManyRuns && error.runs == 11)
    }
}
