import Foundation
import RunStore
import RunStorePostgres
import Testing
import TestSupport

/// Two `runlog serve` processes (the built binary) in server mode on one database: a session made
/// on one is valid on the other, ended on one it is ended on both, and a run imported through one
/// is listed by the other at once. Nothing relies on two requests reaching the same process.
@Suite(.enabled(if: TestPostgres.isEnabled, TestPostgres.skipNote))
struct ServerModeProcessTests {
    @Test func twoProcessesShareSessionsAndData() throws {
        let url = try TestPostgres.requireURL()
        let home = TemporaryDirectory("runlog-two-servers")
        let environment = ["RUNLOG_DATABASE_URL": url, "RUNLOG_HOME": home.path, "PATH": "/usr/bin:/bin"]
        let accounts = Accounts(store: try PostgresStorage.openAccountStore(url: url))
        let name = "two-\(UUID().uuidString.prefix(8))", password = "two servers, one database"
        try accounts.add(name: name, role: .runner, password: password, nowSeconds: Date().timeIntervalSince1970)
        let (first, firstClient) = try ServeProcess.start(environment: environment)
        let (second, secondClient) = try ServeProcess.start(environment: environment, arguments: ["--access-log", "off"])
        defer {
            first.signal(SIGTERM)
            second.signal(SIGTERM)
            _ = first.wait()
            _ = second.wait()
        }

        // Logged in on the first, the session works on the second.
        let browser = try LoginClient(client: firstClient).logIn((name, password))
        let elsewhere = try secondClient.get("/api/v1/runs", headers: ["Cookie": browser.cookie])
        #expect(elsewhere.status == 200, "\(elsewhere.status) \(elsewhere.text.prefix(200))")
        #expect(first.errorText.contains(" GET /api/v1/session 200 "), "the first logs each request: \(first.errorText)")
        #expect(!first.errorText.contains(browser.sessionID) && !first.errorText.contains(browser.csrfToken), "no session id or token in the log")
        #expect(!second.errorText.contains("/api/v1/runs"), "--access-log off: \(second.errorText)")

        // A run imported through the first, with a token, is listed by the second at once.
        let token = try accounts.createToken(for: name, label: "two", nowSeconds: Date().timeIntervalSince1970).token
        let boundary = "----two\(UUID().uuidString)"
        var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"files\"; filename=\"run.gpx\"\r\n\r\n".utf8)
        body += [UInt8](try Data(contentsOf: URL(fileURLWithPath: SharedData.repository("samples/runs/morning-10k.gpx"))))
        body += Array("\r\n--\(boundary)--\r\n".utf8)
        let bearer = ["Authorization": "Bearer \(token)"]
        let upload = try firstClient.request("POST", "/api/v1/imports", headers: bearer.merging(
            ["Content-Type": "multipart/form-data; boundary=\(boundary)"]) { $1 }, body: body)
        let location = try #require(upload.header("location"), "\(upload.status) \(upload.text)")
        // The job's state is asked of the process that runs it until it ended (readiness, with a deadline).
        let deadline = Date(timeIntervalSinceNow: 60)
        var state = ""
        while Date() < deadline, !["done", "failed"].contains(state) {
            state = ((try firstClient.get(location, headers: bearer).json() as? [String: Any])?["state"] as? String) ?? "?"
            if !["done", "failed"].contains(state) { usleep(50_000) }   // between asks, not instead of one
        }
        #expect(state == "done")
        let listed = try secondClient.get("/api/v1/runs", headers: ["Cookie": browser.cookie])
        #expect(listed.text.contains("\"id\":1"), "the second lists the run: \(listed.text.prefix(300))")

        // Logged out on the second, the session is over on the first too.
        let out = try secondClient.request("POST", "/logout", headers: ["Cookie": browser.cookie, "X-CSRF-Token": browser.csrfToken,
                                                                        "Origin": "http://127.0.0.1:\(secondClient.port)"])
        #expect(out.status == 303)
        #expect(try firstClient.get("/api/v1/runs", headers: ["Cookie": browser.cookie]).status == 401)
    }
}
