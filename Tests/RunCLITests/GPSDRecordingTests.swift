import Foundation
import TestSupport
import Testing

/// `runlog record --gpsd` against a real gpsd fed by gpsfake with an NMEA log written by
/// `Tests/tools/gpx-to-nmea.py` from a sample file: the stored run's points are the log's fixes —
/// positions, times and elevations as the generator wrote them, which are the sample's points
/// to the NMEA log's resolution.
///
/// Skipped only where gpsfake cannot run at all; under CI (where scripts/install-deps.sh installs
/// gpsd and gpsd-clients) a missing gpsfake is a failure.
@Suite struct GPSDRecordingTests {
    let home = TemporaryDirectory("runlog-gpsd")
    var environment: [String: String] { ["RUNLOG_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin", "TZ": "UTC"] }

    static let canRun = GPSFake.unavailableReason == nil || ProcessInfo.processInfo.environment["CI"] != nil

    func runlog(_ arguments: [String]) throws -> ProcessResult {
        try ExternalTools.run(ExternalTools.runlogBinary, arguments, environment: environment)
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not JSON: \(text)")
    }

    /// One line of the generator's truth file.
    struct Fix {
        var latitude, longitude, time, elevation: Double              // as written in the NMEA log
        var fileLatitude, fileLongitude, fileTime, fileElevation: Double  // the sample's point
    }

