import Foundation
import RunCore
import RunFormats
import Testing

/// An indoor session whose device writes (0, 0) for every record (no fix): records without
/// position, measured by the device's distance — never a run of 0 km at 0° N 0° E.
@Suite struct PlaceholderPositionTests {
    /// 60 records, 1 s apart, all at semicircles (0, 0), the device's distance 0 … 590 m (10 m/s).
    static func indoorFile(latitude: Int32 = 0) -> [UInt8] {
        var builder = FITBuilder()
        FITReaderTests.activityFileID(&builder)
        // record: timestamp uint32, position_lat/long sint32, distance uint32 (scale 100).
        builder.define(local: 1, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85), (5, 4, 0x86)])
        for k in 0..<60 {
            builder.data(local: 1, le32(UInt32(1_000_000_000 + k)) + le32(UInt32(bitPattern: latitude)) + le32(0) + le32(UInt32(k * 1000)))
        }
        return builder.file()
    }

    @Test func aTrackAllAtZeroZeroHasNoPositions() throws {
        let read = try ActivityReadSession.read(Self.indoorFile(), fileName: "indoor.fit")
        #expect(read.activity.trackPointCount == 0)
        #expect(read.activity.tracks.first?.recordsWithoutPosition?.count == 60)
        #expect(read.diagnostics.contains { $0.code == "zeroPositions" })
        let summary = ActivityAnalyzer.analyze(read.activity, fileName: "indoor.fit").summary
        // Analytic: the last record's cumulative distance, 59 × 10 m, and 59 s.
        #expect(summary.distanceSource == .device && summary.distanceMeters == 590)
        #expect(summary.elapsedTimeSeconds == 59)
    }

    /// A real latitude with longitude 0 (on the Greenwich meridian) is a position.
    @Test func theMeridianIsNotAPlaceholder() throws {
        let read = try ActivityReadSession.read(Self.indoorFile(latitude: 613_566_757), fileName: "greenwich.fit")  // 51.4° N
        #expect(read.activity.trackPointCount == 60)
        #expect(!read.diagnostics.contains { $0.code == "zeroPositions" })
    }
}
