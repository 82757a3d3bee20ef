import Foundation
import RunHTTP
import RunStore
import RunStorePostgres
import RunWeb
import Synchronization
import Testing
import TestSupport

/// `runlog serve` in server mode in the test process: a ``ServerModeApplication`` on 127.0.0.1 and
/// a port the system chooses, over the tests' PostgreSQL database (users made with unique names),
/// with a clock the test moves (session expiry, the login throttle). Stopped when released.
final class ServerModeTestServer {
    let url: String
    let application: ServerModeApplication
    let server: HTTPServer
    let client: HTTPTestClient
    /// Seconds since 1970 UTC as the server sees them, moved by the test.
    final class Clock: Sendable {
        let seconds = Mutex(Date().timeIntervalSince1970)
    }

    let clock = Clock()

    /// A user's browser after logging in: the session cookie's value and the session's CSRF token.
    struct Browser {
        let name: String
        let sessionID: String
        let csrfToken: String
        var cookie: String { "\(Session.cookieName)=\(sessionID)" }
    }

    /// - Parameter configure: changes to the server mode's defaults (a public URL, lifetimes, rules).
    init(configure: (inout ServerMode) -> Void = { _ in }) throws {
        let url = try TestPostgres.requireURL()
        self.url = url
        let clock = self.clock
        var mode = ServerMode(openAccounts: { try PostgresStorage.openAccountStore(url: url) },
                              storage: { PostgresStorage(url: url, user: $0) }, logsRequests: false,
                              clock: { clock.seconds.withLock { $0 } })
        configure(&mode)
        application = ServerModeApplication(mode: mode, configuration: WebConfiguration(requiresLoopbackHost: true))
        server = try HTTPServer(configuration: ServerConfiguration(host: "127.0.0.1", port: 0, threadCount: 4), handler: application)
        client = HTTPTestClient(port: server.port)
    }

    deinit { server.stop() }

    var origin: String { "http://127.0.0.1:\(server.port)" }

    /// Moves the server's clock on.
    func advance(seconds: Double) { clock.seconds.withLock { $0 += seconds } }

    /// The accounts of the database, as `runlog users` opens them.
    func accounts() throws -> Accounts { Accounts(store: try PostgresStorage.openAccountStore(url: url)) }

    /// Adds a user with a unique name. - Returns: the name and the password.
    @discardableResult
    func addUser(_ label: String, role: AccountRole = .runner) throws -> (name: String, password: String) {
        let name = "\(label)-\(UUID().uuidString.prefix(8))", password = "pass phrase of \(label)"
        try accounts().add(name: name, role: role, password: password, nowSeconds: Date().timeIntervalSince1970)
        return (name, password)
    }

    /// A user's storage, as the server opens it.
    func storage(of name: String) -> PostgresStorage { PostgresStorage(url: url, user: name) }

    /// A browser of this server.
    var browser: LoginClient { LoginClient(client: client) }

    func loginForm() throws -> (token: String, cookie: String) { try browser.loginForm() }

    func postLogin(name: String, password: String, form: (token: String, cookie: String)? = nil, extraCookie: String? = nil,
                   origin: String? = nil, from source: String? = nil) throws -> HTTPTestClient.Response {
        try browser.postLogin(name: name, password: password, form: form, extraCookie: extraCookie, origin: origin, from: source)
    }

    func logIn(_ user: (name: String, password: String), readsToken: Bool = true) throws -> Browser {
        try browser.logIn(user, readsToken: readsToken)
    }

    /// The session id a response's `Set-Cookie` gives (nil: none, or a cleared one).
    static func sessionID(in response: HTTPTestClient.Response) -> String? {
        let prefix = Session.cookieName + "="
        for line in (response.header("set-cookie") ?? "").split(separator: "\n") where line.hasPrefix(prefix) {
            let value = line.dropFirst(prefix.count).prefix { $0 != ";" }
            return value.isEmpty ? nil : String(value)
        }
        return nil
    }

    /// A request as `browser` (its cookie; for an unsafe method its CSRF token and this server's `Origin`).
    func request(_ method: String, _ path: String, as browser: Browser?, body: [UInt8] = [], contentType: String? = nil,
                 headers extra: [String: String] = [:]) throws -> HTTPTestClient.Response {
        var headers = extra
        if let browser {
            headers["Cookie"] = browser.cookie
            if !["GET", "HEAD"].contains(method) {
                headers["X-CSRF-Token"] = browser.csrfToken
                headers["Origin"] = origin
            }
        }
        if let contentType { headers["Content-Type"] = contentType }
        return try client.request(method, path, headers: headers, body: body)
    }

    /// The error code of a JSON answer, nil for another.
    static func code(_ response: HTTPTestClient.Response) -> String? {
        ((try? response.json()) as? [String: Any]).flatMap { $0["error"] as? [String: Any] }?["code"] as? String
    }
}

/// Logging in to a server-mode server as a browser does, through `client` (a server in this
/// process, or a `runlog serve` process).
struct LoginClient {
    let client: HTTPTestClient
    var origin: String { "http://127.0.0.1:\(client.port)" }
    typealias Browser = ServerModeTestServer.Browser

    /// The login form's token and its cookie, as a browser gets them from `GET /login`.
    func loginForm() throws -> (token: String, cookie: String) {
        let page = try client.get("/login")
        let setCookie = try #require(page.header("set-cookie"), "GET /login sets the login's cookie")
        let pair = try #require(setCookie.split(separator: ";").first.map(String.init))
        let token = String(pair.dropFirst("runlog_login=".count))
        #expect(page.text.contains("name=\"csrf\" value=\"\(token)\""), "the form carries the cookie's token")
        return (token, pair)
    }

    /// Posts the login form as a browser does (its token, its cookie, this server's `Origin`).
    func postLogin(name: String, password: String, form: (token: String, cookie: String)? = nil, extraCookie: String? = nil,
                   origin: String? = nil, from source: String? = nil) throws -> HTTPTestClient.Response {
        let form = try form ?? loginForm()
        let body = [("name", name), ("password", password), ("csrf", form.token), ("next", "/")]
            .map { "\(WebTestServer.encode($0.0))=\(WebTestServer.encode($0.1))" }.joined(separator: "&")
        var client = self.client
        client.source = source
        return try client.request("POST", "/login", headers: [
            "Content-Type": "application/x-www-form-urlencoded", "Origin": origin ?? self.origin,
            "Cookie": ([form.cookie] + (extraCookie.map { [$0] } ?? [])).joined(separator: "; "),
        ], body: Array(body.utf8))
    }

    /// Logs in and reads the session's CSRF token (`GET /api/v1/session`; an admin's is not read: admins have no API).
    func logIn(_ user: (name: String, password: String), readsToken: Bool = true) throws -> Browser {
        let answer = try postLogin(name: user.name, password: user.password)
        #expect(answer.status == 303, "login of \(user.name): \(answer.status) \(answer.text.prefix(300))")
        let id = try #require(ServerModeTestServer.sessionID(in: answer), "the login sets the session cookie")
        guard readsToken else { return Browser(name: user.name, sessionID: id, csrfToken: "") }
        let session = try client.get("/api/v1/session", headers: ["Cookie": "\(Session.cookieName)=\(id)"])
        let object = try #require(try session.json() as? [String: Any], "\(session.status) \(session.text.prefix(200))")
        return Browser(name: user.name, sessionID: id, csrfToken: try #require(object["csrfToken"] as? String))
    }

}
