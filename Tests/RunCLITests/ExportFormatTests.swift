import RunStoreSQLite
import Foundation
import RunCLI
import TestSupport
import Testing

/// `runlog export` to GeoJSON and CSV, checked by Python programs that read the original GPX with
/// their own XML parser (Tests/tools/check-geojson.py, check-csv.py); and exports into folders.
@Suite struct ExportFormatTests {
    let home = TemporaryDirectory("runlog-export")
    var environment: [String: String] { ["RUNLOG_HOME": home.path, "HOME": home.path, "TZ": "UTC"] }

    @discardableResult
    func run(_ arguments: String..., input: String? = nil) -> (status: Int32, out: String, err: String) {
        let console = Console.capturing(input: input.map { Array($0.utf8) })
        let status = CLI.run(arguments: arguments, environment: environment, console: console, storage: SQLiteStorage.self)
        return (status, console.outputText, console.errorText)
    }

    func tool(_ name: String) -> String { SharedData.repository("Tests/tools/" + name) }

    /// Files with several segments and tracks, waypoints, GPX 1.0, zone-less times, one-point segments.
    @Test(arguments: ["georust-garmin_with_extensions.gpx", "gpsbabel-fitwrite-track.gpx", "georust-mousehole_to_paul.gpx",
                      "togeojson-blue_hills.gpx", "georust-caltopo-export.gpx", "goldencheetah-1292585194-20906.gpx"])
    func geoJSONAndCSVHoldTheGPXPoints(name: String) throws {
        let source = SharedData.corpus(name)
        #expect(run("import", "--no-split", source).status == 0)   // the whole file as one run
        let geojson = home.file("run.geojson"), csv = home.file("run.csv")
        #expect(run("export", "1", "--format", "geojson", "-o", geojson).status == 0)
        #expect(run("export", "1", "-o", csv).status == 0)  // the format from the extension
        let geo = try ExternalTools.run("/usr/bin/python3", [tool("check-geojson.py"), source, geojson])
        #expect(geo.status == 0, "\(geo.error)")
        let rows = try ExternalTools.run("/usr/bin/python3", [tool("check-csv.py"), source, csv])
        #expect(rows.status == 0, "\(rows.error)")
        let manifest = try #require(try TSVTable.manifest().row(where: "file", is: name))
        #expect(rows.output == "ok: \(manifest["n_trackpoints"]!) rows\n")
        #expect(geo.output.contains(", \(manifest["n_waypoints"]!) points,"))
    }

    /// A track from 179.998° to -179.998° on the equator, 30 s a step: cut at ±180 (RFC 7946
    /// §3.1.9) into two lines, the cut halfway through the step in place and time.
    @Test func aTrackOverTheAntimeridianIsCutInTwo() throws {
        let gpx = """
            <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Date line</name><trkseg>
            <trkpt lat="0" lon="179.998"><time>2026-05-15T10:00:00Z</time></trkpt>
            <trkpt lat="0" lon="179.999"><time>2026-05-15T10:00:30Z</time></trkpt>
            <trkpt lat="0.001" lon="-179.999"><time>2026-05-15T10:01:00Z</time></trkpt>
            <trkpt lat="0.001" lon="-179.998"><time>2026-05-15T10:01:30Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        #expect(run("import", try home.write("dateline.gpx", gpx)).status == 0)
        let out = run("export", "1", "--format", "geojson")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(out.out.utf8)) as? [String: Any])
        let feature = try #require((doc["features"] as? [[String: Any]])?.first)
        let geometry = try #require(feature["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "MultiLineString")
        #expect(geometry["coordinates"] as? [[[Double]]] == [[[179.998, 0], [179.999, 0], [180, 0.0005]],
                                                            [[-180, 0.0005], [-179.999, 0.001], [-179.998, 0.001]]])
        let times = (feature["properties"] as? [String: Any])?["coordTimes"] as? [[String]]
        #expect(times == [["2026-05-15T10:00:00Z", "2026-05-15T10:00:30Z", "2026-05-15T10:00:45Z"],
                          ["2026-05-15T10:00:45Z", "2026-05-15T10:01:00Z", "2026-05-15T10:01:30Z"]])
        #expect(doc["crs"] == nil)
    }

    @Test func severalRunsGoIntoAFolderUnderTheirDayAndName() throws {
        let named = { (name: String, start: String) in SyntheticGPX(name: name, start: start, pointCount: 5).text }
        #expect(run("import", try home.write("a.gpx", named("Morning Run", "2026-05-01T06:00:00Z"))).status == 0)
        #expect(run("import", try home.write("b.gpx", named("Morning Run", "2026-05-01T18:00:00Z"))).status == 0)
        #expect(run("import", try home.write("c.gpx", named(" ..a/b: c? <d> \"e\" ", "2026-05-02T06:00:00Z"))).status == 0)
        let ids = try home.write("ids.txt", "1\n\n2\n3\n")
        let folder = home.path + "/out/"
        #expect(run("export", "--ids-from", ids, "-o", folder).status == 0)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder))
                == ["2026-05-01 Morning Run.gpx", "2026-05-01 Morning Run (2).gpx", "2026-05-02 a-b- c d e.gpx"])
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) {
            #expect(try ExternalTools.schemaErrors(of: folder + file, schema: "gpx11.xsd") == nil, "\(file)")
        }
        // Exporting again replaces the files of the same name, and says so.
        let again = run("export", "3", "1", "-o", folder)
        #expect(again.out == "exported run 3 to \(folder)2026-05-02 a-b- c d e.gpx (replacing the file there)\n"
                + "exported run 1 to \(folder)2026-05-01 Morning Run.gpx (replacing the file there)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 3)
        // An extension runlog does not write: GPX, with a warning.
        let kml = run("export", "1", "-o", home.path + "/run.kml")
        #expect(kml.status == 0 && kml.err.contains("run.kml: .kml is not a format runlog writes; writing GPX"))
        // A file in a folder that does not exist: said so.
        #expect(run("export", "1", "-o", home.path + "/missing/x.gpx").err == "runlog: cannot write \(home.path)/missing/x.gpx: there is no folder \(home.path)/missing\n")
        // From standard input, as CSV; an empty list is not an error.
        #expect(run("export", "--ids-from", "-", "--format", "csv", "-o", home.path + "/csv/", input: "3\n").status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.file("csv")) == ["2026-05-02 a-b- c d e.csv"])
        let empty = run("export", "--ids-from", "-", "-o", home.path + "/none/", input: "")
        #expect(empty.status == 0 && empty.err == "runlog: note: no runs to export\n")
        let wrong = try home.write("wrong.txt", "1\nrun 2\n")
        #expect(run("export", "--ids-from", wrong, "-o", folder).err == "runlog: \(wrong):2: 'run 2' is not a run number (one per line, as 'runlog search --ids' prints them)\n")
        for arguments in [["export", "1", "2"], ["export", "1", "--format", "kml"], ["export", "1", "--original", "--format", "csv"], ["export"]] {
            let console = Console.capturing()
            #expect(CLI.run(arguments: arguments, environment: environment, console: console, storage: SQLiteStorage.self) == 64, "\(arguments)")
        }
    }
}
