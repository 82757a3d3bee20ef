import RunCore
import RunFormats
import Testing

/// FIT files of tens of thousands of laps, sessions and timer breaks, built byte by byte (a few
/// hundred kilobytes: what an upload may hold). Each once cost laps², sessions × records,
/// sessions × breaks or a profile table parsed per message: seconds to hours for one file. Each
/// test checks where every message went (known by construction) and that the read took a
/// time proportional to the file; the limits are tens of times the linear reading's time in a
/// debug build, and far below the old one's.
@Suite struct FITManyMessagesTests {
    static let base: UInt32 = 1_000_000_000  // a FIT date_time (2021-09-09)
    static let epoch: Double = 631_065_600

    static func builder() -> FITBuilder {
        var builder = FITBuilder()
        FITReaderTests.activityFileID(&builder)
        return builder
    }

    /// Reads `bytes`, timing the read.
    static func timedRead(_ bytes: [UInt8]) throws -> (result: ActivityReadResult, duration: Duration) {
        var result: ActivityReadResult?
        let duration = try ContinuousClock().measure { result = try FITTestFiles.read(bytes: bytes) }
        return (try #require(result), duration)
    }

    @Test(.timeLimit(.minutes(1)))
    func everyLapIsKeptInFileOrder() throws {
        let count = 100_000
        var builder = Self.builder()
        builder.define(local: 1, global: 19, fields: [(2, 4, 0x86)])  // lap: start_time
        for i in 0..<count { builder.data(local: 1, le32(Self.base + UInt32(i))) }
        let (result, duration) = try Self.timedRead(builder.file())
        let laps = try #require(result.activity.tracks.first?.laps)
        #expect(result.activity.tracks.count == 1)  // no session: one track holds them
        #expect(laps.count == count)
        #expect(laps.first?.startTimeSeconds == Double(Self.base) + Self.epoch)
        #expect(laps.last?.startTimeSeconds == Double(Self.base) + Double(count - 1) + Self.epoch)
        #expect(zip(laps, laps.dropFirst()).allSatisfy { ($0.startTimeSeconds ?? 0) < ($1.startTimeSeconds ?? 0) })
        #expect(duration < .seconds(10))
    }

    /// 20,000 back-to-back sessions of 10 s, then two records in each — at its start (which it
    /// begins, though the session before ends there) and 5 s in — and a lap in each, 2 s in.
    @Test(.timeLimit(.minutes(1)))
    func recordsAndLapsOfManySessionsGoToTheSessionHoldingTheirTime() throws {
        let count = 20_000
        var builder = Self.builder()
        // session: start_time, sport 1 (running), total_elapsed_time (ms).
        builder.define(local: 1, global: 18, fields: [(2, 4, 0x86), (5, 1, 0x00), (7, 4, 0x86)])
        for i in 0..<count { builder.data(local: 1, le32(Self.base + UInt32(10 * i)) + [1] + le32(10_000)) }
        builder.define(local: 2, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)])  // record
        builder.define(local: 3, global: 19, fields: [(2, 4, 0x86)])  // lap: start_time
        for i in 0..<count {
            let start = Self.base + UInt32(10 * i)
            builder.data(local: 2, le32(start) + le32(UInt32(i)) + le32(0))
            builder.data(local: 2, le32(start + 5) + le32(UInt32(i)) + le32(1))
            builder.data(local: 3, le32(start + 2))
        }
        let (result, duration) = try Self.timedRead(builder.file())
        let tracks = result.activity.tracks
        #expect(tracks.count == count)
        let misplaced = tracks.indices.filter { i in
            let start = Double(Self.base) + Double(10 * i) + Self.epoch
            let points = tracks[i].segments.flatMap(\.points)
            return points.map(\.timeSeconds) != [start, start + 5] || tracks[i].laps?.map(\.startTimeSeconds) != [start + 2]
                || tracks[i].type != "running"
        }
        #expect(misplaced.isEmpty, "tracks with other records or laps than their own: \(misplaced.prefix(5))")
        #expect(duration < .seconds(20))
    }

    /// Sessions that overlap or touch, recorded after their records: a time goes to the session
    /// that began last at or before it (160 lies in [100, 200] and [150, 300]: the second began
    /// last; 500, after every end, to the last begun), a session's start to the session it begins,
    /// and a time before every start to the first session written after the record (here: the first).
    @Test func overlappingAndTouchingSessions() throws {
        var builder = Self.builder()
        builder.define(local: 2, global: 20, fields: [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)])
        let times: [UInt32] = [50, 100, 160, 250, 300, 400, 500]
        for time in times { builder.data(local: 2, le32(Self.base + time) + le32(time) + le32(0)) }
        builder.define(local: 1, global: 18, fields: [(2, 4, 0x86), (7, 4, 0x86)])
        // 0: [100, 200], 1: [150, 300], 2: [300, 400], 3: [400, 400] (no duration).
        for (start, seconds) in [(100, 100), (150, 150), (300, 100), (400, 0)] as [(UInt32, UInt32)] {
            builder.data(local: 1, le32(Self.base + start) + le32(seconds * 1000))
        }
        let result = try FITTestFiles.read(bytes: builder.file())
        let byTrack = result.activity.tracks.map { track in
            track.segments.flatMap(\.points).map { UInt32(($0.latitude * 2_147_483_648 / 180).rounded()) }  // semicircles = the time written
        }
        #expect(byTrack == [[50, 100], [160, 250], [300], [400, 500]])
    }

    /// 50,000 sessions written first, then 50,000 times a timer stop, a start and a record
    /// without a time: each record goes to the last session (the first written after it would
    /// be none) and begins a segment of its own.
    @Test(.timeLimit(.minutes(1)))
    func timerBreaksWithManySessions() throws {
        let count = 50_000
        var builder = Self.builder()
        builder.define(local: 1, global: 18, fields: [(5, 1, 0x00)])  // session: sport only
        for _ in 0..<count { builder.data(local: 1, [2]) }  // cycling
        builder.define(local: 2, global: 21, fields: [(0, 1, 0x00), (1, 1, 0x00)])  // event: timer, type
        builder.define(local: 3, global: 20, fields: [(0, 4, 0x85), (1, 4, 0x85)])  // record: position only
        for i in 0..<count {
            builder.data(local: 2, [0, 1])  // timer stop
            builder.data(local: 2, [0, 0])  // timer start
            builder.data(local: 3, le32(UInt32(i)) + le32(0))
        }
        let (result, duration) = try Self.timedRead(builder.file())
        let tracks = result.activity.tracks
        #expect(tracks.count == count)
        #expect(tracks.allSatisfy { $0.type == "cycling" })
        #expect(tracks.dropLast().allSatisfy { $0.segments.isEmpty })
        let segments = try #require(tracks.last?.segments)
        #expect(segments.count == count && segments.allSatisfy { $0.points.count == 1 })
        #expect(duration < .seconds(10))
    }

    /// 200,000 sessions naming their sport and sub-sport: the profile's names are looked up for
    /// each (FIT profile `sport` 1 running, `sub_sport` 1 treadmill; 200 is named in neither).
    @Test(.timeLimit(.minutes(1)))
    func sportNamesOfManySessions() throws {
        let count = 200_000
        var builder = Self.builder()
        builder.define(local: 1, global: 18, fields: [(5, 1, 0x00), (6, 1, 0x00)])  // session: sport, sub_sport
        for i in 0..<count { builder.data(local: 1, i % 2 == 0 ? [1, 1] : [200, 200]) }
        let (result, duration) = try Self.timedRead(builder.file())
        let totals = result.activity.tracks.map(\.deviceTotals)
        #expect(totals.count == count)
        #expect(totals.enumerated().allSatisfy { i, totals in
            i % 2 == 0 ? totals?.sport == "running" && totals?.subSport == "treadmill" : totals?.sport == "200" && totals?.subSport == "200"
        })
        #expect(duration < .seconds(10))
    }

    /// 200,000 records of one byte each (a definition without fields): 200 KB that once became
    /// 200,000 track points — 150 bytes of memory for each byte of file, 80 GB for the 512 MB a
    /// read session accepts. Past ``FITReader/Options/maximumActivityBytes`` the file is refused
    /// at the record that passes it (each record counted as a TrackPoint kept twice), also when
    /// the decoded part of damaged files is kept; under the default limit it is read whole.
    @Test func activityPastItsMemoryLimitIsRefused() throws {
        let count = 200_000
        var builder = Self.builder()
        builder.define(local: 1, global: 20, fields: [])
        let firstRecord = 14 + builder.records.count  // the 14-byte header, then the records
        builder.records += [UInt8](repeating: 1, count: count)
        let file = builder.file()
        let limit = 8 << 20
        let refusedAt = limit / (2 * MemoryLayout<TrackPoint>.stride)  // 0-based: the record past the limit
        for keepsDecodedPart in [false, true] {
            let options = FITReader.Options(keepsDecodedPartOfDamagedFile: keepsDecodedPart, maximumActivityBytes: limit)
            let error = try #require(throws: ReadError.self) { try FITTestFiles.read(bytes: file, options: options) }
            #expect(error.code == .tooLarge)
            #expect(error.offset == firstRecord + refusedAt)
            #expect(error.message.contains("\(refusedAt) records"))
        }
        let whole = try FITTestFiles.read(bytes: file)
        #expect(whole.activity.recordCount == count)
    }
}
