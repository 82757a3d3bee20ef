import Foundation
import RunHTTP
@testable import RunWeb
import Testing

/// One address making sessions or imports without end pushes out only its own (issue 16): a
/// review's 2,200 requests in 0.4 s from one address made sessions that pushed everyone else's
/// out (their CSRF tokens stopped working), and other sessions' jobs pushed import reports out of
/// the 64 kept. Real sockets; 127.0.0.x are the clients.
@Suite struct WebSessionFairnessTests {
    static func address(_ last: UInt8) -> ClientAddress { ClientAddress(bytes: [127, 0, 0, last]) }

    /// A session made by `GET /api/v1/session` from `source`, its cookie sent back once (so it is
    /// in use, as a browser's is): the cookie and the token.
    static func session(_ client: HTTPTestClient) throws -> (cookie: String, token: String) {
        let first = try client.get("/api/v1/session")
        let cookie = try #require(first.header("set-cookie")?.split(separator: ";").first.map(String.init))
        let token = try #require((try first.json() as? [String: Any])?["csrfToken"] as? String)
        #expect(try client.get("/api/v1/session", headers: ["Cookie": cookie]).status == 200)
        return (cookie, token)
    }

    /// Whether a token still works: an unsafe request with it is not refused for CSRF (it names
    /// an unknown command: 422).
    static func works(_ client: HTTPTestClient, _ session: (cookie: String, token: String)) throws -> Bool {
        let response = try client.request("POST", "/api/v1/live/commands", headers: [
            "Cookie": session.cookie, "X-CSRF-Token": session.token, "Content-Type": "application/json"], body: Array(#"{"command": "x"}"#.utf8))
        return response.status != 403
    }

    @Test func aFloodOfSessionsFromOneAddressPushesOutOnlyItsOwn() throws {
        // Small limits, the same rule: 64 sessions, 8 per address.
        let web = try WebTestServer(configuration: WebConfiguration(sessionLimit: 64, sessionsPerAddress: 8))
        var browser = web.client, flooder = web.client
        browser.source = "127.0.0.30"
        flooder.source = "127.0.0.31"
        let kept = try Self.session(browser)
        // 600 requests: 300 sessions made and used once each (ten times the limit, the review's flood scaled down).
        var floods: [(cookie: String, token: String)] = []
        for _ in 0..<300 { floods.append(try Self.session(flooder)) }
        #expect(try Self.works(browser, kept), "the browser's token after 600 requests from another address")
        #expect(web.application.sessions.count <= 8 + 1 + 1)   // the flooder's 8, the browser's, the test's own
        // The flooder's own newest still work; its oldest were the ones to go.
        #expect(try Self.works(flooder, floods.last!) && !(try Self.works(flooder, floods.first!)))
    }

    @Test func theStoreGivesWayFromTheAddressHoldingTheMost() {
        let store = SessionStore(limit: 10, perAddressLimit: 6)
        let quiet = (0..<3).map { _ in store.create(for: .localUser, from: Self.address(2)) }
        for session in quiet { #expect(store.session(id: session.id) == session) }   // in use
        var busy: [Session] = []
        for _ in 0..<1000 { busy.append(store.create(for: .localUser, from: Self.address(3))) }
        // 127.0.0.3 holds its 6 (its own oldest went); 127.0.0.2's 3 are all there.
        #expect(quiet.allSatisfy { store.session(id: $0.id) != nil })
        #expect(busy.suffix(6).allSatisfy { store.session(id: $0.id) != nil } && store.session(id: busy[993].id) == nil)
        // A third address fills the store: the address holding the most (127.0.0.3, 6) gives way, not 127.0.0.2.
        let third = (0..<4).map { _ in store.create(for: .localUser, from: Self.address(4)) }
        #expect(store.count == 10)
        #expect(quiet.allSatisfy { store.session(id: $0.id) != nil } && third.allSatisfy { store.session(id: $0.id) != nil })
        #expect(busy.suffix(6).filter { store.session(id: $0.id) != nil }.count == 3)
    }

    @Test(.timeLimit(.minutes(3)))
    func anotherAddressesImportsDoNotPushAReportOut() throws {
        let web = try WebTestServer(configuration: WebConfiguration(importResultLimit: 4))
        let run = { (index: Int) in GeneratedGPX.equatorRun(name: "Fair \(index)", start: Date(timeIntervalSince1970: 1_600_000_000 + Double(index) * 86_400)) }
        let mine = web.application.sessions.create(for: .localUser, from: Self.address(40))
        let posted = try web.upload("/api/v1/imports", files: [("mine.gpx", run(0))], session: mine, from: "127.0.0.40")
        let id = try #require(WebTestServer.jobID(posted))
        #expect(web.waitForImport(id))
        // Another address's sessions import ten times the reports kept, each waiting for the last.
        var theirs: [String] = []
        for index in 1...10 {
            let other = web.application.sessions.create(for: .localUser, from: Self.address(41))
            let answer = try web.upload("/api/v1/imports", files: [("theirs.gpx", run(index))], session: other, from: "127.0.0.41")
            let job = try #require(WebTestServer.jobID(answer))
            #expect(web.waitForImport(job))
            theirs.append(job)
        }
        let cookie = ["Cookie": "\(Session.cookieName)=\(mine.id)"]
        #expect(try web.client.get("/api/v1/imports/\(id)", headers: cookie).status == 200, "my report after another address's 10 jobs")
        // The other address kept its newest 3 (4 kept in all, mine one of them).
        #expect(web.application.imports.finishedCount == 4)
    }
    /// The breaker's finding G: the import queue was limited per session, and sessions are free —
    /// one address with four sessions filled its 8 places. An accepted upload is never dropped,
    /// so a new address refused while the queue is full (503 `importQueueFull`, `Retry-After`)
    /// gets the next place that frees: the holder's next upload is refused while it is kept.
    @Test(.timeLimit(.minutes(3)))
    func aNewAddressGetsTheNextImportPlaceWhenOneAddressFillsTheQueue() throws {
        let web = try WebTestServer()
        let limit = web.application.configuration.importQueueLimit, perSession = web.application.configuration.importSessionQueueLimit
        #expect(limit == 8 && perSession == 2)
        let run = { (index: Int) in GeneratedGPX.equatorRun(name: "Queued \(index)", start: Date(timeIntervalSince1970: 1_600_000_000 + Double(index) * 86_400)) }
        let flooder = (0..<(limit / perSession)).map { _ in web.application.sessions.create(for: .localUser, from: Self.address(50)) }
        let newcomer = web.application.sessions.create(for: .localUser, from: Self.address(51))
        func upload(_ index: Int, _ session: Session, from source: String) throws -> HTTPTestClient.Response {
            try web.upload("/api/v1/imports", files: [("\(index).gpx", run(index))], session: session, from: source)
        }
        // The library's write lock held: the jobs wait.
        var lock: WebImportQueueTests.WriteLock? = try WebImportQueueTests.WriteLock(library: web.libraryPath)
        var index = 0
        for session in flooder {
            for _ in 0..<perSession {
                index += 1
                #expect(try upload(index, session, from: "127.0.0.50").status == 202)
            }
        }
        let refused = try upload(100, newcomer, from: "127.0.0.51")
        #expect(refused.status == 503 && refused.header("retry-after") == "30")
        #expect(((try? refused.json()) as? [String: Any]).flatMap { $0["error"] as? [String: Any] }?["code"] as? String == "importQueueFull")
        // The lock goes, the eight are imported; the lock again, the flooder fills what it may:
        // seven places, the eighth kept for 127.0.0.51.
        try lock?.release()
        lock = nil
        #expect(web.application.imports.waitUntilDrained(timeoutSeconds: 120))
        lock = try WebImportQueueTests.WriteLock(library: web.libraryPath)
        var accepted = 0
        for session in flooder {
            for _ in 0..<perSession {
                index += 1
                if try upload(index, session, from: "127.0.0.50").status == 202 { accepted += 1 }
            }
        }
        #expect(accepted == limit - 1 && web.application.imports.activeCount == limit - 1)
        #expect(try upload(101, newcomer, from: "127.0.0.51").status == 202)
        #expect(web.application.imports.activeCount == limit)
        try lock?.release()
        #expect(web.application.imports.waitUntilDrained(timeoutSeconds: 120))
    }
}
