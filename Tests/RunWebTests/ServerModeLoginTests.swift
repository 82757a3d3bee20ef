import Foundation
import RunHTTP
import RunStore
import RunWeb
import Testing
import TestSupport

/// Server mode's login, logout and sessions against the tests' PostgreSQL server: CSRF on both,
/// a new id at login, logout and expiry ending a session, the throttle, disabled users and resets.
@Suite(.enabled(if: TestPostgres.isEnabled, TestPostgres.skipNote))
struct ServerModeLoginTests {
    @Test func nobodyIsRedirectedOrRefused() throws {
        let web = try ServerModeTestServer()
        let page = try web.client.get("/runs/1?x=1")
        #expect(page.status == 303 && page.header("location") == "/login?next=/runs/1%3Fx%3D1", "\(page.status) \(page.headers)")
        let api = try web.client.get("/api/v1/runs")
        #expect(api.status == 401 && ServerModeTestServer.code(api) == "unauthenticated")
        #expect(api.header("www-authenticate") == "Bearer realm=\"runlog\"")
        let form = try web.client.get("/login")
        #expect(form.status == 200 && form.text.contains("type=\"password\""))
        // A login posted from elsewhere, or without the form's token, is refused before any check.
        let user = try web.addUser("csrf")
        let loginForm = try web.loginForm()
        #expect(try web.postLogin(name: user.name, password: user.password, form: (loginForm.token, "runlog_login=" + String(repeating: "0", count: 64))).status == 403)
        #expect(try web.postLogin(name: user.name, password: user.password, form: (String(repeating: "a", count: 64), loginForm.cookie)).status == 403)
        let foreign = try web.postLogin(name: user.name, password: user.password, form: loginForm, origin: "http://evil.example")
        #expect(foreign.status == 403 && ServerModeTestServer.sessionID(in: foreign) == nil)
        let accepted = try web.postLogin(name: user.name, password: user.password, form: loginForm)
        #expect(accepted.status == 303 && accepted.header("location") == "/")
        let cookie = try #require(accepted.header("set-cookie")?.split(separator: "\n").first { $0.hasPrefix("runlog_session=") })
        let attributes = Set(cookie.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(attributes == ["Path=/", "HttpOnly", "SameSite=Lax"], "\(cookie)")
        let id = try #require(ServerModeTestServer.sessionID(in: accepted))
        #expect(id.count == 64 && id.allSatisfy(\.isHexDigit), "256 bits in hex: \(id)")
        #expect(try web.client.get("/api/v1/runs", headers: ["Cookie": "runlog_session=\(id)"]).status == 200)
    }

    @Test func anHTTPSPublicURLMakesTheCookieSecureAndNamesTheOrigin() throws {
        let web = try ServerModeTestServer { $0.publicURL = URL(string: "https://runs.example.org") }
        let user = try web.addUser("secure")
        let form = try web.loginForm()
        #expect(try web.postLogin(name: user.name, password: user.password, form: form).status == 403, "http://Host is not the public origin")
        let answer = try web.postLogin(name: user.name, password: user.password, form: form, origin: "https://runs.example.org")
        #expect(answer.status == 303)
        let cookie = try #require(answer.header("set-cookie")?.split(separator: "\n").first { $0.hasPrefix("runlog_session=") })
        #expect(cookie.hasSuffix("; Secure"), "\(cookie)")
    }

    /// Session fixation: the id a browser held before logging in — one planted, or a session of
    /// its own — is never the one after, and a session it named ends.
    @Test func loggingInMakesANewSession() throws {
        let web = try ServerModeTestServer()
        let user = try web.addUser("fixation")
        let first = try web.logIn(user)
        let planted = "runlog_session=" + String(repeating: "ab", count: 32)
        let second = try web.postLogin(name: user.name, password: user.password, extraCookie: first.cookie)
        let third = try web.postLogin(name: user.name, password: user.password, extraCookie: planted)
        let ids = [first.sessionID, try #require(ServerModeTestServer.sessionID(in: second)), try #require(ServerModeTestServer.sessionID(in: third))]
        #expect(Set(ids).count == 3 && !ids.contains(String(repeating: "ab", count: 32)))
        let old = try web.request("GET", "/api/v1/runs", as: first)
        #expect(old.status == 401, "the session named at the login ended: \(old.status)")
        #expect(old.header("set-cookie")?.contains("Max-Age=0") == true, "its cookie is cleared")
    }

    @Test func loggingOutNeedsTheTokenAndEndsTheSession() throws {
        let web = try ServerModeTestServer()
        let browser = try web.logIn(try web.addUser("logout"))
        let page = try web.request("GET", "/", as: browser)
        #expect(page.status == 200 && page.text.contains("action=\"/logout\"") && page.text.contains(browser.name))
        let withoutToken = try web.client.request("POST", "/logout", headers: ["Cookie": browser.cookie, "Origin": web.origin])
        #expect(withoutToken.status == 403 && ServerModeTestServer.code(withoutToken) == nil)
        let foreign = try web.client.request("POST", "/logout", headers: ["Cookie": browser.cookie, "Origin": "http://evil.example",
                                                                        "X-CSRF-Token": browser.csrfToken])
        #expect(foreign.status == 403)
        #expect(try web.request("GET", "/api/v1/runs", as: browser).status == 200, "a refused logout ends nothing")
        let out = try web.request("POST", "/logout", as: browser, body: Array("csrf=\(browser.csrfToken)".utf8),
                                  contentType: "application/x-www-form-urlencoded")
        #expect(out.status == 303 && out.header("location") == "/login" && out.header("set-cookie")?.contains("Max-Age=0") == true)
        #expect(try web.request("GET", "/api/v1/runs", as: browser).status == 401)
        #expect(try web.request("GET", "/", as: browser).status == 303)
    }

    @Test func sessionsExpireIdleAndAbsolutely() throws {
        let web = try ServerModeTestServer()
        let user = try web.addUser("expiry")
        let idle = try web.logIn(user)
        web.advance(seconds: LoginSessions.defaultIdleSeconds - 120)
        #expect(try web.request("GET", "/api/v1/runs", as: idle).status == 200, "used within its idle time")
        web.advance(seconds: LoginSessions.defaultIdleSeconds + 1)
        #expect(try web.request("GET", "/api/v1/runs", as: idle).status == 401, "unused for more than 12 hours")

        let busy = try web.logIn(user)
        var elapsed = 0.0
        while elapsed + 11 * 3600 < LoginSessions.defaultAbsoluteSeconds {
            web.advance(seconds: 11 * 3600)
            elapsed += 11 * 3600
            #expect(try web.request("GET", "/api/v1/runs", as: busy).status == 200, "used every 11 hours, at \(elapsed) s")
        }
        web.advance(seconds: LoginSessions.defaultAbsoluteSeconds - elapsed + 1)
        #expect(try web.request("GET", "/api/v1/runs", as: busy).status == 401, "over 7 days after its login, however used")
    }

    /// An unknown name and a wrong password get the same page; five failures for a name make the
    /// next attempt wait a second, then two …; a right password during the wait is refused too.
    @Test func failedLoginsAreThrottledAndAlike() throws {
        let web = try ServerModeTestServer()
        let user = try web.addUser("throttle")
        let form = try web.loginForm()
        let unknown = try web.postLogin(name: "nobody-\(UUID())", password: "whatever it is", form: form)
        let wrong = try web.postLogin(name: user.name, password: "not the password", form: form)
        #expect(unknown.status == 401 && wrong.status == 401)
        #expect(unknown.text == wrong.text, "the same page for an unknown user and a wrong password")
        for _ in 0..<4 { #expect(try web.postLogin(name: user.name, password: "still wrong", form: form).status == 401) }
        let throttled = try web.postLogin(name: user.name, password: user.password, form: form)
        #expect(throttled.status == 429 && throttled.header("retry-after") == "1", "after 5 failures: \(throttled.status)")
        web.advance(seconds: 1.5)
        #expect(try web.postLogin(name: user.name, password: "wrong again", form: form).status == 401)
        web.advance(seconds: 1)
        #expect(try web.postLogin(name: user.name, password: user.password, form: form).status == 429, "6 failures: 2 s")
        web.advance(seconds: 1.5)
        #expect(try web.postLogin(name: user.name, password: user.password, form: form).status == 303)
        // The address's count: 20 failures from 127.0.0.2 under names never seen make a 21st wait.
        for index in 0..<20 {
            #expect(try web.postLogin(name: "guess-\(index)-\(UUID())", password: "password \(index)", form: form, from: "127.0.0.2").status == 401)
        }
        #expect(try web.postLogin(name: user.name, password: user.password, form: form, from: "127.0.0.2").status == 429)
        #expect(try web.postLogin(name: user.name, password: user.password, form: form).status == 303, "another address is not held up")
    }

    @Test func disablingAndResettingEndSessionsAndTokens() throws {
        let web = try ServerModeTestServer()
        let user = try web.addUser("disabled")
        let accounts = try web.accounts()
        let browser = try web.logIn(user)
        let token = try accounts.createToken(for: user.name, label: "script", nowSeconds: Date().timeIntervalSince1970).token
        try accounts.setDisabled(true, name: user.name)
        #expect(try web.request("GET", "/api/v1/runs", as: browser).status == 401, "disabling ended the session")
        let refused = try web.client.get("/api/v1/runs", headers: ["Authorization": "Bearer \(token)"])
        #expect(refused.status == 401 && ServerModeTestServer.code(refused) == "invalidToken")
        #expect(try web.postLogin(name: user.name, password: user.password).status == 403, "a disabled user cannot log in")
        try accounts.setDisabled(false, name: user.name)
        #expect(try web.client.get("/api/v1/runs", headers: ["Authorization": "Bearer \(token)"]).status == 200, "enabled: the token again")
        let again = try web.logIn(user)
        let ended = try accounts.resetPassword(of: user.name, to: "a new pass phrase")
        #expect(ended.sessions >= 1 && ended.tokens == 1)
        #expect(try web.request("GET", "/api/v1/runs", as: again).status == 401, "a reset ended the session")
        #expect(try web.client.get("/api/v1/runs", headers: ["Authorization": "Bearer \(token)"]).status == 401, "and revoked the token")
    }

    @Test func anAdminManagesAccountsNotRuns() throws {
        let web = try ServerModeTestServer()
        let admin = try web.logIn(try web.addUser("admin", role: .admin), readsToken: false)
        let api = try web.request("GET", "/api/v1/runs", as: admin)
        #expect(api.status == 403 && ServerModeTestServer.code(api) == "adminAccount")
        let page = try web.request("GET", "/", as: admin)
        #expect(page.status == 403 && page.text.contains("action=\"/logout\""))
    }

    @Test func tokensAuthenticateTheAPIWithoutCSRFOrCookies() throws {
        let web = try ServerModeTestServer()
        let user = try web.addUser("bearer")
        let token = try web.accounts().createToken(for: user.name, label: "script", nowSeconds: Date().timeIntervalSince1970).token
        let list = try web.client.get("/api/v1/runs", headers: ["Authorization": "Bearer \(token)"])
        #expect(list.status == 200 && list.header("set-cookie") == nil)
        let created = try web.client.request("POST", "/api/v1/profiles", headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"],
                                             body: Array(#"{"name": "trail"}"#.utf8))
        #expect(created.status == 201 && created.header("set-cookie") == nil, "an unsafe request needs no CSRF token: \(created.status) \(created.text)")
        for bad in ["Bearer runlog_" + String(repeating: "A", count: 43), "Bearer nonsense", "Basic dXNlcjpwYXNz", "Bearer " + token + "x"] {
            let refused = try web.client.get("/api/v1/runs", headers: ["Authorization": bad])
            #expect(refused.status == 401 && ServerModeTestServer.code(refused) == "invalidToken", "\(bad)")
            #expect(refused.header("www-authenticate") == "Bearer realm=\"runlog\", error=\"invalid_token\"")
        }
        let page = try web.client.get("/", headers: ["Authorization": "Bearer \(token)"])
        #expect(page.status == 200 && page.header("set-cookie") == nil && !page.text.contains("action=\"/logout\""))
    }

    @Test func healthSaysWhetherTheDatabaseAnswers() throws {
        let web = try ServerModeTestServer()
        let ok = try web.client.get("/healthz")
        let object = try #require(try ok.json() as? [String: Any])
        #expect(ok.status == 200 && object["status"] as? String == "ok")
        let down = try ServerModeTestServer { mode in
            mode.openAccounts = { try PostgresAccountsUnreachable.open() }
        }
        let unavailable = try down.client.get("/healthz")
        let body = try #require(try unavailable.json() as? [String: Any])
        #expect(unavailable.status == 503 && body["status"] as? String == "unavailable" && unavailable.header("retry-after") != nil)
        #expect((body["error"] as? [String: Any])?["code"] as? String == "databaseUnavailable")
    }

    @Test func accessLogLinesHoldNoSecrets() {
        let request = HTTPRequest(method: "POST", path: "/import", query: ["csrf": "s3cret", "page": "2"],
                                  headers: ["cookie": "runlog_session=abc", "authorization": "Bearer runlog_x"])
        let response = HTTPResponse(status: 303, headers: [("Location", "/imports/1")], body: .bytes(Array("hello".utf8)))
        let line = AccessLog.line(request, response, durationSeconds: 0.01234, userID: 7, at: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(line == "2027-01-15T08:00:00.000Z POST /import?csrf=…&page=2 303 5 12.3ms user=7")
        let spaced = AccessLog.line(HTTPRequest(method: "GET", path: "/search x\n"), HTTPResponse(status: 200), durationSeconds: 0, userID: nil,
                                    at: Date(timeIntervalSince1970: 0))
        #expect(spaced == "1970-01-01T00:00:00.000Z GET /search%20x%0A 200 0 0.0ms user=-")
    }
}

/// An account store that cannot be opened: the database is unreachable.
enum PostgresAccountsUnreachable {
    struct Down: Error {}
    static func open() throws -> any AccountStore { throw Down() }
}
