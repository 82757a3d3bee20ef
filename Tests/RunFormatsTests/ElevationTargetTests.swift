import Foundation
import RunCore
import RunFormats
import TestSupport
import Testing

/// Elevation gain by elevation source, against truths runlog does not compute:
/// - ../shared/bench/make-elevation-case.py, which knows each run's true gain (every terrain,
///   source and interval of 1, 5 and 10 s, with and without irregular fix times, seeds 1 and 2):
///   barometric and terrain-model elevation within max(10 %, 5 m), GPS-only within max(25 %, 15 m);
/// - the samples' truths (samples/README.md), within the same bounds for their sources;
/// - ../shared/cases/25 and 27.
@Suite(.serialized) struct ElevationTargetTests {
    struct GeneratedRun: Decodable {
        var file: String
        var terrain: String
        var source: String
        var interval: Double
        var seed: Int
        var jitter: Bool
        var trueGainMeters: Double
        var trueLossMeters: Double
    }

    let folder = TemporaryDirectory("runlog-elevation")

    func generate(seeds: [Int]) throws -> [GeneratedRun] {
        let result = try ExternalTools.run("/usr/bin/python3", [SharedData.repository("Tests/tools/elevation-matrix.py"),
                                                               SharedData.root.appendingPathComponent("bench/make-elevation-case.py").path,
                                                               folder.path] + seeds.map(String.init))
        guard result.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: result.error]) }
        return try JSONDecoder().decode([GeneratedRun].self, from: Data(result.output.utf8))
    }

    /// The bound for a source: max(10 %, 5 m) with a barometer or a terrain model, max(25 %, 15 m) with GPS.
    static func bound(_ source: String, truth: Double) -> Double {
        source.hasPrefix("gps") ? max(0.25 * truth, 15) : max(0.10 * truth, 5)
    }

    static let expectedSource: [String: ElevationSource] = ["baro": .barometric, "dem": .terrainModel, "gps": .gps, "gps-int": .gps]

    @Test func everyGeneratedRunIsWithinItsSourcesBound() throws {
        let runs = try generate(seeds: [1, 2])
        #expect(runs.count == 3 * 4 * 3 * 2 * 2)
        var worst: [String: Double] = [:]
        for run in runs {
            let activity = try GPXReader().read(fileAt: run.file).activity
            let s = ActivityAnalyzer.analyze(activity).summary
            let label = "\(run.terrain) \(run.source) \(run.interval) s\(run.jitter ? " jitter" : "") seed \(run.seed)"
            let gain = try #require(s.elevationGainMeters), loss = try #require(s.elevationLossMeters)
            let gainBound = Self.bound(run.source, truth: run.trueGainMeters), lossBound = Self.bound(run.source, truth: run.trueLossMeters)
            #expect(abs(gain - run.trueGainMeters) <= gainBound, "\(label): gain \(gain) against \(run.trueGainMeters)")
            #expect(abs(loss - run.trueLossMeters) <= lossBound, "\(label): loss \(loss) against \(run.trueLossMeters)")
            #expect(s.elevationSource == Self.expectedSource[run.source], "\(label): taken for \(String(describing: s.elevationSource))")
            worst[run.source] = max(worst[run.source] ?? 0, abs(gain - run.trueGainMeters) / gainBound)
        }
        print("elevation targets, seeds 1–2: worst gain error in units of the bound by source: "
              + worst.sorted { $0.key < $1.key }.map { "\($0.key) \(String(format: "%.2f", $0.value))" }.joined(separator: ", "))
    }

    /// The samples' true climbs (samples/README.md, "climb / descent m"), their sources from their
    /// makers' notes: a barometric watch, a phone's GPS, a flat track, an old logger's GPS.
    @Test(arguments: [("morning-10k.gpx", 29.0, ElevationSource.barometric), ("trail-hill-run.gpx", 357.0, .gps),
                      ("lunch-intervals.gpx", 0.0, .barometric), ("long-run-no-hr.gpx", 18.0, .gps)])
    func theSamplesAreWithinTheirSourcesBound(file: String, truth: Double, source: ElevationSource) throws {
        let activity = try GPXReader().read(fileAt: SharedData.repository("samples/runs/" + file)).activity
        let s = ActivityAnalyzer.analyze(activity).summary
        let bound = Self.bound(source == .gps ? "gps" : "baro", truth: truth)
        #expect(abs(s.elevationGainMeters! - truth) <= bound && abs(s.elevationLossMeters! - truth) <= bound,
                "\(file): +\(s.elevationGainMeters!) / -\(s.elevationLossMeters!) against \(truth)")
        // The flat track sample has no elevation noise to tell its source by: any smooth one will do.
        if truth > 0 { #expect(s.elevationSource == source, "\(file): \(String(describing: s.elevationSource))") }
    }
}
