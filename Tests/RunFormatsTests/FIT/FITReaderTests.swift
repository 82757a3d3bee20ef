import Foundation
import RunCore
import RunFormats
import TestSupport
import Testing

/// FIT files built byte by byte, whose meaning is known by construction (FIT Protocol and profile).
@Suite struct FITReaderTests {
    static let epoch: Double = 631_065_600  // 1989-12-31T00:00:00Z
    /// file_id: type (enum) = 4 activity, manufacturer (uint16) = 1 garmin, product (uint16) = 1903 (garmin_product fr15).
    static func activityFileID(_ builder: inout FITBuilder, type: UInt8 = 4) {
        builder.define(local: 0, global: 0, fields: [(0, 1, 0x00), (1, 2, 0x84), (2, 2, 0x84)])
        builder.data(local: 0, [type] + le16(1) + le16(1903))
    }

    @Test func bigEndianDefinition() throws {
        var builder = FITBuilder()
        Self.activityFileID(&builder)
        // record: timestamp uint32, position_lat/long sint32, altitude uint16, heart_rate uint8 — big-endian.
        builder.define(local: 1, global: 20, bigEndian: true,
                       fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85), (2, 2, 0x84), (3, 1, 0x02)])
        let latitude: Int32 = 572_662_306  // 0x22222222 semicircles
        let longitude: Int32 = -1_073_741_824  // -90°
        builder.data(local: 1, be32(1_000_000_000) + be32(UInt32(bitPattern: latitude)) + be32(UInt32(bitPattern: longitude))
                     + be16(3000) + [150])
        let result = try FITTestFiles.read(bytes: builder.file())
        let point = try #require(result.activity.tracks.first?.segments.first?.points.first)
        #expect(point.latitude == Double(latitude) * 180 / 2_147_483_648)
        #expect(point.longitude == -90)
        #expect(point.timeSeconds == 1_000_000_000 + Self.epoch)
        #expect(point.elevationMeters == 3000.0 / 5 - 500)
        #expect(point.heartRateBPM == 150)
        #expect(result.activity.device?.manufacturer == "garmin")
        #expect(result.activity.device?.product == "fr15")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func compressedTimestampRollsOver() throws {
        var builder = FITBuilder()
        Self.activityFileID(&builder)
        // record (local 1): timestamp + heart_rate; then compressed-timestamp records (local 2) of heart_rate only.
        builder.define(local: 1, global: 20, fields: [(253, 4, 0x86), (3, 1, 0x02)])
        builder.define(local: 2, global: 20, fields: [(3, 1, 0x02)])
        let full: UInt32 = 1_000_000_028  // low 5 bits: 28
        #expect(full & 0x1F == 28)
        builder.data(local: 1, le32(full) + [100])
        builder.compressed(local: 2, timeOffset: 30, [101])  // 30 ≥ 28: same window, full + 2
        builder.compressed(local: 2, timeOffset: 3, [102])   // 3 < 30: next window, full - 28 + 32 + 3
        builder.compressed(local: 2, timeOffset: 3, [103])   // equal offset: no rollover, same time
        let result = try FITTestFiles.read(bytes: builder.file())
        let records = try #require(result.activity.tracks.first?.recordsWithoutPosition)
        #expect(records.map(\.timeSeconds) == [full, full + 2, full + 7, full + 7].map { Double($0) + Self.epoch })
        #expect(records.map(\.heartRateBPM) == [100, 101, 102, 103])
        #expect(records.allSatisfy { $0.latitude.isNaN })
    }

    @Test func developerFieldWithScaleAndOffset() throws {
        var builder = FITBuilder()
        Self.activityFileID(&builder)
        // developer_data_id: application_id byte[16], developer_data_index uint8 = 0.
        builder.define(local: 1, global: 207, fields: [(1, 16, 0x0D), (3, 1, 0x02)])
        builder.data(local: 1, Array(repeating: 0xAB, count: 16) + [0])
        // field_description: index 0, field 7, base type uint16, name "Form Power", scale 10, offset 5, units "Watts".
        builder.define(local: 2, global: 206, fields: [(0, 1, 0x02), (1, 1, 0x02), (2, 1, 0x02), (3, 11, 0x07), (6, 1, 0x02),
                                                       (7, 1, 0x01), (8, 6, 0x07)])
        builder.data(local: 2, [0, 7, 0x84] + Array("Form Power\0".utf8) + [10, 5] + Array("Watts\0".utf8))
        // record: timestamp + developer field (7, 2 bytes, developer 0).
        builder.define(local: 3, global: 20, fields: [(253, 4, 0x86)], developerFields: [(7, 2, 0)])
        builder.data(local: 3, le32(1_000_000_000) + le16(2345))
        builder.data(local: 3, le32(1_000_000_001) + le16(0xFFFF))  // invalid: no value
        let result = try FITTestFiles.read(bytes: builder.file())
        let field = try #require(result.activity.developerFields?.first)
        #expect(field.name == "Form Power" && field.units == "Watts" && field.developerIndex == 0 && field.fieldNumber == 7)
        #expect(field.applicationID == String(repeating: "ab", count: 16))
        let records = try #require(result.activity.tracks.first?.recordsWithoutPosition)
        #expect(records[0].details?.developerValues == [DeveloperValue(name: "Form Power", number: 2345.0 / 10 - 5)])
        #expect(records[1].details == nil)
    }

    @Test func wrongFileCRCOnCleanDataIsAWarning() throws {
        var builder = FITBuilder()
        Self.activityFileID(&builder)
        builder.define(local: 1, global: 20, fields: [(253, 4, 0x86)])
        builder.data(local: 1, le32(1_000_000_000))
        let good = try FITTestFiles.read(bytes: builder.file())
        #expect(good.diagnostics.isEmpty)
        let bad = try FITTestFiles.read(bytes: builder.file(crcDelta: 1))
        // (Activity's == is false for records without position: their NaN latitudes differ from themselves.)
        #expect(bad.activity.tracks.map { $0.recordsWithoutPosition?.map(\.timeSeconds) }
                == good.activity.tracks.map { $0.recordsWithoutPosition?.map(\.timeSeconds) })
        #expect(bad.activity.recordCount == 1 && bad.activity.device == good.activity.device)
        let diagnostic = try #require(bad.diagnostics.first { $0.code == "fitBadCRC" })
        #expect(diagnostic.severity == .warning)
    }

    @Test func truncatedHeader() throws {
        let file = FITBuilder().file()
        for length in [0, 1, 11, 13] {
            let error = try #require(throws: ReadError.self) { try FITTestFiles.read(bytes: Array(file.prefix(length))) }
            #expect(error.code == .badFITHeader && error.offset == 0)
        }
        let text = try #require(throws: ReadError.self) { try FITTestFiles.read(bytes: Array("<?xml version=\"1.0\"?><gpx/>".utf8)) }
        #expect(text.code == .badFITHeader)
    }

    @Test func truncatedData() throws {
        var builder = FITBuilder()
        Self.activityFileID(&builder)
        builder.define(local: 1, global: 20, fields: [(253, 4, 0x86), (3, 1, 0x02)])
        builder.data(local: 1, le32(1_000_000_000) + [90])
        let lastRecord = 14 + builder.records.count
        builder.data(local: 1, le32(1_000_000_001) + [91])
        var file = builder.file()
        file.removeLast(2 + 3)  // the CRC and 3 bytes of the last record
        let error = try #require(throws: ReadError.self) { try FITTestFiles.read(bytes: file) }
        #expect(error.code == .truncated)
        #expect(error.offset == lastRecord)
        #expect(error.message.contains("1 record was decoded before"))
        let kept = try FITTestFiles.read(bytes: file, options: .init(keepsDecodedPartOfDamagedFile: true))
        #expect(kept.activity.recordCount == 1)
        #expect(kept.diagnostics.contains { $0.code == "fitDamagedFileKept" })
    }

    @Test func dataMessageOfUndefinedLocalType() throws {
        var builder = FITBuilder()
        Self.activityFileID(&builder)
        builder.define(local: 1, global: 20, fields: [(253, 4, 0x86)])
        builder.data(local: 1, le32(1_000_000_000))
        let offset = 14 + builder.records.count
        builder.data(local: 5, [1, 2, 3, 4])
        let error = try #require(throws: ReadError.self) { try FITTestFiles.read(bytes: builder.file()) }
        #expect(error.code == .undefinedMessage)
        #expect(error.offset == offset)
        #expect(error.message.contains("1 record was decoded before"))
    }

    @Test func timerStopAndStartBeginsSegmentAndSessionMakesTrack() throws {
        var builder = FITBuilder()
        Self.activityFileID(&builder)
        builder.define(local: 1, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)])
        builder.define(local: 2, global: 21, fields: [(253, 4, 0x86), (0, 1, 0x00), (1, 1, 0x00)])
        builder.data(local: 1, le32(1_000_000_000) + le32(1000) + le32(2000))
        builder.data(local: 2, le32(1_000_000_001) + [0, 4])  // timer stop_all
        builder.data(local: 2, le32(1_000_000_100) + [0, 0])  // timer start
        builder.data(local: 1, le32(1_000_000_100) + le32(1100) + le32(2100))
        builder.data(local: 1, le32(1_000_000_101) + le32(0x7FFF_FFFF) + le32(2100))  // invalid latitude
        // session: start_time, sport 1 running, sub_sport 0 generic, total_elapsed_time 101.5 s, total_distance 12.34 m.
        builder.define(local: 3, global: 18, fields: [(2, 4, 0x86), (5, 1, 0x00), (6, 1, 0x00), (7, 4, 0x86), (9, 4, 0x86)])
        builder.data(local: 3, le32(1_000_000_000) + [1, 0] + le32(101_500) + le32(1234))
        let result = try FITTestFiles.read(bytes: builder.file())
        let track = try #require(result.activity.tracks.first)
        #expect(result.activity.tracks.count == 1)
        #expect(track.segments.map { $0.points.count } == [1, 1])
        #expect(track.recordsWithoutPosition?.count == 1)
        #expect(track.type == "running")
        #expect(track.deviceTotals?.subSport == "generic")
        #expect(track.deviceTotals?.elapsedSeconds == 101.5)
        #expect(track.deviceTotals?.distanceMeters == 12.34)
        #expect(track.deviceTotals?.startTimeSeconds == 1_000_000_000 + Self.epoch)
    }

    @Test func courseFileIsNotAnActivity() throws {
        var builder = FITBuilder()
        Self.activityFileID(&builder, type: 6)
        let error = try #require(throws: ReadError.self) { try FITTestFiles.read(bytes: builder.file()) }
        #expect(error.code == .notActivity)
        #expect(error.message.contains("a FIT course file, not an activity"))
    }

    @Test func chainedFilesAreAllRead() throws {
        var first = FITBuilder()
        Self.activityFileID(&first)
        first.define(local: 1, global: 20, fields: [(253, 4, 0x86)])
        first.data(local: 1, le32(1_000_000_000))
        var second = FITBuilder()
        Self.activityFileID(&second)
        second.define(local: 3, global: 20, fields: [(253, 4, 0x86)])
        second.data(local: 3, le32(1_000_000_005))
        let result = try FITTestFiles.read(bytes: first.file() + second.file())
        #expect(result.activity.recordCount == 2)
        #expect(result.diagnostics.isEmpty)
    }

    /// Random bytes, and random bytes behind a valid header: an error or an activity, never a crash.
    @Test func randomBytesNeverCrash() {
        var generator = SeededGenerator(state: 20_240_601)
        var valid = FITBuilder()
        Self.activityFileID(&valid)
        let header = Array(valid.file().prefix(14))
        for round in 0..<3000 {
            let count = Int.random(in: 0..<400, using: &generator)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if round % 2 == 0 {
                var patched = header
                patched.replaceSubrange(4..<8, with: le32(UInt32(count)))
                bytes = patched + bytes
            }
            _ = try? FITTestFiles.read(bytes: bytes)
            _ = try? FITTestFiles.read(bytes: bytes, options: .init(keepsDecodedPartOfDamagedFile: true))
        }
    }
}
