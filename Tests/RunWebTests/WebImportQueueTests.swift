import Foundation
import RunCore
import RunHTTP
import RunStore
import RunStoreSQLite
import RunWeb
import Synchronization
import Testing
import TestSupport

/// Imports leave the request's thread: with the library's write lock held by another connection
/// (as `runlog import` in another process holds it), an upload is answered at once and every other
/// request is served — on a server of one thread, where a request waiting for the lock would hold
/// up all the others — and the import completes when the lock is let go. The queue is bounded per
/// session and in all, each import is seen only by its session, and reports are kept a while.
/// Waits are on the queue's and the job's states, never on time.
@Suite struct WebImportQueueTests {
    static func run(_ index: Int) -> [UInt8] {
        GeneratedGPX.equatorRun(name: "Queued \(index)", start: Date(timeIntervalSince1970: 1_600_000_000 + Double(index) * 86_400))
    }

    /// The library's write lock, held by a connection of the test's own until released.
    final class WriteLock {
        let database: Database
        init(library path: String) throws {
            database = try Database(path: path)
            try database.execute("BEGIN IMMEDIATE")
        }
        func release() throws { try database.execute("COMMIT") }
    }

    /// A request answered, and how long it took, in seconds.
    static func timed(_ body: () throws -> HTTPTestClient.Response) rethrows -> (HTTPTestClient.Response, Double) {
        let start = ContinuousClock.now
        let response = try body()
        let elapsed = ContinuousClock.now - start
        return (response, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }

    /// The library's busy timeout (`Database`'s default): how long a request that waited for the lock would take at least.
    static let busyTimeoutSeconds = 5.0

    @Test func noRequestHoldsAWorkerWhileTheImportWaitsForTheLibrary() throws {
        let web = try WebTestServer(threadCount: 1)
        let lock = try WriteLock(library: web.libraryPath)
        let (posted, postSeconds) = try Self.timed { try web.upload("/api/v1/imports", files: [("first.gpx", Self.run(1))]) }
        #expect(posted.status == 202)
        let id = try #require(WebTestServer.jobID(posted))
        // The worker took the job; it cannot store its run while the lock is held.
        #expect(web.application.imports.waitUntilStarted(id: id, timeoutSeconds: 60))
        var slowest = postSeconds
        for path in ["/", "/api/v1/runs", "/import", "/api/v1/imports/\(id)", "/imports/\(id)"] {
            let (response, seconds) = try Self.timed { try web.client.get(path, headers: ["Cookie": web.cookie]) }
            #expect(response.status == 200, "\(path): \(response.status)")
            slowest = max(slowest, seconds)
        }
        let job = try #require(try web.client.get("/api/v1/imports/\(id)", headers: ["Cookie": web.cookie]).json() as? [String: Any])
        #expect(job["state"] as? String == "running" && (job["progress"] as? [String: Int])?["imported"] == 0)
        #expect(try web.client.get("/api/v1/runs").text.contains("\"runCount\":0"))
        // A second upload, from the page, is taken too and waits its turn.
        let second = try web.upload("/import", files: [("second.gpx", Self.run(2))])
        #expect(second.status == 303 && second.header("location")?.hasPrefix("/imports/") == true)
        let page = try web.client.get(try #require(second.header("location")), headers: ["Cookie": web.cookie]).text
        #expect(page.contains("data-state=\"queued\"") && page.contains("Waiting: 1 upload ahead of this one."), "\(page)")
        // Every answer came well before a wait for the lock could have ended.
        #expect(slowest < Self.busyTimeoutSeconds / 2, "slowest answer \(slowest) s")
        try lock.release()
        let secondID = try #require(WebTestServer.jobID(second))
        #expect(web.waitForImport(id) && web.waitForImport(secondID))
        let done = try #require(try web.client.get("/api/v1/imports/\(id)", headers: ["Cookie": web.cookie]).json() as? [String: Any])
        #expect(done["state"] as? String == "done" && (done["progress"] as? [String: Int])?["imported"] == 1)
        #expect(Set(try web.library().runs().map(\.name)) == ["Queued 1", "Queued 2"])
    }

    @Test func theQueueIsBoundedPerSessionAndInAll() throws {
        let web = try WebTestServer(configuration: WebConfiguration(importQueueLimit: 2, importSessionQueueLimit: 1))
        let other = web.application.sessions.create(for: .localUser), third = web.application.sessions.create(for: .localUser)
        let lock = try WriteLock(library: web.libraryPath)
        let first = try web.upload("/api/v1/imports", files: [("1.gpx", Self.run(1))])
        #expect(first.status == 202)
        // The session's second: 429, with when to try again.
        let again = try web.upload("/api/v1/imports", files: [("2.gpx", Self.run(2))])
        #expect(again.status == 429 && again.header("retry-after") == "30")
        let refusal = try #require((try again.json() as? [String: Any])?["error"] as? [String: Any])
        #expect(refusal["code"] as? String == "tooManyImports" && refusal["limitImports"] as? Int == 1 && refusal["retryAfterSeconds"] as? Int == 30)
        let page = try web.upload("/import", files: [("2.gpx", Self.run(2))])
        #expect(page.status == 429 && page.text.contains("1 of your uploads are waiting to be imported already"), "\(page.text)")
        // Another session's fills the queue; a third session's is refused with 503.
        #expect(try web.upload("/api/v1/imports", files: [("3.gpx", Self.run(3))], session: other).status == 202)
        let full = try web.upload("/api/v1/imports", files: [("4.gpx", Self.run(4))], session: third)
        #expect(full.status == 503 && full.header("retry-after") == "30")
        #expect(((try full.json() as? [String: Any])?["error"] as? [String: Any])?["code"] as? String == "importQueueFull")
        try web.settings().set("language", text: "de")
        let german = try web.upload("/import", files: [("4.gpx", Self.run(4))], session: third)
        #expect(german.status == 503 && german.text.contains("Beim Server warten schon 2 Uploads auf ihren Import"), "\(german.text)")
        #expect(web.application.imports.activeCount == 2)
        try lock.release()
        #expect(web.waitForImport(try #require(WebTestServer.jobID(first))))
        // Once the session's import ended, it may send the next.
        #expect(try web.importFiles("/api/v1/imports", files: [("2.gpx", Self.run(2))]).status == 200)
    }

    @Test func anImportIsSeenOnlyByItsSession() throws {
        let web = try WebTestServer()
        let posted = try web.upload("/api/v1/imports", files: [("mine.gpx", Self.run(1))])
        let id = try #require(WebTestServer.jobID(posted))
        #expect(web.waitForImport(id))
        #expect(try web.client.get("/api/v1/imports/\(id)", headers: ["Cookie": web.cookie]).status == 200)
        let other = web.application.sessions.create(for: .localUser)
        for headers in [["Cookie": "\(Session.cookieName)=\(other.id)"], [:]] {
            let api = try web.client.get("/api/v1/imports/\(id)", headers: headers)
            #expect(api.status == 404 && !api.text.contains("mine.gpx"))
            #expect(((try api.json() as? [String: Any])?["error"] as? [String: Any])?["code"] as? String == "importNotFound")
            let page = try web.client.get("/imports/\(id)", headers: headers)
            #expect(page.status == 404 && !page.text.contains("mine.gpx") && page.text.contains("There is no such import here"))
        }
        #expect(try web.client.get("/api/v1/imports/\(String(repeating: "0", count: 64))", headers: ["Cookie": web.cookie]).status == 404)
    }

    @Test func reportsAreKeptForTheirTimeOnly() throws {
        let now = Mutex(1000.0)
        let clock: @Sendable () -> Double = { now.withLock { $0 } }
        let web = try WebTestServer(configuration: WebConfiguration(sessionClock: clock, importResultSeconds: 60))
        let response = try web.importFiles("/api/v1/imports", files: [("kept.gpx", Self.run(1))])
        let id = try #require((try response.json() as? [String: Any])?["id"] as? String)
        now.withLock { $0 += 59 }
        #expect(try web.client.get("/api/v1/imports/\(id)", headers: ["Cookie": web.cookie]).status == 200)
        now.withLock { $0 += 2 }
        #expect(try web.client.get("/api/v1/imports/\(id)", headers: ["Cookie": web.cookie]).status == 404)
        // The runs stay, of course.
        #expect(try web.library().count() == 1)
    }

    /// The page after the form: under way it carries its script (no inline code) and a refresh
    /// for browsers without scripts; once done, the report, the runs' links and the form again.
    @Test func theImportPageFollowsTheImport() throws {
        let web = try WebTestServer()
        let lock = try WriteLock(library: web.libraryPath)
        let posted = try web.upload("/import", files: [("page.gpx", Self.run(1))])
        #expect(posted.status == 303)
        let location = try #require(posted.header("location"))
        let id = try #require(WebTestServer.jobID(posted))
        #expect(web.application.imports.waitUntilStarted(id: id, timeoutSeconds: 60))
        let running = try web.client.get(location, headers: ["Cookie": web.cookie]).text
        #expect(running.contains("data-state=\"running\"") && running.contains("data-job-url=\"/api/v1/imports/\(id)\""))
        #expect(running.contains("<script src=\"/static/import.js\" defer></script>"))
        #expect(running.contains("<noscript><meta http-equiv=\"refresh\" content=\"2\"></noscript>"))
        #expect(running.contains("Importing file 1 of 1: 0 runs stored so far, 0 failed."), "\(running)")
        #expect(!running.contains("<form method=\"post\" action=\"/import"))
        try lock.release()
        #expect(web.waitForImport(id))
        let done = try web.client.get(location, headers: ["Cookie": web.cookie]).text
        let run = try #require(try web.library().runs().first)
        #expect(done.contains("data-state=\"done\"") && !done.contains("/static/import.js") && !done.contains("http-equiv=\"refresh\""))
        #expect(done.contains("imported  run \(run.id)  Queued 1") && done.contains("<a href=\"/runs/\(run.id)\">Queued 1</a>"))
        #expect(done.contains("<li class=\"totals\">1 run imported, 0 duplicates skipped, 0 failed</li>"))
        // The form carries the session's token in its action too: an upload is checked from its head.
        #expect(done.contains("<form method=\"post\" action=\"/import?csrf=\(web.token)\""))
        let script = try web.client.get("/static/import.js")
        #expect(script.status == 200 && script.header("content-type") == "text/javascript; charset=utf-8" && script.text.contains("jobUrl"))
    }
}
