import Foundation
import RunCore
import RunHTTP
import RunStore
import RunStoreSQLite
import RunWeb
import Testing
import TestSupport

/// Nothing a user gave is lost once accepted (issue 16): an upload answered 202 waits for the
/// library's write lock however long another writer holds it (past the store's 5 s busy
/// timeout, where it used to fail with `storeBusy`), and `runlog serve` stopped by SIGTERM
/// refuses new uploads but imports the ones it took before it exits; a second signal exits at
/// once and names those not imported. Waits are on the job's and the process's states.
@Suite struct WebImportDrainTests {
    static func run(_ index: Int) -> [UInt8] {
        GeneratedGPX.equatorRun(name: "Drained \(index)", start: Date(timeIntervalSince1970: 1_600_000_000 + Double(index) * 86_400))
    }

    /// Polls `condition` every 20 ms for up to `seconds`.
    static func wait(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    @Test func anAcceptedUploadWaitsForTheLockPastTheBusyTimeout() throws {
        let web = try WebTestServer()
        let lock = try WebImportQueueTests.WriteLock(library: web.libraryPath)
        let posted = try web.upload("/api/v1/imports", files: [("held.gpx", Self.run(1))])
        #expect(posted.status == 202)
        let id = try #require(WebTestServer.jobID(posted))
        // The job tried, met the lock past the store's busy timeout, and waits to try again.
        #expect(Self.wait(seconds: 60) { (web.application.imports.lockWaits(id: id) ?? 0) >= 1 })
        let waiting = try #require(try web.client.get("/api/v1/imports/\(id)", headers: ["Cookie": web.cookie]).json() as? [String: Any])
        #expect(waiting["state"] as? String == "running" && waiting["error"] is NSNull, "\(waiting)")
        try lock.release()
        #expect(web.waitForImport(id))
        let done = try #require(try web.client.get("/api/v1/imports/\(id)", headers: ["Cookie": web.cookie]).json() as? [String: Any])
        #expect(done["state"] as? String == "done" && (done["progress"] as? [String: Int])?["imported"] == 1, "\(done)")
        #expect(try web.library().runs().map(\.name) == ["Drained 1"])
    }

    var environment: [String: String] { ["RUNLOG_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin", "TZ": "UTC"] }
    let home = TemporaryDirectory("runlog-serve-drain")

    /// `runlog serve` on a port of its own, with the library's write lock held by the test, and
    /// one upload taken (202) through a session of its own.
    func serveWithAWaitingUpload() throws -> (serve: BackgroundProcess, client: HTTPTestClient, lock: WebImportQueueTests.WriteLock, id: String,
                                              headers: [String: String]) {
        let served = try ServeProcess(environment: environment)
        let lock = try WebImportQueueTests.WriteLock(library: home.file("library.sqlite"))
        let (type, body) = WebUploadAdmissionTests.multipart(Self.run(1), name: "drained.gpx")
        let headers = ["Content-Type": type, "Cookie": served.cookie, "X-CSRF-Token": served.token]
        let posted = try served.client.request("POST", "/api/v1/imports", headers: headers, body: body)
        #expect(posted.status == 202, "\(posted.text)")
        return (served.process, served.client, lock, try #require(WebTestServer.jobID(posted)), headers)
    }

    @Test func sigtermImportsTheUploadsTakenBeforeTheServerExits() throws {
        let (serve, client, lock, _, headers) = try serveWithAWaitingUpload()
        defer { if serve.isRunning { serve.signal(SIGKILL) } }
        serve.signal(SIGTERM)
        #expect(serve.waitUntil(timeout: 20) { $0.errorText.contains("importing the 1 upload taken first") }, "\(serve.errorText)")
        // While it drains, a new upload is refused (503 shuttingDown, Retry-After) and the server still answers.
        let refused = try client.request("POST", "/api/v1/imports", headers: headers,
                                         body: WebUploadAdmissionTests.multipart(Self.run(2), name: "late.gpx").body)
        #expect(refused.status == 503 && refused.header("retry-after") == "30", "\(refused.text)")
        #expect(((try refused.json() as? [String: Any])?["error"] as? [String: Any])?["code"] as? String == "shuttingDown")
        #expect(serve.isRunning)
        try lock.release()
        #expect(serve.wait(timeout: 60) == 0, "\(serve.errorText)")
        #expect(serve.errorText.contains("every upload taken is imported"), "\(serve.errorText)")
        #expect(try Library(path: home.file("library.sqlite")).runs().map(\.name) == ["Drained 1"])
    }

    @Test func aSecondSignalExitsAtOnceNamingTheUploadsNotImported() throws {
        let (serve, _, lock, id, _) = try serveWithAWaitingUpload()
        defer { if serve.isRunning { serve.signal(SIGKILL) } }
        serve.signal(SIGTERM)
        #expect(serve.waitUntil(timeout: 20) { $0.errorText.contains("importing the 1 upload taken first") }, "\(serve.errorText)")
        serve.signal(SIGTERM)
        #expect(serve.wait(timeout: 20) == 1, "\(serve.errorText)")
        #expect(serve.errorText.contains("1 upload was not imported: import \(id) ("), "\(serve.errorText)")
        #expect(serve.errorText.contains("drained.gpx"))
        try lock.release()
        #expect(try Library(path: home.file("library.sqlite")).runs().isEmpty)
    }

    /// An upload still arriving when SIGTERM comes is read to its end and answered 503
    /// `shuttingDown`, not cut off with no answer (breaker finding L); then the server exits.
    @Test func anUploadStillArrivingAtSigtermIsAnsweredShuttingDown() throws {
        let served = try ServeProcess(environment: environment)
        let serve = served.process
        defer { if serve.isRunning { serve.signal(SIGKILL) } }
        let (type, body) = WebUploadAdmissionTests.multipart(Self.run(3), name: "arriving.gpx")
        let upload = try DripClient(port: served.port, path: "/api/v1/imports", length: body.count,
                                    headers: ["Content-Type": type, "Cookie": served.cookie, "X-CSRF-Token": served.token])
        let half = body.count / 2
        upload.send(Array(body[..<half]))
        serve.signal(SIGTERM)
        #expect(serve.waitUntil(timeout: 20) { $0.errorText.contains("runlog: stopping") }, "\(serve.errorText)")
        #expect(serve.isRunning)
        upload.send(Array(body[half...]))
        let answer = upload.answer()
        #expect(answer?.status == 503, "\(String(describing: answer?.text))")
        #expect(((try? answer?.json() as? [String: Any])?["error"] as? [String: Any])?["code"] as? String == "shuttingDown")
        #expect(serve.wait(timeout: 20) == 0, "\(serve.errorText)")
        #expect(try Library(path: home.file("library.sqlite")).runs().isEmpty)
    }
}
