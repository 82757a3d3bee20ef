import Foundation
import RunCore
import RunHTTP
import RunStore
import RunStoreSQLite
import RunWeb
import Testing
import TestSupport

/// CSRF, escaping, the host check, body limits and error pages, over real HTTP.
@Suite struct WebSecurityTests {
    @Test func postsWithoutTheTokenAreRefused() throws {
        let web = try WebTestServer(files: [SharedData.corpus("sportslib-garmin.gpx")])
        // No token at all; a wrong token; the right token without the cookie; the right token from another origin.
        let plain = try web.client.request("POST", "/runs/1/rename", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                                           body: Array("name=Hacked".utf8))
        #expect(plain.status == 403 && plain.text.contains("Refused"))
        #expect(try web.postForm("/runs/1/rename", [("name", "Hacked")], token: String(repeating: "0", count: 64)).status == 403)
        #expect(try web.postForm("/runs/1/rename", [("name", "Hacked")], cookie: false).status == 403)
        #expect(try web.postForm("/runs/1/rename", [("name", "Hacked")], origin: "http://evil.example").status == 403)
        #expect(try web.postForm("/runs/1/delete", []).status == 303)   // the real thing passes…
        #expect(throws: LibraryError.self) { try web.library().run(id: 1) }
        // The API: PUT, PATCH, POST and DELETE need the header and the cookie.
        let api = try web.client.request("PUT", "/api/v1/settings", headers: ["Content-Type": "application/json"],
                                         body: Array("{\"units\":\"imperial\"}".utf8))
        #expect(api.status == 403)
        let error = try #require(try api.json() as? [String: Any])["error"] as? [String: Any]
        #expect(error?["code"] as? String == "csrf")
        #expect(try web.settings().snapshot()[Settings.units] == "metric")
        #expect(try web.client.request("DELETE", "/api/v1/runs/1").status == 403)
    }

    @Test func theTokenComesFromTheSessionEndpoint() throws {
        let web = try WebTestServer()
        // A session's own token, without a new cookie.
        let own = try web.client.get("/api/v1/session", headers: ["Cookie": web.cookie])
        let ownObject = try #require(try own.json() as? [String: Any])
        #expect(ownObject["csrfToken"] as? String == web.token && own.header("set-cookie") == nil)
        // Without a session: a new one, its cookie and its token, which then passes.
        let session = try web.client.get("/api/v1/session")
        let object = try #require(try session.json() as? [String: Any])
        let token = try #require(object["csrfToken"] as? String)
        let cookie = try #require(session.header("set-cookie")?.split(separator: ";").first.map(String.init))
        #expect(token.count == 64 && token != web.token && cookie.hasPrefix("runlog_session=") && !cookie.contains(token))
        let put = try web.client.request("PUT", "/api/v1/settings", headers: ["Content-Type": "application/json", "X-CSRF-Token": token,
                                                                              "Cookie": cookie], body: Array("{\"units\":\"imperial\"}".utf8))
        #expect(put.status == 200)
    }

    @Test func everyTextIsEscaped() throws {
        let web = try WebTestServer(files: [SharedData.corpus("sportslib-garmin.gpx")])
        let attack = "<script>alert(1)</script>"
        #expect(try web.postForm("/runs/1/rename", [("name", attack)]).status == 303)
        #expect(try web.postForm("/runs/1/notes", [("notes", "</textarea>\(attack)\"'")]).status == 303)
        #expect(try web.library().run(id: 1).name == attack)
        for path in ["/", "/runs/1", "/runs/1/delete"] {
            let html = try web.client.get(path).text
            #expect(!html.contains(attack), "\(path)")
            #expect(!html.contains("<script>"), "\(path)")
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(path)")
        }
        let runPage = try web.client.get("/runs/1").text
        #expect(runPage.contains("&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;</textarea>"))
        // In attributes too (the share button's title and file name).
        #expect(runPage.contains("data-share-title=\"&lt;script&gt;alert(1)&lt;/script&gt;"))
        // A name in a GPX file goes the same way.
        _ = try RunImporter(library: try web.library()).importBytes(GeneratedGPX.equatorRun(name: "<img src=x onerror=alert(2)>",
                                                                                           start: Date(timeIntervalSince1970: 1_600_000_000)),
                                                                   fileName: "x.gpx")
        let list = try web.client.get("/").text
        #expect(!list.contains("<img src=x") && list.contains("&lt;img src=x onerror=alert(2)&gt;"))
        // A refused setting's draft is shown escaped in its field.
        let refused = try web.postForm("/settings", [("map.tileURL", "\"><script>alert(3)</script>")])
        #expect(refused.status == 422 && !refused.text.contains("<script>alert(3)") && refused.text.contains("&quot;&gt;&lt;script&gt;alert(3)"))
    }

