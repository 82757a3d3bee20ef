import Foundation
import RunCore
import RunHTTP
import RunStore
import RunStoreSQLite
@testable import RunWeb
import Testing
import TestSupport

/// Sessions over real HTTP (a token is worth nothing in another session; their number is
/// bounded), and the page cache kept per identity.
@Suite struct WebSessionAndCacheTests {
    @Test func aTokenIsRefusedInAnotherSession() throws {
        let web = try WebTestServer(files: [SharedData.corpus("sportslib-garmin.gpx")])
        let other = web.application.sessions.create(for: .localUser)
        func rename(token: String, cookie: String) throws -> HTTPTestClient.Response {
            try web.client.request("PATCH", "/api/v1/runs/1", headers: ["Content-Type": "application/json", "X-CSRF-Token": token,
                                                                         "Cookie": cookie], body: Array(#"{"name":"Renamed"}"#.utf8))
        }
        let otherCookie = "\(Session.cookieName)=\(other.id)"
        let refusals = [(other.csrfToken, web.cookie), (web.token, otherCookie), (String(repeating: "0", count: 64), web.cookie),
                        (web.token, "\(Session.cookieName)=\(String(repeating: "0", count: 64))"), (web.session.id, web.cookie)]
        for (token, cookie) in refusals {
            let refused = try rename(token: token, cookie: cookie)
            let error = try #require(try refused.json() as? [String: Any])["error"] as? [String: Any]
            #expect(refused.status == 403 && error?["code"] as? String == "csrf")
        }
        #expect(try web.library().run(id: 1).name != "Renamed")
        // Each session with its own token passes.
        #expect(try rename(token: other.csrfToken, cookie: otherCookie).status == 200)
        #expect(try rename(token: web.token, cookie: web.cookie).status == 200)
        // A form: the page's token from one session, the cookie of another.
        #expect(try web.client.get("/runs/1", headers: ["Cookie": otherCookie]).text.contains(other.csrfToken))
        #expect(try web.postForm("/runs/1/rename", [("name", "Forged")], token: other.csrfToken).status == 403)
    }

    @Test func clientsWithoutACookieCannotGrowTheSessions() throws {
        let web = try WebTestServer(configuration: WebConfiguration(sessionLimit: 4))
        var cookies: Set<String> = []
        for _ in 0..<20 {
            let page = try web.client.get("/import")
            cookies.insert(try #require(page.header("set-cookie")))
            #expect(web.application.sessions.count <= 4)
        }
        #expect(cookies.count == 20 && web.application.sessions.count == 4)
        // A JSON GET needs no token and makes no session.
        let before = web.application.sessions.count
        #expect(try web.client.get("/api/v1/runs").header("set-cookie") == nil && web.application.sessions.count == before)
    }

    @Test func twoIdentitiesNeverShareACachedPage() throws {
        // A test-only second identity, named by a header.
        let web = try WebTestServer(files: [SharedData.corpus("sportslib-garmin.gpx")]) { context in
            context.request.header("x-test-identity").map { Identity(id: $0) } ?? .localUser
        }
        let cache = web.application.cache
        for path in ["/", "/runs/1", "/api/v1/runs", "/api/v1/runs/1"] {
            let start = cache.count
            let local = try web.client.get(path, headers: ["Cookie": web.cookie])
            #expect(cache.count == start + 1, "\(path)")
            _ = try web.client.get(path, headers: ["Cookie": web.cookie])
            #expect(cache.count == start + 1, "\(path): the same identity shares its entry")
            let other = try web.client.get(path, headers: ["Cookie": web.cookie, "X-Test-Identity": "second"])
            #expect(cache.count == start + 2, "\(path): another identity gets an entry of its own")
            _ = try web.client.get(path, headers: ["Cookie": web.cookie, "X-Test-Identity": "second"])
            #expect(cache.count == start + 2, "\(path)")
            #expect(local.status == 200 && other.status == 200 && local.text == other.text, "\(path)")
        }
        // The key names the identity, so no two identities can meet in one entry.
        var context = RequestContext(request: HTTPRequest(method: "GET", path: "/"), configuration: WebConfiguration(),
                                     sessions: SessionStore(), pool: web.application.pool, assets: web.application.assets,
                                     liveFeed: web.application.liveFeed, imports: web.application.imports,
                                     downloads: web.application.downloads, trackWork: web.application.trackWork,
                                     recompute: web.application.recompute, sketches: web.application.sketches)
        let localKey = CacheMiddleware.key(context, generation: 7)
        context.identity = Identity(id: "second")
        #expect(CacheMiddleware.key(context, generation: 7) != localKey)
    }

    @Test func aCachedPageCarriesTheRequestersToken() throws {
        let web = try WebTestServer(files: [SharedData.corpus("sportslib-garmin.gpx")])
        let other = web.application.sessions.create(for: .localUser)
        let first = try web.client.get("/runs/1", headers: ["Cookie": web.cookie])
        let cached = try web.client.get("/runs/1", headers: ["Cookie": "\(Session.cookieName)=\(other.id)"])
        #expect(first.text.contains(web.token) && !first.text.contains(other.csrfToken))
        #expect(cached.text.contains(other.csrfToken) && !cached.text.contains(web.token))
        #expect(cached.text.replacingOccurrences(of: other.csrfToken, with: web.token) == first.text)
        // A client without a session gets a new one, its cookie and its token in the cached page.
        let fresh = try web.client.get("/runs/1")
        let cookie = try #require(fresh.header("set-cookie")?.split(separator: ";").first.map(String.init))
        let id = String(cookie.dropFirst(Session.cookieName.count + 1))
        let session = try #require(web.application.sessions.session(id: id))
        #expect(fresh.text.contains(session.csrfToken) && !fresh.text.contains(web.token))
    }
}
