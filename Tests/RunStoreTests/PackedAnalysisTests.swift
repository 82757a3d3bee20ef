import Foundation
import RunCore
import RunFormats
import RunStore
import Testing
import TestSupport

/// `PackedAnalysis`: lossless (an analysis comes back equal to the one computed, and to its JSON
/// read back), one unit's splits read without the other's, and damaged bytes refused with
/// `StoredDataError`, never guessed at.
@Suite struct PackedAnalysisTests {
    static let files = ["samples/runs/morning-10k.gpx", "samples/runs/lunch-intervals.gpx", "samples/runs/trail-hill-run.gpx"]
        .map(SharedData.repository)
        + ["sportslib-7555261629.gpx", "gpsbabel-dg100.gpx", "sportslib-movescount.gpx", "gpswizard-0470_2022-07-16-1202.gpx"]
        .map(SharedData.corpus) + [SharedData.fitTCX("Fr955v19.28andStryd.fit")]

    static func analyses() throws -> [(name: String, analysis: RunAnalysis)] {
        try files.map { path in
            let activity = try ActivityReadSession.read(fileAt: path, options: ReadOptions(isLenient: true)).activity
            return ((path as NSString).lastPathComponent, ActivityAnalyzer.analyzeWithSketch(activity).analysis)
        }
    }

    /// Every kind of value an analysis holds, the odd ones too.
    static var handMade: RunAnalysis {
        var summary = ActivitySummary()
        summary.distanceMeters = 1609.344 * 2.5
        let km = [Split(index: 1, distanceMeters: 1000, elapsedTimeSeconds: 300.25, movingTimeSeconds: 299.125, elevationChangeMeters: -0.1,
                        averageHeartRateBPM: 151.333_333_333_333_34, isPartial: false),
                  Split(index: 2, distanceMeters: 0.5, elapsedTimeSeconds: 1e-9, movingTimeSeconds: 0, elevationChangeMeters: nil,
                        averageHeartRateBPM: nil, isPartial: true)]
        let mile = [Split(index: -3, distanceMeters: 1609.344, elapsedTimeSeconds: .greatestFiniteMagnitude, movingTimeSeconds: -0.0,
                          elevationChangeMeters: 8848.86, averageHeartRateBPM: nil, isPartial: false)]
        let cleanup = CleanupReport(entries: [
            CleanupReport.Entry(kind: .spikes, count: 7, places: ["track 1, segment 1, point 6 (2024-06-05T16:15:55Z)", "Zürich 💧 <b>"]),
            CleanupReport.Entry(kind: .elevationOutOfRange, count: Int.max, places: []),
        ])
        return RunAnalysis(summary: summary, splitsPerKilometer: km, splitsPerMile: mile,
                           bestEfforts: [BestEffort(distanceMeters: 400, elapsedTimeSeconds: 61.5, startDistanceMeters: 0.1 + 0.2,
                                                    startTimeSeconds: -12_219_292_800)],
                           heartRateZones: HeartRateZoneTimes(lowerBoundsBPM: [95, 114, 133, 152, 171], secondsInZone: [1, 2, 3, 4, 5e300],
                                                              secondsBelowZones: 0),
                           cleanup: cleanup,
                           notes: [Diagnostic(code: "gap.overSplitThreshold", message: "a gap of 3 h", line: nil, column: nil, count: 1),
                                   Diagnostic(code: "x", severity: .note, message: "", line: 12, column: -5, count: 3)])
    }

    @Test func analysesComeBackEqual() throws {
        let handMade = Self.handMade
        #expect(try PackedAnalysis.decode(PackedAnalysis.encode(handMade), summary: handMade.summary) == handMade)
        let empty = RunAnalysis(summary: ActivitySummary())
        #expect(try PackedAnalysis.decode(PackedAnalysis.encode(empty), summary: empty.summary) == empty)
        var checked = 0
        for (name, analysis) in try Self.analyses() {
            #expect(try PackedAnalysis.decode(PackedAnalysis.encode(analysis), summary: analysis.summary) == analysis, "\(name)")
            checked += analysis.splitsPerKilometer.isEmpty || analysis.bestEfforts.isEmpty ? 0 : 1
        }
        #expect(checked >= 5, "runs with splits and best efforts")
    }

