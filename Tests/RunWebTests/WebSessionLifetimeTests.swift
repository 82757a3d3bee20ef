import Foundation
import RunCore
import RunHTTP
import RunStore
import RunStoreSQLite
@testable import RunWeb
import Synchronization
import Testing
import TestSupport

/// When sessions begin and end, over real HTTP: only accepted requests start one (and get its
/// cookie); one unused for the idle time is over — an unsafe request naming it gets a clear
/// refusal, the page reloaded a fresh session —; a change of privilege renews it.
@Suite struct WebSessionLifetimeTests {
    /// A monotonic clock a test moves by hand.
    final class ManualClock: Sendable {
        private let seconds = Mutex(1_000.0)
        func advance(_ delta: Double) { seconds.withLock { $0 += delta } }
        var now: @Sendable () -> Double { { [self] in seconds.withLock { $0 } } }
    }

    @Test func refusedRequestsGetNoCookieAndMakeNoSession() throws {
        let web = try WebTestServer(configuration: WebConfiguration(formLimitBytes: 4096), files: [SharedData.corpus("sportslib-garmin.gpx")])
        let sessions = web.application.sessions
        let start = sessions.count
        let form = ["Content-Type": "application/x-www-form-urlencoded"]
        let refusals: [(what: String, response: HTTPTestClient.Response)] = [
            ("a page for a foreign Host", try web.client.get("/", headers: ["Host": "evil.example"])),
            ("the token for a foreign Host", try web.client.get("/api/v1/session", headers: ["Host": "evil.example:8080"])),
            ("a form without token or cookie", try web.client.request("POST", "/runs/1/rename", headers: form, body: Array("name=x".utf8))),
            ("a form naming a session the server does not know",
             try web.client.request("POST", "/runs/1/rename", headers: form.merging(["Cookie": "\(Session.cookieName)=\(String(repeating: "0", count: 64))"]) { $1 },
                                    body: Array("name=x&csrf=\(web.token)".utf8))),
            ("an API change without a token", try web.client.request("PUT", "/api/v1/settings", headers: ["Content-Type": "application/json"],
                                                                     body: Array("{\"units\":\"imperial\"}".utf8))),
            ("a page that does not exist", try web.client.get("/no/such/page")),
            ("a run that does not exist", try web.client.get("/runs/99")),
            ("a search set that does not exist (its page has a form)", try web.client.get("/search?set=Nope")),
            ("a method the address does not take", try web.client.request("DELETE", "/settings")),
            ("a body over the limit", try web.client.request("POST", "/settings", headers: form, body: Array(repeating: UInt8(ascii: "x"), count: 5000))),
        ]
        for (what, response) in refusals {
            #expect(response.status >= 400, "\(what): \(response.status)")
            #expect(response.header("set-cookie") == nil, "\(what)")
            #expect(sessions.count == start, "\(what)")
        }
        // Accepted requests that ask for a token start a session each.
        let page = try web.client.get("/import")
        #expect(page.status == 200 && page.header("set-cookie") != nil && sessions.count == start + 1)
        let token = try web.client.get("/api/v1/session")
        #expect(token.status == 200 && token.header("set-cookie") != nil && sessions.count == start + 2)
    }

