import Foundation
import RunCore
import RunFormats
import RunStore
import RunStoreSQLite
import RunUI
@testable import RunWeb
import Testing
import TestSupport

/// Errors sent to clients name no folder of the server (issue 16): a file inside one by its last
/// component; an upload's own name, a member's path inside an archive and a client's own words
/// as they are. The CLI keeps full paths.
@Suite struct WebErrorPathTests {
    /// The server's folders in these cases.
    static let folders = ["/srv/runlog", "/home/ann/.local/share/runlog/", "/var/tmp/runlog", "/a/b", "/d", "/etc/runlog"]

    @Test(arguments: [
        ("cannot open /srv/runlog/data/library.sqlite", "cannot open library.sqlite"),
        ("/srv/runlog/library.sqlite", "library.sqlite"),
        ("SQLite error 5 (in: BEGIN IMMEDIATE) at '/home/ann/.local/share/runlog/library.sqlite'.",
         "SQLite error 5 (in: BEGIN IMMEDIATE) at 'library.sqlite'."),
        ("disk full writing “/var/tmp/runlog/spool-1”, try again", "disk full writing “spool-1”, try again"),
        ("(/a/b/c.gpx; /d/e.gpx)", "(c.gpx; e.gpx)"),
        ("path=/etc/runlog/settings.json", "path=settings.json"),
        ("the folder /srv/runlog", "the folder runlog"),
        // Kept: a route, a member's path inside an archive, an upload's name, a URL, a ratio.
        ("see /settings", "see /settings"),
        ("activities/2024/run.gpx: not GPX", "activities/2024/run.gpx: not GPX"),
        ("tiles at https://tile.example.org/a/b", "tiles at https://tile.example.org/a/b"),
        ("3/4 done", "3/4 done"),
        // Kept: a client's own words that look like paths, outside the server's folders (breaker finding L).
        ("no search set '/tmp/a/b'", "no search set '/tmp/a/b'"),
        ("no search set '/srv/runlogs/x'", "no search set '/srv/runlogs/x'"),
        ("/a/bc/d", "/a/bc/d"),
    ])
    func pathsInTheServersFoldersAreCutToTheirLastComponent(text: String, expected: String) {
        #expect(ServerPaths.redacted(text, folders: Self.folders) == expected)
    }

    /// A search set named like a path comes back as it was asked for (it was "no search set 'b'").
    @Test func aClientsOwnPathLikeValueIsKept() throws {
        let web = try WebTestServer()
        let api = try web.client.get("/api/v1/search?set=/srv/club/a/b")
        #expect(api.status == 404)
        #expect(api.text.contains("/srv/club/a/b"), "\(api.text)")
    }

    @Test func errorsOfTheLayersBelowNameNoFolder() {
        ServerPaths.register(["/srv/runlog/spool"])   // as a server whose spool folder it is
        let readError = ReadError(code: .invalidCoordinate, message: "latitude out of range in /srv/runlog/spool/upload-1/morning.gpx",
                                  file: "/srv/runlog/spool/upload-1/morning.gpx", line: 3, column: 9)
        let mapped = WebError(from: readError, language: .german)
        #expect(mapped.data["file"] == .string("morning.gpx"))
        #expect(!mapped.message.contains("/srv") && mapped.pageMessage?.contains("/srv") != true)
        // A member's path inside an archive (as an upload's import names it) is the client's own: kept.
        let member = WebError(from: ReadError(code: .invalidCoordinate, message: "latitude out of range", file: "export.zip/activities/1.gpx"),
                              language: .english)
        #expect(member.data["file"] == .string("export.zip/activities/1.gpx"))
    }

    /// A real failure of the store: the library's write lock held past the busy timeout answers 503
    /// `storeBusy`, whose `location` names the database file, not the folder it is in.
    @Test func aBusyLibraryIsNamedWithoutItsFolder() throws {
        let web = try WebTestServer(files: [SharedData.repository("samples/runs/morning-10k.gpx")])
        let folder = URL(fileURLWithPath: web.libraryPath).deletingLastPathComponent().path
        let lock = try Database(path: web.libraryPath)
        try lock.execute("BEGIN IMMEDIATE")
        defer { try? lock.execute("ROLLBACK") }
        let api = try web.sendJSON("PATCH", "/api/v1/runs/1", ["notes": "Windy"])
        #expect(api.status == 503)
        let error = try #require((try api.json() as? [String: Any])?["error"] as? [String: Any])
        #expect(error["code"] as? String == "storeBusy")
        #expect(error["location"] as? String == "library.sqlite")
        #expect(!api.text.contains(folder) && !api.text.contains("\"/"), "\(api.text)")
        // The page's answer to the same failure too.
        let page = try web.postForm("/runs/1/notes", [("notes", "Windy")])
        #expect(page.status == 503 && !page.text.contains(folder))
    }

    /// A file an upload's archive holds that does not read is named by its path inside the archive.
    @Test func anUploadsFailuresNameItsOwnFiles() throws {
        let web = try WebTestServer()
        let zip = try ZipFixture.bytes(files: [(name: "activities/broken.gpx", bytes: Array("<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"99\" lon=\"0\"/>".utf8))])
        let report = try web.importFiles("/api/v1/imports", files: [("export.zip", zip)])
        #expect(report.status == 200)
        #expect(report.text.contains("broken.gpx"), "\(report.text)")
        #expect(!report.text.contains(NSTemporaryDirectory()) && !report.text.contains(web.home.url.path), "\(report.text)")
    }
}
