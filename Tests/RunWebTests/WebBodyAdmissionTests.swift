import Foundation
import RunHTTP
import RunWeb
import Testing
import TestSupport

/// A request's body is read into memory only when its head passes what the request will be
/// checked for (issue 16, breaker finding C: 512 POSTs dripping bodies to `/nonexistent` held
/// 736 MB, a MiB each reserved before the path was looked at). Real sockets; the server's own
/// count of body bytes held in memory.
@Suite(.serialized) struct WebBodyAdmissionTests {
    /// `count` POSTs to `path` declaring a MiB, each sending 100 bytes of it and then nothing.
    private static func drips(_ count: Int, to path: String, headers: [String: String], on web: WebTestServer,
                              from source: String) throws -> [DripClient] {
        try (0..<count).map { _ in
            let client = try DripClient(port: web.server.port, path: path, length: 1 << 20, headers: headers, from: source)
            client.send([UInt8](repeating: 0x61, count: 100))
            return client
        }
    }

    private static func code(_ response: HTTPTestClient.Response?) -> String? {
        guard let body = response?.body, let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else { return nil }
        return (object["error"] as? [String: Any])?["code"] as? String
    }

    @Test func drippingBodiesRefusedByTheirHeadHoldNothing() throws {
        let web = try WebTestServer()
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        let missing = try Self.drips(40, to: "/nonexistent", headers: form, on: web, from: "127.0.0.2")
        let tokenless = try Self.drips(40, to: "/settings", headers: form, on: web, from: "127.0.0.3")
        let wrongToken = try Self.drips(20, to: "/api/v1/live/commands", headers: ["Cookie": web.cookie, "X-CSRF-Token": "not-it",
                                                                               "Content-Type": "application/json"],
                                        on: web, from: "127.0.0.4")
        let noTokenJSON = try Self.drips(20, to: "/api/v1/live/commands", headers: ["Cookie": web.cookie, "Content-Type": "application/json"],
                                         on: web, from: "127.0.0.5")
        // Each is answered at once, its body never buffered, and closed.
        let answers = (missing + tokenless + wrongToken + noTokenJSON).map { $0.answer() }
        #expect(answers[0..<40].allSatisfy { $0?.status == 404 })
        #expect(answers[40..<80].allSatisfy { $0?.status == 403 })
        #expect(answers[80...].allSatisfy { $0?.status == 403 && Self.code($0) == "csrf" })
        #expect(web.server.bufferedBodyBytes == 0)
        #expect(waitUntil(seconds: 5) { web.server.openConnectionCount == 0 })
    }

    @Test func aBodyWhoseHeadPassesIsReadAndCounted() throws {
        let web = try WebTestServer()
        // The session's form with its cookie: its token may be in the body, so the body is read (and counted) as it comes.
        let headers = ["Content-Type": "application/x-www-form-urlencoded", "Cookie": web.cookie,
                       "Origin": "http://127.0.0.1:\(web.server.port)"]
        let drips = try Self.drips(3, to: "/settings", headers: headers, on: web, from: "127.0.0.2")
        #expect(waitUntil(seconds: 5) { web.server.bufferedBodyBytes == 300 })
        // A foreign Origin is refused by the head.
        var foreign = headers
        foreign["Origin"] = "http://evil.example"
        let refused = try Self.drips(1, to: "/settings", headers: foreign, on: web, from: "127.0.0.3")
        #expect(refused[0].answer()?.status == 403)
        #expect(web.server.bufferedBodyBytes == 300)
        withExtendedLifetime(drips) {}
    }
}