    @Test func oneUnitsSplitsAreReadAlone() throws {
        for (name, analysis) in try Self.analyses() + [("hand-made", Self.handMade)] {
            let packed = PackedAnalysis.encode(analysis)
            for (units, perKilometer, perMile) in [(SplitUnits.perKilometer, analysis.splitsPerKilometer, [Split]()),
                                                   (.perMile, [], analysis.splitsPerMile), ([], [], [])] {
                var expected = analysis
                (expected.splitsPerKilometer, expected.splitsPerMile) = (perKilometer, perMile)
                #expect(try PackedAnalysis.decode(packed, summary: analysis.summary, splits: units) == expected, "\(name), \(units.rawValue)")
            }
        }
    }

    /// The analyses stored as JSON before (a library upgraded to packed analyses) pack to what
    /// their JSON reads back as; one whose summary is not the run's stays JSON.
    @Test func storedJSONPacksToWhatItReadsAs() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for (name, analysis) in try Self.analyses() {
            let json = String(decoding: try encoder.encode(analysis), as: UTF8.self)
            let summaryJSON = String(decoding: try encoder.encode(analysis.summary), as: UTF8.self)
            let packed = try #require(StoredAnalysis.packing(analysisJSON: json, summaryJSON: summaryJSON), "\(name)")
            let fromJSON = try JSONDecoder().decode(RunAnalysis.self, from: Data(json.utf8))
            #expect(try PackedAnalysis.decode(packed, summary: fromJSON.summary) == fromJSON, "\(name)")
            var other = analysis.summary
            other.distanceMeters += 1
            #expect(StoredAnalysis.packing(analysisJSON: json, summaryJSON: String(decoding: try encoder.encode(other), as: UTF8.self)) == nil)
            #expect(StoredAnalysis.packing(analysisJSON: "{", summaryJSON: summaryJSON) == nil)
        }
    }

    @Test func damagedBytesAreRefused() throws {
        let summary = Self.handMade.summary
        let packed = PackedAnalysis.encode(Self.handMade)
        for length in 0..<packed.count {
            #expect(throws: StoredDataError.self, "cut at \(length)") { try PackedAnalysis.decode(Array(packed[..<length]), summary: summary) }
        }
        #expect(throws: StoredDataError.self) { try PackedAnalysis.decode(packed + [0], summary: summary) }
        var wrongMagic = packed
        wrongMagic[0] = UInt8(ascii: "X")
        #expect(throws: StoredDataError.self) { try PackedAnalysis.decode(wrongMagic, summary: summary) }
        // An unknown clean-up kind or severity (a newer runlog's) is refused, not guessed at.
        for (known, unknown) in [("spikes", "spokes"), ("warning", "warnung")] {
            let at = try #require(packed.firstRange(of: Array(known.utf8))).lowerBound
            var renamed = packed
            renamed.replaceSubrange(at..<(at + known.utf8.count), with: Array(unknown.utf8))
            #expect(throws: StoredDataError.self, "\(unknown)") { try PackedAnalysis.decode(renamed, summary: summary) }
        }
        // A count far past the end is refused before anything is allocated for it.
        let hugeCount = Array("RAN1".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0x0F]
        #expect(throws: StoredDataError.self) { try PackedAnalysis.decode(hugeCount, summary: summary) }
        // Splits whose stated length is not theirs.
        let lying = Array("RAN1".utf8) + [29, 1] + [UInt8](repeating: 0, count: 27) + [0, 0, 0, 0, 0]
        #expect(throws: StoredDataError.self) { try PackedAnalysis.decode(lying, summary: summary) }
    }
}
