import RunStoreSQLite
import Foundation
import RunCLI
import TestSupport
import Testing

/// `runlog share`: the message is read back by Python's `email` package (Tests/tools/check-eml.py)
/// and its attachment validated with xmllint. The expected texts are worked out by hand from the
/// made run: 50 steps of 111.3195 m (5565.97 m = 5.57 km = 3.46 mi) in 50 × 30 s (25:00), starting
/// on Saturday 2 May 2026 (or Saturday 7 March, for a German subject that is not ASCII).
@Suite struct ShareTests {
    let home = TemporaryDirectory("runlog-share")
    var environment: [String: String] {
        ["RUNLOG_HOME": home.path, "HOME": home.path, "TZ": "UTC", "RUNLOG_NOW": "2026-05-03T09:00:00Z", "EMAIL": "ana@example.org"]
    }

    @discardableResult
    func run(_ arguments: String...) -> (status: Int32, out: String, err: String) {
        let console = Console.capturing()
        let status = CLI.run(arguments: arguments, environment: environment, console: console, storage: SQLiteStorage.self)
        return (status, console.outputText, console.errorText)
    }

    func importRun(named name: String, start: String = "2026-05-02T07:31:00Z", type: String = "running") throws {
        let gpx = SyntheticGPX(name: name, start: start, pointCount: 51, heartRate: 150, type: type)
        #expect(run("import", try home.write("run.gpx", gpx.text)).status == 0)
    }

    /// The message as a mail program reads it, with the attachment written to `attachment`.
    func parse(_ eml: String, attachment: String) throws -> [String: Any] {
        let result = try ExternalTools.run("/usr/bin/python3", [SharedData.repository("Tests/tools/check-eml.py"), eml, attachment])
        try #require(result.status == 0, "\(result.error)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(parsed["problems"] as? [String] == [])
        return parsed
    }

