import Foundation
import RunCore
import RunHTTP
import RunFormats
import RunStore
import RunStoreSQLite
import RunWeb
import Testing
import TestSupport

/// Upload and download through the pages.
@Suite struct WebImportAndDownloadTests {
    @Test func uploadShowsTheCLIReport() throws {
        let web = try WebTestServer()
        let files = ["sportslib-garmin.gpx", "gpsbabel-globalsat_gh625XT.gpx"].map { name in
            (name, Array(FileManager.default.contents(atPath: SharedData.corpus(name))!))
        }
        let response = try web.importFiles("/import", files: files + [("notes.gpx", Array("not xml".utf8))])
        #expect(response.status == 200)
        let html = response.text
        let library = try web.library()
        for run in try library.runs() {
            #expect(html.contains("imported  run \(run.id)  \(run.name)"), "\(run.name)")
            #expect(html.contains("<a href=\"/runs/\(run.id)\">"))
        }
        #expect(html.contains("<li class=\"failed\">failed    notes.gpx</li>"))
        #expect(html.contains("2 runs imported, 0 duplicates skipped, 1 failed"))
        let again = try web.importFiles("/import", files: Array(files.prefix(1))).text
        #expect(again.contains("already in the library as run") && again.contains("0 runs imported, 1 duplicate skipped, 0 failed"))
        // Without a file: 400 with a page.
        #expect(try web.importFiles("/import", files: []).status == 400)
        // In German, the reason first in German, the reader's own words after it.
        try web.settings().set("language", text: "de")
        let german = try web.importFiles("/import", files: [("notiz.gpx", Array("kein xml".utf8))]).text
        #expect(german.contains("notiz.gpx:1:1: keine GPX-Datei (not XML"), "\(german)")
    }

    /// An export archive and a FIT file uploaded: each file of the archive reported, the run page
    /// shows the device's numbers beside runlog's.
    @Test func uploadTakesArchivesAndFIT() throws {
        let web = try WebTestServer()
        let archive = SharedData.fitTCXRoot.appendingPathComponent("archives/strava-export-sample.zip").path
        let response = try web.importFiles("/import", files: [("export.zip", Array(FileManager.default.contents(atPath: archive)!)),
                                                         ("watch.fit", Array(FileManager.default.contents(atPath: SharedData.fitTCX("Fr955v19.28andStryd.fit"))!))])
        #expect(response.status == 200)
        let html = response.text
        #expect(html.contains("export.zip:activities/2412000501.fit.gz"))
        #expect(html.contains("15 runs imported, 0 duplicates skipped, 1 failed"), "\(html)")
        let library = try web.library()
        let race = try #require(try library.runs().first { $0.name == "Night 10K race" })
        let page = try web.client.get("/runs/\(race.id)").text
        #expect(page.contains("The device’s numbers") || page.contains("The device&#39;s numbers") || page.contains("The device's numbers"))
        #expect(page.contains("10.01 km") && page.contains("Trail shoes blue"))
    }

    @Test func gpxDownloadIsStreamedSchemaValidAndNamed() throws {
        let web = try WebTestServer(files: [SharedData.corpus("sportslib-garmin.gpx")])
        let run = try web.library().run(id: 1)
        let response = try web.client.get("/runs/1/gpx")
        #expect(response.status == 200 && response.isChunked)
        #expect(response.header("content-type") == "application/gpx+xml")
        // The start day in this process's time zone, then the name.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        let day = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: try #require(run.startTimeSeconds)))
        let date = String(format: "%04d-%02d-%02d", day.year!, day.month!, day.day!)
        #expect(response.header("content-disposition") == "attachment; filename=\"\(date) \(run.name).gpx\"")
        let directory = TemporaryDirectory()
        let path = try directory.write("download.gpx", response.body)
        #expect(try ExternalTools.schemaErrors(of: path, schema: "gpx11.xsd") == nil)
        // The same bytes as the library's own export.
        let output = MemoryOutput()
        _ = try web.library().exportGPX(id: 1, to: output)
        #expect(response.body == output.bytes)
        // A name beyond ASCII gets filename* (RFC 6266, RFC 8187); a slash cannot be in a file name.
        try web.library().rename(id: 1, to: "Läufchen/am Fluss")
        let renamed = try web.client.get("/api/v1/runs/1/gpx")
        #expect(renamed.header("content-disposition")
                == "attachment; filename=\"\(date) L_ufchen-am Fluss.gpx\"; filename*=UTF-8''\(date)%20L%C3%A4ufchen-am%20Fluss.gpx")
        #expect(try web.client.get("/runs/2/gpx").status == 404)
        // A right-to-left override in the name reaches neither form (`invoice‮gpx.exe` would show as `invoiceexe.xpg`).
        try web.library().rename(id: 1, to: "invoice\u{202E}gpx.exe")
        for path in ["/runs/1/gpx", "/api/v1/runs/1/gpx"] {
            let spoofed = try web.client.get(path)
            let header = try #require(spoofed.header("content-disposition"))
            #expect(header == "attachment; filename=\"\(date) invoicegpx.exe.gpx\"", "\(path)")
            #expect(!header.contains("\u{202E}") && !header.uppercased().contains("%E2%80%AE") && !header.contains("filename*"), "\(path)")
        }
        // The run page's share button offers the same file name.
        let page = try web.client.get("/runs/1").text
        #expect(page.contains("data-share-file=\"\(date) invoicegpx.exe.gpx\""))
    }

    @Test func bigExportsStreamWhileManyRequestsAreServed() throws {
        let web = try WebTestServer()
        let gpx = GeneratedGPX.equatorRun(name: "Long", start: Date(timeIntervalSince1970: 1_600_000_000), points: 30_000)
        _ = try RunImporter(library: try web.library()).importBytes(gpx, fileName: "long.gpx")
        let client = web.client
        let results = SendableBox<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let status = (try? (i % 2 == 0 ? client.get("/runs/1/gpx") : client.get("/")).status) ?? 0
            results.mutate { $0.append(status) }
        }
        #expect(results.value == [Int](repeating: 200, count: 8))
    }
}

/// A value shared by threads in a test, behind a lock.
final class SendableBox<Value>: @unchecked Sendable {  // `value` is guarded by `lock`
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.lock(); defer { lock.unlock() }; return stored }
    func mutate(_ body: (inout Value) -> Void) { lock.lock(); body(&stored); lock.unlock() }
}
