import Foundation
import RunCore
import RunHTTP
import RunStore
import RunStoreSQLite
import RunWeb
import Testing
import TestSupport

/// An upload costs nothing until it is plausible (issue 16): over real sockets, uploads whose
/// head lacks the session's token, comes from another origin, declares too much or no length,
/// finds the queue full or the spool budget taken are answered from their head, with the body
/// never read — the bytes written to spool files (counted by the server's budget) stay 0 and the
/// spool folder stays empty; legitimate uploads still go in, and write exactly their bodies.
@Suite struct WebUploadAdmissionTests {
    static func run(_ index: Int) -> [UInt8] {
        GeneratedGPX.equatorRun(name: "Admitted \(index)", start: Date(timeIntervalSince1970: 1_600_000_000 + Double(index) * 86_400))
    }

    /// A multipart form of one file, as the import page's form sends it.
    static func multipart(_ file: [UInt8], name: String = "run.gpx") -> (contentType: String, body: [UInt8]) {
        let boundary = "----runlogadmission"
        var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"files\"; filename=\"\(name)\"\r\n\r\n".utf8)
        body += file
        body += Array("\r\n--\(boundary)--\r\n".utf8)
        return ("multipart/form-data; boundary=\(boundary)", body)
    }

    /// A server whose spool folder is a fresh temporary folder of its own.
    static func server(_ configure: (inout WebConfiguration) -> Void = { _ in }) throws -> (WebTestServer, TemporaryDirectory) {
        let spool = TemporaryDirectory("spool")
        var configuration = WebConfiguration(spoolDirectory: spool.path)
        configure(&configuration)
        return (try WebTestServer(configuration: configuration), spool)
    }

    static func code(_ response: HTTPTestClient.Response?) -> String? {
        ((try? response?.json()) as? [String: Any]).flatMap { $0["error"] as? [String: Any] }?["code"] as? String
    }

    enum Evidence: String, CaseIterable {
        /// No cookie, no token.
        case nothing
        /// The cookie and a same-origin `Origin`, the token in the body only (as forms once sent it).
        case tokenInBodyOnly
        /// The cookie and the token, from another site's page.
        case crossOrigin
        /// The cookie and a token that is not the session's.
        case wrongToken
        /// The token of the test's session with the cookie of another.
        case anotherSessionsToken
    }

    /// 100 MB declared, 64 KiB sent, the connection held: the refusal (403 `csrf`) comes at once,
    /// nothing is written — for the API and for the page's form.
    @Test(arguments: Evidence.allCases, ["/api/v1/imports", "/import"])
    func anUploadWithoutItsTokenInTheHeadIsRefusedBeforeItsBodyIsRead(evidence: Evidence, path: String) throws {
        let (web, spool) = try Self.server()
        let origin = "http://127.0.0.1:\(web.server.port)"
        var headers = ["Content-Type": "multipart/form-data; boundary=x", "Origin": origin]
        var target = path
        switch evidence {
        case .nothing: headers["Origin"] = nil
        case .tokenInBodyOnly: headers["Cookie"] = web.cookie
        case .crossOrigin:
            headers["Cookie"] = web.cookie
            headers["Origin"] = "http://evil.example"
            if path.hasPrefix("/api/") { headers["X-CSRF-Token"] = web.token } else { target += "?csrf=\(web.token)" }
        case .wrongToken:
            headers["Cookie"] = web.cookie
            headers["X-CSRF-Token"] = String(repeating: "0", count: web.token.count)
        case .anotherSessionsToken:
            headers["Cookie"] = "\(Session.cookieName)=\(web.application.sessions.create(for: .localUser).id)"
            headers["X-CSRF-Token"] = web.token
        }
        let client = try DripClient(port: web.server.port, path: target, length: 100_000_000, headers: headers)
        client.send(Array("--x\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(web.token)\r\n".utf8) + [UInt8](repeating: 0x41, count: 64 << 10))
        let answer = client.answer()
        #expect(answer?.status == 403, "\(evidence) \(path): \(String(describing: answer?.status))")
        if path.hasPrefix("/api/") { #expect(Self.code(answer) == "csrf") }
        #expect(web.application.spoolBudget.writtenBytes == 0 && web.application.spoolBudget.reservedBytes == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool.path).isEmpty)
        #expect(web.application.imports.activeCount == 0)
    }

    /// Three tokenless clients dripping 100 MB bodies at once, a piece every 10 ms while they can:
    /// each is answered 403 and closed; not a byte reaches the disk.
    @Test func threeTokenlessDrippingClientsWriteNothing() throws {
        let (web, spool) = try Self.server()
        let clients = try (0..<3).map { _ in
            try DripClient(port: web.server.port, path: "/api/v1/imports", length: 100_000_000,
                           headers: ["Content-Type": "multipart/form-data; boundary=x"])
        }
        var piecesAfterRefusal = 0
        for client in clients {
            for _ in 0..<20 where client.send([UInt8](repeating: 0x42, count: 1024)) {
                piecesAfterRefusal += 1
                usleep(10_000)
            }
        }
        let answers = clients.map { $0.answer() }
        #expect(answers.map { $0?.status } == [403, 403, 403])
        #expect(web.application.spoolBudget.writtenBytes == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool.path).isEmpty)
        print("three tokenless dripping clients: 0 bytes spooled (\(piecesAfterRefusal) pieces of 1 KiB sent before the server's close was seen)")
    }

    /// A legitimate upload (token in the header, or in the form's action) goes in and writes its
    /// body's bytes exactly; its reservation is given back.
    @Test func legitimateUploadsWriteExactlyTheirBodies() throws {
        let (web, spool) = try Self.server()
        defer { withExtendedLifetime(spool) {} }
        let api = try web.importFiles("/api/v1/imports", files: [("one.gpx", Self.run(1))])
        #expect(api.status == 200)
        let form = try web.upload("/import", files: [("two.gpx", Self.run(2))])
        #expect(form.status == 303)
        #expect(web.waitForImport(try #require(WebTestServer.jobID(form))))
        #expect(Set(try web.library().runs().map(\.name)) == ["Admitted 1", "Admitted 2"])
        #expect(web.application.spoolBudget.writtenBytes > Self.run(1).count + Self.run(2).count)
        #expect(web.application.spoolBudget.reservedBytes == 0)
        // A body sent through the budget is its declared length exactly.
        let before = web.application.spoolBudget.writtenBytes
        let (type, body) = Self.multipart(Self.run(3))
        let client = try DripClient(port: web.server.port, path: "/api/v1/imports", length: body.count,
                                    headers: web.csrfHeaders.merging(["Content-Type": type]) { $1 })
        client.send(body)
        #expect(client.answer()?.status == 202)
        #expect(web.application.spoolBudget.writtenBytes - before == body.count)
    }

    /// A body over the upload limit, or of no declared length, is refused from its head.
    @Test func anUploadOverTheLimitOrOfNoLengthIsRefusedFromItsHead() throws {
        let (web, spool) = try Self.server { $0.uploadLimitBytes = 1 << 20 }
        let headers = web.csrfHeaders.merging(["Content-Type": "multipart/form-data; boundary=x"]) { $1 }
        let over = try DripClient(port: web.server.port, path: "/api/v1/imports", length: (1 << 20) + 1, headers: headers)
        over.send([UInt8](repeating: 0x43, count: 4096))
        let tooLarge = over.answer()
        #expect(tooLarge?.status == 413 && Self.code(tooLarge) == "tooLarge")
        let chunked = try DripClient(port: web.server.port, path: "/api/v1/imports", length: nil, headers: headers)
        chunked.send(Array("1000\r\n".utf8) + [UInt8](repeating: 0x43, count: 4096))
        let lengthless = chunked.answer()
        #expect(lengthless?.status == 411 && Self.code(lengthless) == "lengthRequired")
        #expect(web.application.spoolBudget.writtenBytes == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool.path).isEmpty)
    }

    /// With the library's write lock held the queue fills: the session's next upload is refused
    /// from its head (429 `tooManyImports`), another session's past the server's queue (503
    /// `importQueueFull`), both with `Retry-After`, nothing written for them.
    @Test func aFullQueueRefusesFromTheHead() throws {
        let (web, spool) = try Self.server {
            $0.importQueueLimit = 2
            $0.importSessionQueueLimit = 1
        }
        defer { withExtendedLifetime(spool) {} }
        let lock = try WebImportQueueTests.WriteLock(library: web.libraryPath)
        let other = web.application.sessions.create(for: .localUser), third = web.application.sessions.create(for: .localUser)
        #expect(try web.upload("/api/v1/imports", files: [("1.gpx", Self.run(1))]).status == 202)
        #expect(try web.upload("/api/v1/imports", files: [("2.gpx", Self.run(2))], session: other).status == 202)
        let written = web.application.spoolBudget.writtenBytes
        for (session, status, code) in [(web.session, 429, "tooManyImports"), (third, 503, "importQueueFull")] {
            let client = try DripClient(port: web.server.port, path: "/api/v1/imports", length: 50_000_000, headers: [
                "Content-Type": "multipart/form-data; boundary=x", "Cookie": "\(Session.cookieName)=\(session.id)", "X-CSRF-Token": session.csrfToken,
            ])
            client.send([UInt8](repeating: 0x44, count: 64 << 10))
            let answer = client.answer()
            #expect(answer?.status == status && Self.code(answer) == code && answer?.header("retry-after") != nil)
        }
        #expect(web.application.spoolBudget.writtenBytes == written)
        try lock.release()
    }

    /// Bodies being spooled at once are bounded per address (429 `tooManyUploads`) and in all
    /// (503 `uploadsBusy`, here from a second address, 127.0.0.2), both with `Retry-After`; when
    /// the first body has arrived, the refused one goes in.
    @Test func bodiesBeingSpooledAtOnceAreBoundedPerAddressAndInAll() throws {
        let (web, spool) = try Self.server {
            $0.spoolBudget = SpoolBudget.Limits(totalBytes: 300_000, perAddressBytes: 200_000, diskReserveBytes: 0)
        }
        defer { withExtendedLifetime(spool) {} }
        let (type, body) = Self.multipart(Self.run(1) + [UInt8](repeating: 0x20, count: 150_000 - Self.run(1).count))
        #expect(body.count > 150_000 && body.count < 200_000)
        let headers = web.csrfHeaders.merging(["Content-Type": type]) { $1 }
        let first = try DripClient(port: web.server.port, path: "/api/v1/imports", length: body.count, headers: headers)
        first.send(Array(body.prefix(1000)))
        // Wait until the server holds the first body's reservation (readiness, not time).
        let deadline = ContinuousClock.now + .seconds(20)
        while web.application.spoolBudget.reservedBytes == 0 && ContinuousClock.now < deadline { usleep(2000) }
        #expect(web.application.spoolBudget.reservedBytes == body.count)
        for (source, status, code) in [("127.0.0.1", 429, "tooManyUploads"), ("127.0.0.2", 503, "uploadsBusy")] {
            let client = try DripClient(port: web.server.port, path: "/api/v1/imports", length: body.count, headers: headers, from: source)
            client.send(Array(body.prefix(1000)))
            let answer = client.answer()
            #expect(answer?.status == status && Self.code(answer) == code && answer?.header("retry-after") == "10", "\(source): \(String(describing: answer?.status)) \(answer?.text ?? "")")
        }
        first.send(Array(body.dropFirst(1000)))
        #expect(first.answer()?.status == 202)
        #expect(web.application.spoolBudget.reservedBytes == 0)
        let again = try DripClient(port: web.server.port, path: "/api/v1/imports", length: body.count, headers: headers)
        again.send(body)
        #expect(again.answer()?.status == 202)
    }

    /// The breaker's finding U2: two addresses each declaring the per-address budget and
    /// dripping their bodies held the whole budget, and every other upload got 503 `uploadsBusy`.
    /// Now a third address's upload (within its share: 2 MiB / 3) goes in at once; the body of
    /// an address holding the most is cut — its bytes given back at once, its connection closed
    /// (libmicrohttpd cannot answer a body half-read) and its file dropped —, the other arrives whole.
    @Test(.timeLimit(.minutes(1)))
    func aThirdAddressUploadsWhileTwoDripBodiesHoldTheBudget() throws {
        let (web, spool) = try Self.server {
            $0.spoolBudget = SpoolBudget.Limits(totalBytes: 2 << 20, perAddressBytes: 1 << 20, diskReserveBytes: 0)
        }
        defer { withExtendedLifetime(spool) {} }
        let (type, body) = Self.multipart(Self.run(1) + [UInt8](repeating: 0x20, count: (1 << 20) - 4096 - Self.run(1).count))
        #expect(body.count <= 1 << 20 && body.count > (2 << 20) / 3)
        let headers = web.csrfHeaders.merging(["Content-Type": type]) { $1 }
        let drippers = try ["127.0.0.2", "127.0.0.3"].map { source in
            let client = try DripClient(port: web.server.port, path: "/api/v1/imports", length: body.count, headers: headers, from: source)
            client.send(Array(body.prefix(1000)))
            return client
        }
        // Readiness, not time: both bodies hold their bytes and 1,000 of each are written.
        let deadline = ContinuousClock.now + .seconds(20)
        while (web.application.spoolBudget.reservedBytes < 2 * body.count || web.application.spoolBudget.writtenBytes < 2000)
                && ContinuousClock.now < deadline { usleep(2000) }
        #expect(web.application.spoolBudget.reservedBytes == 2 * body.count)
        let newcomer = try web.upload("/api/v1/imports", files: [("new.gpx", Self.run(2))], from: "127.0.0.4")
        #expect(newcomer.status == 202, "\(newcomer.status) \(newcomer.text)")
        #expect(web.application.spoolBudget.reservedBytes == body.count, "one dripping body's bytes given back")
        // Exactly one dripper's connection is closed by the server, with no answer.
        var sockets = drippers.map { pollfd(fd: $0.socket, events: Int16(POLLIN), revents: 0) }
        #expect(poll(&sockets, 2, 10_000) == 1)
        let cut = try #require(sockets.firstIndex { $0.revents != 0 })
        #expect(drippers[cut].answer() == nil)
        // The other one arrives whole and is imported.
        let other = drippers[1 - cut]
        other.send(Array(body.dropFirst(1000)))
        #expect(other.answer()?.status == 202)
        #expect(web.application.spoolBudget.reservedBytes == 0)
    }

    /// An upload the disk has no room for (less its reserve) is refused from its head: 507
    /// `diskFull` with the room there is and `Retry-After`; on the page, in the interface language.
    @Test func anUploadTheDiskHasNoRoomForIsRefusedFromItsHead() throws {
        let (web, spool) = try Self.server {
            $0.spoolBudget = SpoolBudget.Limits(totalBytes: 1 << 30, perAddressBytes: 1 << 30, diskReserveBytes: Int.max / 2)
        }
        let api = try web.upload("/api/v1/imports", files: [("1.gpx", Self.run(1))])
        #expect(api.status == 507 && Self.code(api) == "diskFull" && api.header("retry-after") != nil)
        let error = try #require((try api.json() as? [String: Any])?["error"] as? [String: Any])
        #expect(error["availableBytes"] as? Int == 0)
        try web.settings().set("language", text: "de")
        let page = try web.upload("/import", files: [("1.gpx", Self.run(1))])
        #expect(page.status == 507 && page.text.contains("kein Platz für diesen Upload"), "\(page.text)")
        #expect(web.application.spoolBudget.writtenBytes == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: spool.path).isEmpty)
    }
}
