import Foundation
import RunCLI
import RunStoreSQLite
import Testing
import TestSupport

/// A run dated 1500-03-01 shows that date in `list` and `show` text, as its JSON says (ISO 8601,
/// proleptic Gregorian); Foundation's calendar alone would print 1500-02-19 (Julian). A search
/// set for that day finds it.
@Suite struct ProlepticDateCLITests {
    let home = TemporaryDirectory("runlog-proleptic")

    func run(_ arguments: String..., zone: String = "UTC") -> (status: Int32, out: String, err: String) {
        let console = Console.capturing()
        let environment = ["RUNLOG_HOME": home.path, "HOME": home.path, "TZ": zone]
        let status = CLI.run(arguments: arguments, environment: environment, console: console, storage: SQLiteStorage.self)
        return (status, console.outputText, console.errorText)
    }

    /// Three points a minute apart on 1500-03-01 from 10:00 UTC, about 170 m apart.
    static let gpx = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="tests" xmlns="http://www.topografix.com/GPX/1/1">
        <trk><name>Old run</name><type>running</type><trkseg>
        <trkpt lat="47.000" lon="8.500"><time>1500-03-01T10:00:00Z</time></trkpt>
        <trkpt lat="47.0015" lon="8.500"><time>1500-03-01T10:01:00Z</time></trkpt>
        <trkpt lat="47.0030" lon="8.500"><time>1500-03-01T10:02:00Z</time></trkpt>
        </trkseg></trk></gpx>
        """

    @Test func listAndShowPrintTheDateTheFileHas() throws {
        let path = try home.write("old.gpx", Self.gpx)
        #expect(run("import", path).status == 0)
        let list = run("list")
        #expect(list.status == 0 && list.out.contains("1500-03-01 10:00"), "\(list.out)")
        #expect(list.out.contains("March 1500") && !list.out.contains("February 1500"), "\(list.out)")
        let show = run("show", "1")
        #expect(show.out.contains("1500-03-01 10:00"), "\(show.out)")
        #expect(run("show", "--json", "1").out.contains("\"1500-03-01T10:00:00Z\""))
        // Berlin's local mean time then, +00:53:28 (Python's zoneinfo).
        #expect(run("show", "1", zone: "Europe/Berlin").out.contains("1500-03-01 10:53"))
        #expect(run("settings", "set", "language", "de").status == 0)
        #expect(run("list").out.contains("01.03.1500 10:00"))
        // A search set for that day reads and prints the day as given, and finds the run; the next day's does not.
        #expect(run("search-sets", "create", "Old", "--from", "1500-03-01", "--to", "1500-03-01").out
                .contains("--from 1500-03-01 --to 1500-03-01"))
        #expect(run("search", "--set", "Old", "--ids").out == "1\n")
        #expect(run("search-sets", "create", "Later", "--from", "1500-03-02").status == 0)
        #expect(run("search", "--set", "Later", "--ids").out == "")
    }
}