    @Test func anIdleSessionEndsWithAClearRefusalAndAPageGetsAFreshOne() throws {
        let clock = ManualClock()
        let web = try WebTestServer(configuration: WebConfiguration(sessionIdleSeconds: 3600, sessionClock: clock.now),
                                    files: [SharedData.corpus("sportslib-garmin.gpx")])
        // A browser's first page: its session's cookie and token.
        let (cookie, token) = try Self.session(of: web.client.get("/runs/1"))
        func rename(_ name: String, cookie: String, token: String) throws -> HTTPTestClient.Response {
            try web.client.request("POST", "/runs/1/rename", headers: ["Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie,
                                                                       "Origin": "http://127.0.0.1:\(web.server.port)"],
                                   body: Array("name=\(name)&csrf=\(token)".utf8))
        }
        #expect(try rename("One", cookie: cookie, token: token).status == 303)
        // Each use starts the idle time again: a second under the hour, twice, still passes.
        clock.advance(3599)
        #expect(try rename("Two", cookie: cookie, token: token).status == 303)
        clock.advance(3599)
        #expect(try rename("Three", cookie: cookie, token: token).status == 303)
        // Unused for longer than the hour: over. The form is refused in words, and nothing changes.
        clock.advance(3601)
        let refused = try rename("Four", cookie: cookie, token: token)
        #expect(refused.status == 403 && refused.header("set-cookie") == nil)
        #expect(refused.text.contains("This page’s session ended: it was not used for 1 hour. Reload the page and try again; nothing was changed."))
        #expect(try web.library().run(id: 1).name == "Three")
        // The API says it by its code, with the idle time, as long as the id is remembered.
        for _ in 0..<2 {
            let api = try web.client.request("PATCH", "/api/v1/runs/1", headers: ["Content-Type": "application/json", "X-CSRF-Token": token,
                                                                                  "Cookie": cookie], body: Array(#"{"name":"Five"}"#.utf8))
            let error = try #require(try api.json() as? [String: Any])["error"] as? [String: Any]
            #expect(api.status == 403 && error?["code"] as? String == "sessionExpired" && error?["idleSeconds"] as? Int == 3600)
        }
        // The page reloaded: a fresh session — a new cookie and a new token — that passes; the old token is worth nothing in it.
        let (freshCookie, freshToken) = try Self.session(of: web.client.get("/runs/1", headers: ["Cookie": cookie]))
        #expect(freshCookie != cookie && freshToken != token)
        #expect(try rename("Five", cookie: freshCookie, token: token).status == 403)
        #expect(try rename("Five", cookie: freshCookie, token: freshToken).status == 303)
        #expect(try web.library().run(id: 1).name == "Five")
        // In German too, with the idle time in hours.
        _ = try web.settings().set(Settings.language.key, text: "de")
        clock.advance(7201)
        let german = try rename("Sechs", cookie: freshCookie, token: freshToken)
        #expect(german.status == 403
                && german.text.contains("Die Sitzung dieser Seite ist abgelaufen: Sie wurde 1 Stunde lang nicht benutzt."), "\(german.text)")
    }

    @Test func theStoreEndsIdleSessionsAndRenewsOnAChangeOfPrivilege() {
        let clock = ManualClock()
        let store = SessionStore(limit: 4, idleSeconds: 100, now: clock.now)
        let a = store.create(for: .localUser), b = store.create(for: .localUser)
        clock.advance(60)
        #expect(store.lookup(id: a.id) == .kept(a))
        clock.advance(40)   // exactly the idle time: still kept
        #expect(store.count == 2)
        clock.advance(1)    // b: 101 s unused; a: 41 s
        #expect(store.count == 1)
        #expect(store.lookup(id: b.id) == .expired && store.session(id: b.id) == nil && store.lookup(id: b.id) == .expired)
        #expect(store.lookup(id: a.id) == .kept(a) && store.lookup(id: "nothing") == .unknown)
        // A full store drops the ended id first (it was used longest ago); the kept sessions stay.
        let c = store.create(for: .localUser), d = store.create(for: .localUser), e = store.create(for: .localUser)
        #expect(store.lookup(id: b.id) == .unknown)
        #expect([a, c, d, e].allSatisfy { store.session(id: $0.id) == $0 } && store.count == 4)
        // A change of privilege: a new id and token; the old session is gone at once.
        let renewed = store.renew(a, for: Identity(id: "ana"))
        #expect(renewed.id != a.id && renewed.csrfToken != a.csrfToken && renewed.identity == Identity(id: "ana"))
        #expect(store.lookup(id: a.id) == .unknown && store.session(id: renewed.id) == renewed)
        // A removed session (made for a refused request) is forgotten.
        store.remove(id: c.id)
        #expect(store.lookup(id: c.id) == .unknown && store.count == 3)
    }

    /// The cookie (`runlog_session=…`) a response sets and the token its page carries.
    static func session(of page: HTTPTestClient.Response) throws -> (cookie: String, token: String) {
        let cookie = try #require(page.header("set-cookie")?.split(separator: ";").first.map(String.init))
        let marker = "<meta name=\"csrf-token\" content=\""
        let start = try #require(page.text.range(of: marker)).upperBound
        return (cookie, String(page.text[start...].prefix(64)))
    }
}