    @Test func onlyLoopbackHostsAreAnswered() throws {
        let web = try WebTestServer()
        #expect(try web.client.get("/", headers: ["Host": "evil.example:8080"]).status == 403)
        #expect(try web.client.get("/", headers: ["Host": "127.0.0.1.evil.example"]).status == 403)
        #expect(try web.client.get("/", headers: ["Host": "localhost:\(web.server.port)"]).status == 200)
        #expect(try web.client.get("/", headers: ["Host": "127.0.0.1"]).status == 200)
        #expect(try web.client.get("/", headers: ["Host": "[::1]:\(web.server.port)"]).status == 200)
    }

    @Test func errorPagesAndJSONErrors() throws {
        let web = try WebTestServer()
        let missing = try web.client.get("/no/such/page")
        #expect(missing.status == 404 && missing.header("content-type") == "text/html; charset=utf-8" && missing.text.contains("Not found"))
        #expect(try web.client.get("/runs/99").status == 404)
        #expect(try web.client.get("/runs/abc").status == 404)
        let wrongMethod = try web.client.request("DELETE", "/settings", headers: web.csrfHeaders)
        #expect(wrongMethod.status == 405 && wrongMethod.header("allow") == "GET, POST, HEAD")
        let apiMissing = try web.client.get("/api/v1/runs/99")
        #expect(apiMissing.status == 404 && apiMissing.header("content-type") == "application/json; charset=utf-8")
        let error = try #require(try apiMissing.json() as? [String: Any])["error"] as? [String: Any]
        #expect(error?["code"] as? String == "runNotFound" && (error?["message"] as? String)?.contains("99") == true)
        let apiWrongMethod = try web.client.request("POST", "/api/v1/openapi.json", headers: web.csrfHeaders)
        #expect(apiWrongMethod.status == 405 && apiWrongMethod.header("allow") == "GET, HEAD")
        #expect(try web.client.request("HEAD", "/").status == 200)
    }

    @Test func bodiesOverTheLimitGet413WithAPage() throws {
        let web = try WebTestServer(configuration: WebConfiguration(uploadLimitBytes: 64 * 1024, formLimitBytes: 4096))
        let big = GeneratedGPX.equatorRun(name: "Big", start: Date(timeIntervalSince1970: 1_600_000_000), points: 1000)
        #expect(big.count > 64 * 1024)
        let page = try web.upload("/import", files: [("big.gpx", big)])
        #expect(page.status == 413 && page.header("content-type") == "text/html; charset=utf-8")
        #expect(page.text.contains("Too large") && page.text.contains("64 KB"), "\(page.text)")
        let api = try web.upload("/api/v1/imports", files: [("big.gpx", big)])
        #expect(api.status == 413)
        #expect((try api.json() as? [String: Any])?["error"] != nil)
        #expect(try web.library().count() == 0)
        // A form over the form limit; a small upload under the limit passes.
        #expect(try web.postForm("/settings", [("units", String(repeating: "x", count: 5000))]).status == 413)
        let small = GeneratedGPX.equatorRun(name: "Small", start: Date(timeIntervalSince1970: 1_600_000_000), points: 50)
        #expect(try web.importFiles("/import", files: [("small.gpx", small)]).status == 200)
        #expect(try web.library().count() == 1)
    }

    @Test func stopsGracefully() throws {
        let web = try WebTestServer()
        let port = web.server.port
        #expect(try web.client.get("/").status == 200)
        web.server.stop()
        web.server.stop()   // twice is fine
        #expect(throws: (any Error).self) { try HTTPTestClient(port: port).get("/") }
    }
}
