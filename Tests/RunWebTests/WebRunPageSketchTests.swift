import Foundation
import RunCore
import RunStore
import RunStoreSQLite
import RunWeb
import Testing
import TestSupport

/// The run page drawn from the sketch stored with a run is the page drawn from its points (what a
/// run stored before sketches were kept gets, and what the page always drew before), byte for
/// byte, with any map settings; an analysis setting's recompute stores the new sketch with the
/// new numbers.
@Suite struct WebRunPageSketchTests {
    static let files = ["samples/runs/morning-10k.gpx", "samples/runs/lunch-intervals.gpx", "samples/runs/trail-hill-run.gpx",
                        "samples/runs/long-run-no-hr.gpx"].map(SharedData.repository)
        + ["sportslib-garmin.gpx", "gpsbabel-dg100.gpx"].map(SharedData.corpus) + [SharedData.fitTCX("Fr955v19.28andStryd.fit")]

    /// Every run's page, as the test's session sees it (its token in each).
    static func pages(_ web: WebTestServer, _ ids: [Int64]) throws -> [String] {
        try ids.map { id in
            let response = try web.client.get("/runs/\(id)", headers: ["Cookie": web.cookie])
            #expect(response.status == 200, "run \(id)")
            return response.text
        }
    }

    static func sql(_ web: WebTestServer, _ statement: String) throws -> String {
        let result = try ExternalTools.run("/usr/bin/sqlite3", [web.libraryPath, statement])
        try #require(result.status == 0, "\(result.error)")
        return result.output
    }

    @Test func thePageFromTheStoredSketchIsThePageFromThePoints() throws {
        let web = try WebTestServer(files: Self.files)
        _ = try RunImporter(library: try web.library()).importBytes(
            GeneratedGPX.equatorRun(name: "Equator", start: Date(timeIntervalSince1970: 1_700_000_000),
                                    waypoints: [("Fountain", "Drinking Water", 0.02), ("Top", "Summit", 0.05)]), fileName: "equator.gpx")
        let ids = try web.library().runIDs()
        #expect(ids.count >= Self.files.count + 1)
        #expect(try Self.sql(web, "SELECT count(*) FROM sketches") == "\(ids.count)\n")
        let settings = try web.settings()
        var withSketches: [[String]] = []
        let choices = [("metric", "1", "0.1"), ("imperial", "0.001", "0"), ("metric", "180", "1")]
        for (units, gap, padding) in choices {
            try settings.set("units", text: units)
            try settings.set("map.regionGap", text: gap)
            try settings.set("map.regionPadding", text: padding)
            withSketches.append(try Self.pages(web, ids))
        }
        // As a run stored before sketches were kept: drawn from its points.
        _ = try Self.sql(web, "DELETE FROM sketches")
        for ((units, gap, padding), expected) in zip(choices, withSketches) {
            try settings.set("units", text: units)
            try settings.set("map.regionGap", text: gap)
            try settings.set("map.regionPadding", text: padding)
            let fromPoints = try Self.pages(web, ids)
            for (k, id) in ids.enumerated() {
                #expect(expected[k] == fromPoints[k], "run \(id) with units \(units), gap \(gap), padding \(padding)")
            }
            #expect(fromPoints.filter { $0.contains("<polyline points=\"") }.count >= ids.count - 1)
        }
    }