    @Test func englishMessageOpensWithSubjectBodyAndValidGPX() throws {
        try importRun(named: "Morning Run")
        let eml = home.file("run.eml")
        let written = run("share", "1", "-o", eml, "--to", "bo@example.com")
        #expect(written.status == 0 && written.out == "wrote run 1 as an e-mail to \(eml)\n")
        let message = try parse(eml, attachment: home.file("attached.gpx"))
        #expect(message["subject"] as? String == "Run: 5.57 km in 25:00 on Sat 2 May 2026")
        #expect(message["from"] as? String == "ana@example.org" && message["to"] as? String == "bo@example.com")
        #expect(message["attachmentName"] as? String == "2026-05-02 Morning Run.gpx")
        #expect(message["attachmentType"] as? String == "application/gpx+xml")
        #expect(message["attachmentDisposition"] as? String == "attachment")
        let body = try #require(message["body"] as? String)
        #expect(body.hasPrefix("Morning Run\nSat 2 May 2026, 07:31\n"))
        #expect(body.contains("Distance        5.57 km\n") && body.contains("Heart rate      150 bpm average, 150 bpm max\n"))
        #expect(body.contains("The GPX file is attached: 2026-05-02 Morning Run.gpx\n"))
        #expect(try ExternalTools.schemaErrors(of: home.file("attached.gpx"), schema: "gpx11.xsd") == nil)
        // The attachment is the run as 'runlog export' writes it.
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: home.file("attached.gpx")))) == Array(run("export", "1").out.utf8))
    }

    /// The subject names what the activity was: a ride is no run.
    @Test func theSubjectNamesTheSport() throws {
        try importRun(named: "Commute", type: "cycling")
        let eml = home.file("ride.eml")
        #expect(run("share", "1", "-o", eml).status == 0)
        #expect(try parse(eml, attachment: home.file("ride.gpx"))["subject"] as? String == "Ride: 5.57 km in 25:00 on Sat 2 May 2026")
    }

    @Test func germanMessageWithImperialUnitsAndNonASCIINames() throws {
        #expect(run("settings", "set", "language", "de").status == 0)
        #expect(run("settings", "set", "units", "imperial").status == 0)
        try importRun(named: "Frühlauf über die Brücke", start: "2026-03-07T07:31:00Z")  // a Saturday in März
        let console = Console.capturing()
        #expect(CLI.run(arguments: ["share", "1"], environment: environment, console: console, storage: SQLiteStorage.self) == 0)  // to standard output
        let eml = try home.write("lauf.eml", console.outputBytes)
        let message = try parse(eml, attachment: home.file("lauf.gpx"))
        #expect(message["subject"] as? String == "Lauf: 3,46 mi in 25:00 am Sa., 7. März 2026")
        #expect((message["rawSubject"] as? String)?.hasPrefix("=?utf-8?B?") == true)  // RFC 2047
        #expect(message["attachmentName"] as? String == "2026-03-07 Frühlauf über die Brücke.gpx")
        #expect(message["rfc2231"] as? Bool == true)
        let body = try #require(message["body"] as? String)
        #expect(body.hasPrefix("Frühlauf über die Brücke\nSa., 7. März 2026, 07:31\n"))
        #expect(body.contains("Distanz" + String(repeating: " ", count: 13) + "3,46 mi\n"))  // aligned with "Durchschnittstempo"
        #expect(body.contains("Die GPX-Datei ist angehängt: 2026-03-07 Frühlauf über die Brücke.gpx"))
        #expect(try ExternalTools.schemaErrors(of: home.file("lauf.gpx"), schema: "gpx11.xsd") == nil)
    }

    /// A long non-ASCII name takes RFC 2231 continuations (`filename*0*=`, `filename*1*=`) and
    /// several encoded-words; both come back whole.
    @Test func longNamesAreFoldedAndComeBackWhole() throws {
        let name = "Große Runde über Höhen und Täler — " + String(repeating: "Ä", count: 60)
        try importRun(named: name)
        let eml = home.file("long.eml")
        #expect(run("share", "1", "-o", eml).status == 0)
        let message = try parse(eml, attachment: home.file("long.gpx"))
        #expect(message["attachmentName"] as? String == "2026-05-02 \(name).gpx")
        let raw = try String(contentsOfFile: eml, encoding: .utf8)
        #expect(raw.contains("filename*0*=utf-8''") && raw.contains("filename*1*="))
    }

    /// A right-to-left override in a run's name (`invoice‮gpx.exe`, shown as `invoiceexe.xpg`)
    /// reaches no file name: not the attachment's (both header parameters and the body's line),
    /// not an exported file's.
    @Test func bidiControlsReachNoFileName() throws {
        try importRun(named: "invoice\u{202E}gpx.exe")
        let eml = home.file("spoof.eml")
        #expect(run("share", "1", "-o", eml).status == 0)
        let message = try parse(eml, attachment: home.file("spoof.gpx"))
        #expect(message["attachmentName"] as? String == "2026-05-02 invoicegpx.exe.gpx")
        let raw = try String(contentsOfFile: eml, encoding: .utf8)
        let lines = raw.components(separatedBy: "\r\n").filter { $0.contains("name") }
        #expect(lines.contains { $0.contains("filename=") } && !lines.contains { $0.uppercased().contains("E2%80%AE") || $0.contains("\u{202E}") },
                "\(lines)")
        #expect((message["body"] as? String)?.contains("attached: 2026-05-02 invoicegpx.exe.gpx\n") == true)
        let folder = home.file("exported") + "/"
        #expect(run("export", "1", "-o", folder).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["2026-05-02 invoicegpx.exe.gpx"])
    }

    @Test(arguments: ["ana", "ana@", "a b@example.org", "ana@example.org\r\nBcc: eve@example.org", "<ana@example.org>"])
    func badRecipientsAreRefused(address: String) throws {
        try importRun(named: "Morning Run")
        let result = run("share", "1", "--to", address)
        #expect(result.status == 64 && result.out.isEmpty && result.err.contains("--to cannot be"))
    }
}