    static func truth(_ path: String) throws -> [Fix] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { line in
            let v = line.split(separator: "\t").map { Double($0)! }
            return Fix(latitude: v[0], longitude: v[1], time: v[2], elevation: v[3],
                       fileLatitude: v[4], fileLongitude: v[5], fileTime: v[6], fileElevation: v[7])
        }
    }

    /// The track points of an exported GPX file (read with a pattern, not with runlog's reader).
    static func exportedPoints(_ path: String) throws -> [(latitude: Double, longitude: Double, elevation: Double?, time: Double?)] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let regex = try NSRegularExpression(pattern: #"<trkpt lat="([-0-9.]+)" lon="([-0-9.]+)">(?:<ele>([-0-9.]+)</ele>)?(?:<time>([^<]+)</time>)?"#)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            func group(_ i: Int) -> String? { Range(match.range(at: i), in: text).map { String(text[$0]) } }
            return (Double(group(1)!)!, Double(group(2)!)!, group(3).flatMap(Double.init), group(4).flatMap(utcSeconds))
        }
    }

    /// `YYYY-MM-DDThh:mm:ss[.fff]Z` to seconds since 1970, by timegm(3).
    static func utcSeconds(_ text: String) -> Double? {
        let parts = text.split(whereSeparator: { "-T:Z".contains($0) })
        guard parts.count == 6, let seconds = Double(parts[5]) else { return nil }
        var moment = tm()
        moment.tm_year = Int32(parts[0])! - 1900
        moment.tm_mon = Int32(parts[1])! - 1
        moment.tm_mday = Int32(parts[2])!
        moment.tm_hour = Int32(parts[3])!
        moment.tm_min = Int32(parts[4])!
        return Double(timegm(&moment)) + seconds
    }

    /// The files are recent: gpsd 3.22 takes a date before its release for a receiver's GPS week
    /// rollover and adds 1,024 weeks (a 2010 file is recorded in 2029).
    @Test(.enabled(if: canRun, "gpsfake cannot run here: \(GPSFake.unavailableReason ?? "")"),
          arguments: [("samples/runs/trail-hill-run.gpx", 0, 80),                    // north, east
                      ("corpus:gpswizard-0470_2022-07-16-1202.gpx", 0, 60)])       // west, below sea level; GPX 1.0
    func aRecordingFromGpsdStoresTheFixesOfTheLog(file: String, skip: Int, count: Int) throws {
        if let reason = GPSFake.unavailableReason { Issue.record("gpsfake cannot run under CI: \(reason)"); return }
        let source = file.hasPrefix("corpus:") ? SharedData.corpus(String(file.dropFirst(7))) : SharedData.repository(file)
        let log = home.file("fixes.nmea"), truthPath = home.file("truth.tsv")
        let made = try ExternalTools.run("/usr/bin/python3", [SharedData.repository("Tests/tools/gpx-to-nmea.py"), source, log, truthPath,
                                                             "--points", String(count), "--skip", String(skip), "--lead-in", "40", "--tail", "10"])
        try #require(made.status == 0, "\(made.error)")
        let truth = try Self.truth(truthPath)
        try #require(truth.count == count)

        // gpsd reads the fake device as soon as gpsfake adds it and drops what comes before a
        // client watches: hold the feed from then (40 epochs without a fix lead in, covering the
        // moment before the pause) until gpsd has confirmed the recorder's watch.
        let fake = try GPSFake(log: log, cycleSeconds: 0.05, temporaryFolder: home.path)
        defer { fake.stop() }
        try #require(fake.waitForDevice(timeout: 120), "gpsfake did not add its device to gpsd within 120 s: \(fake.errorText)")
        fake.pauseFeeding()
        let recorder = try BackgroundProcess(ExternalTools.runlogBinary, ["record", "--gpsd", "127.0.0.1:\(fake.port)"],
                                             environment: environment)
        defer { if recorder.isRunning { recorder.signal(SIGKILL); recorder.wait() } }
        // Ready when gpsd has answered the recorder's watch: the live state's message names the device.
        var listening: String?
        let watched = recorder.waitUntil(timeout: 120) { _ in
            listening = (try? json(try runlog(["live", "--once", "--json"]).output))?["message"] as? String
            return listening?.contains("is listening to /dev/") == true
        }
        try #require(watched, "gpsd did not answer the recorder's watch: \(listening ?? "no message"); \(recorder.errorText)")
        fake.resumeFeeding()

        // Every fix of the log arrives (20 sentences a second): wait for the last one, then finish.
        var last: [String: Any] = [:]
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            last = try json(try runlog(["live", "--once", "--json"]).output)
            if last["pointCount"] as? Int ?? 0 >= truth.count { break }
            usleep(200_000)
        }
        #expect(last["pointCount"] as? Int == truth.count,
                "fixes recorded: \(last["pointCount"] ?? "none"), state \(last["state"] ?? "none"), message \(last["message"] ?? "none"); gpsfake: \(fake.errorText); recorder: \(recorder.errorText)")
        #expect(last["source"] as? String == "gpsd 127.0.0.1:\(fake.port)")
        #expect(last["state"] as? String == "running")
        let finish = try runlog(["record", "finish"])
        #expect(finish.status == 0, "\(finish.error)")
        #expect(recorder.wait() == 0, "\(recorder.errorText)")
        let id = try #require(try json(try runlog(["live", "--once", "--json"]).output)["runId"] as? Int)

        let exported = home.file("recorded.gpx")
        #expect(try runlog(["export", String(id), "-o", exported]).status == 0)
        let points = try Self.exportedPoints(exported)
        let missing = truth.filter { fix in !points.contains { abs(($0.time ?? 0) - fix.time) <= 1e-6 } }.map(\.time)
        try #require(points.count == truth.count, "stored \(points.count) points, the log has \(truth.count) fixes; missing the fixes at \(missing)")
        // NMEA resolution: 0.0001 minute of arc (ddmm.mmmm), 0.01 s, 0.1 m.
        let angleResolution = 0.0001 / 60 / 2 + 1e-9, timeResolution = 0.005 + 1e-6, elevationResolution = 0.05 + 1e-9
        for (index, (point, fix)) in zip(points, truth).enumerated() {
            // As written in the log (gpsd prints degrees to 9 decimals, the export keeps them).
            #expect(abs(point.latitude - fix.latitude) <= 1e-9 && abs(point.longitude - fix.longitude) <= 1e-9, "point \(index)")
            #expect(point.elevation.map { abs($0 - fix.elevation) <= 1e-9 } == true, "point \(index): elevation \(point.elevation ?? .nan)")
            #expect(point.time.map { abs($0 - fix.time) <= 1e-6 } == true, "point \(index): time \(point.time ?? .nan) against \(fix.time)")
            // …which is the sample's point to the log's resolution.
            #expect(abs(point.latitude - fix.fileLatitude) <= angleResolution && abs(point.longitude - fix.fileLongitude) <= angleResolution)
            #expect(abs((point.time ?? 0) - fix.fileTime) <= timeResolution && abs((point.elevation ?? 0) - fix.fileElevation) <= elevationResolution)
        }
        let run = try json(try runlog(["show", String(id), "--json"]).output)
        #expect(run["trackPointCount"] as? Int == truth.count && run["segmentCount"] as? Int == 1)
    }

    /// No gpsd: the recorder says so and fails, and leaves nothing behind that blocks the next one.
    @Test func aRecorderWithoutGpsdFailsAndSaysWhy() throws {
        let port = try LoopbackSocket.freePort()
        let result = try runlog(["record", "--gpsd", "127.0.0.1:\(port)"])
        #expect(result.status == 1)
        #expect(result.error.contains("cannot connect to gpsd at 127.0.0.1:\(port)"), "\(result.error)")
        let state = try json(try runlog(["live", "--once", "--json"]).output)
        #expect(state["state"] as? String == "discarded")
        #expect((state["message"] as? String ?? "").contains("cannot connect"))
        let replay = try runlog(["record", "--replay", SharedData.repository("samples/runs/trail-hill-run.gpx"), "--speed", "100000", "--json"])
        #expect(replay.status == 0, "\(replay.error)")
        #expect(try json(replay.output)["runId"] as? Int == 1)
    }
}
