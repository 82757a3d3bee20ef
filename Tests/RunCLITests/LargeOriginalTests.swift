import Foundation
import TestSupport
import Testing

/// Originals of any size are read again the way import reads them — in pieces — so recomputing
/// after a settings change works for a 24 MB file and for one over 2 GiB (libxml2 refused more
/// than 10 MB handed over at once, "Huge input lookup", and a 2 GiB piece trapped converting its
/// length to a C int).
@Suite(.serialized) struct LargeOriginalTests {
    let home = TemporaryDirectory("runlog-large")
    var environment: [String: String] { ["RUNLOG_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin", "TZ": "UTC"] }

    func runlog(_ arguments: [String]) throws -> ProcessResult {
        try ExternalTools.run(ExternalTools.runlogBinary, arguments, environment: environment)
    }

    /// The number in `"key": N` of a JSON text (the first one).
    func number(_ key: String, in json: String) -> Double? {
        guard let range = json.range(of: "\"\(key)\": ") else { return nil }
        return Double(json[range.upperBound...].prefix { "0123456789.-e".contains($0) })
    }

    /// `make-big-gpx.py 100000`: a 24 MB original, recomputed after a settings change with the
    /// numbers import gave (the moving speed changes none of them on this steady run).
    @Test func aHundredThousandPointOriginalIsRecomputedAfterASettingsChange() throws {
        let file = home.file("big.gpx")
        let made = try ExternalTools.run("/usr/bin/python3", [SharedData.root.appendingPathComponent("bench/make-big-gpx.py").path, "100000", file])
        try #require(made.status == 0, "\(made.error)")
        let size = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int ?? 0
        #expect(size > 10_000_000)
        #expect(try runlog(["import", file]).status == 0)
        let before = try runlog(["show", "1", "--json"]).output
        let change = try runlog(["settings", "set", "analysis.movingSpeed", "0.6"])
        #expect(change.status == 0, "\(change.error)")
        #expect(change.output.contains("recomputed 1 run"), "\(change.output)")
        let after = try runlog(["show", "1", "--json"]).output
        #expect(number("movingSpeedThresholdMetersPerSecond", in: after) == 0.6)
        #expect(number("distanceMeters", in: after) == number("distanceMeters", in: before))
        #expect(number("trackPointCount", in: after) == 100_000)
        let stale = try runlog(["reanalyze", "--stale", "--json"])
        #expect(stale.status == 0 && stale.output.contains("\"reanalyzed\": []"), "\(stale.output)")
    }

    /// An original of 2 GiB and more (whitespace between two points, fed through standard input, so
    /// the test writes nothing of that size to disk) is imported, recomputed after a settings
    /// change and exported as it came, in bounded memory.
    @Test func anOriginalOverTwoGibibytesIsRecomputedInBoundedMemory() throws {
        let head = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="48.0" lon="11.0"><time>2026-03-01T08:00:00Z</time></trkpt>
            """
        let tail = """
            <trkpt lat="48.009" lon="11.0"><time>2026-03-01T08:05:00Z</time></trkpt>
            </trkseg></trk></gpx>

            """
        let block = [UInt8](repeating: 0x20, count: 1 << 20)
        let blocks = 2048 + 16   // 2 GiB + 16 MiB of spaces
        let total = head.utf8.count + blocks * block.count + tail.utf8.count
        #expect(total > Int(Int32.max))

        // Import from a pipe, with the peak memory measured by time(1).
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
        process.arguments = ["-f", "maxrss_kb=%M", ExternalTools.runlogBinary, "import", "-"]
        process.environment = environment
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let writer = input.fileHandleForWriting
        writer.write(Data(head.utf8))
        for _ in 0..<blocks { writer.write(Data(block)) }
        writer.write(Data(tail.utf8))
        try writer.close()
        let imported = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let importErrors = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(imported) \(importErrors)")
        #expect(maxRSSKilobytes(importErrors) < 300_000, "\(importErrors)")

        let change = try ExternalTools.run("/usr/bin/time", ["-f", "maxrss_kb=%M", ExternalTools.runlogBinary,
                                                            "settings", "set", "analysis.movingSpeed", "0.6"], environment: environment)
        #expect(change.status == 0, "\(change.error)")
        #expect(change.output.contains("recomputed 1 run"), "\(change.output)")
        #expect(maxRSSKilobytes(change.error) < 300_000, "\(change.error)")
        let shown = try runlog(["show", "1", "--json"]).output
        #expect(number("movingSpeedThresholdMetersPerSecond", in: shown) == 0.6)
        #expect(number("trackPointCount", in: shown) == 2)
        // The original comes back whole: its size, without holding it in the test.
        let export = Process()
        export.executableURL = URL(fileURLWithPath: "/bin/sh")
        export.arguments = ["-c", "'\(ExternalTools.runlogBinary)' export 1 --original | wc -c"]
        export.environment = environment
        let count = Pipe()
        export.standardOutput = count
        try export.run()
        let exported = String(decoding: count.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        export.waitUntilExit()
        #expect(Int(exported.trimmingCharacters(in: .whitespacesAndNewlines)) == total)
    }

    /// A settings change whose recompute fails for some run stands, but exits 1 naming the runs
    /// (it used to exit 0, leaving them stale for good without a word in the exit code).
    @Test func aSettingsChangeWhoseRecomputeFailsExitsOneAndNamesTheRuns() throws {
        for name in ["24-three-segments.gpx", "25-jitter.gpx"] {
            #expect(try runlog(["import", SharedData.caseInput(name)]).status == 0)
        }
        let library = home.file("library.sqlite")
        let damaged = try ExternalTools.run("/usr/bin/sqlite3", [library, "UPDATE originals SET data = x'789c0300' WHERE id = 2"])
        try #require(damaged.status == 0, "\(damaged.error)")
        let change = try runlog(["settings", "set", "analysis.movingSpeed", "0.6"])
        #expect(change.status == 1)
        #expect(change.output.contains("analysis.movingSpeed = 0.6"))
        #expect(change.error.contains("run 2: "), "\(change.error)")
        #expect(change.error.contains("run 2 could not be recomputed"), "\(change.error)")
        #expect(try runlog(["settings", "get", "analysis.movingSpeed"]).output.contains("0.6"))
    }

    private func maxRSSKilobytes(_ stderr: String) -> Int {
        guard let range = stderr.range(of: "maxrss_kb=") else { return Int.max }
        return Int(stderr[range.upperBound...].prefix { $0.isNumber }) ?? Int.max
    }
}