    /// The page read from the packed analysis (the display unit's splits only) is the page read
    /// from the analysis' JSON (what a run stored before analyses were packed gets, and what every
    /// page read before), byte for byte, in both unit systems and languages.
    @Test func thePageFromThePackedAnalysisIsThePageFromTheJSON() throws {
        let web = try WebTestServer(files: Self.files)
        let ids = try web.library().runIDs()
        #expect(try Self.sql(web, "SELECT count(*) FROM analyses WHERE version = \(PackedAnalysis.version)") == "\(ids.count)\n")
        let settings = try web.settings()
        let choices = [("metric", "en"), ("imperial", "de")]
        var packed: [[String]] = []
        for (units, language) in choices {
            try settings.set("units", text: units)
            try settings.set("language", text: language)
            packed.append(try Self.pages(web, ids))
        }
        _ = try Self.sql(web, "DELETE FROM analyses")
        for ((units, language), expected) in zip(choices, packed) {
            try settings.set("units", text: units)
            try settings.set("language", text: language)
            let fromJSON = try Self.pages(web, ids)
            for (k, id) in ids.enumerated() { #expect(expected[k] == fromJSON[k], "run \(id) in \(units), \(language)") }
            #expect(fromJSON.filter { $0.contains(units == "metric" ? "id=\"splits-km\"" : "id=\"splits-mile\"") }.count >= ids.count - 2)
        }
    }

    /// A run without a stored sketch (stored before sketches were kept) gets the one its points
    /// give stored by its first page, once, off the request; its pages are the same before and after.
    /// The library keeps such a sketch only for a run without one and with the parameters of its numbers.
    @Test func aRunWithoutASketchGetsTheOneItsPointsGiveStoredOnce() throws {
        let web = try WebTestServer(files: [SharedData.repository("samples/runs/morning-10k.gpx"), SharedData.corpus("sportslib-garmin.gpx")])
        let ids = try web.library().runIDs()
        let withSketches = try Self.pages(web, ids)
        _ = try Self.sql(web, "DELETE FROM sketches")
        let fromPoints = try Self.pages(web, ids)
        #expect(web.application.sketches.waitUntilIdle(timeoutSeconds: 120))
        #expect(web.application.sketches.kept == ids.count)
        #expect(try Self.sql(web, "SELECT count(*) FROM sketches WHERE version = \(TrackSketch.version)") == "\(ids.count)\n")
        let library = try web.library()
        for id in ids {
            let parameters = try library.run(id: id).summary.parameters
            #expect(try library.sketch(id: id) == TrackSketch(activity: try library.activity(id: id), parameters: parameters), "run \(id)")
        }
        #expect(fromPoints == withSketches)
        #expect(try Self.pages(web, ids) == withSketches)
        // Asked once per run while the server runs: a second page of a run without one computes it again but stores nothing.
        _ = try Self.sql(web, "DELETE FROM sketches WHERE run_id = \(ids[0])")
        #expect(try Self.pages(web, [ids[0]]) == [withSketches[0]])
        #expect(web.application.sketches.waitUntilIdle(timeoutSeconds: 120) && web.application.sketches.kept == ids.count)
        // The library keeps one only for a run without one, and only with the parameters of its numbers.
        let parameters = try library.run(id: ids[0]).summary.parameters
        let sketch = TrackSketch(activity: try library.activity(id: ids[0]), parameters: parameters)
        #expect(try !library.keepSketch(sketch, id: ids[0], parameters: AnalysisParameters(sport: .cycling)))
        #expect(try library.sketch(id: ids[0]) == nil)
        #expect(try library.keepSketch(sketch, id: ids[0], parameters: parameters))
        #expect(try !library.keepSketch(sketch, id: ids[0], parameters: parameters))
        #expect(try library.sketch(id: ids[0]) == sketch)
    }

    @Test func anAnalysisSettingStoresTheNewSketchWithTheNewNumbers() throws {
        let web = try WebTestServer(files: [SharedData.corpus("sportslib-garmin.gpx"), SharedData.repository("samples/runs/lunch-intervals.gpx")])
        let ids = try web.library().runIDs()
        let before = try Self.pages(web, ids)
        let stored = try ids.map { try web.library().sketch(id: $0) }
        // Moving only above 4 m/s (4:10 per km): most of these runs become stops.
        let response = try web.postForm("/settings", [("analysis.movingSpeed", "4")])
        #expect(response.status == 303 && response.header("location") == "/settings?saved=1&recomputing=1")
        #expect(web.application.recompute.waitUntilIdle(timeoutSeconds: 120))
        let after = try Self.pages(web, ids)
        let library = try web.library()
        for (k, id) in ids.enumerated() {
            let run = try library.run(id: id)
            #expect(run.summary.parameters.movingSpeedThresholdMetersPerSecond == 4)
            let sketch = try #require(try library.sketch(id: id))
            #expect(sketch == TrackSketch(activity: try library.activity(id: id), parameters: run.summary.parameters), "run \(id)")
            // What is moving changed, and with it the pauses and the pace chart.
            #expect(sketch.pace != stored[k]?.pace && sketch.pauses != stored[k]?.pauses, "run \(id)")
            #expect(before[k] != after[k], "run \(id)")
        }
        _ = try Self.sql(web, "DELETE FROM sketches")
        #expect(try Self.pages(web, ids) == after)
    }
}
