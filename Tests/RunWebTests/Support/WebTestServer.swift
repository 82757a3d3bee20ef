import Foundation
import RunCore
import RunHTTP
import RunStore
import RunStoreSQLite
import RunUI
import RunWeb
import TestSupport

/// A runlog web server in the test process, on 127.0.0.1 and a port the system chooses, over a
/// library and settings store in a temporary folder. Stopped when released.
final class WebTestServer {
    let home = TemporaryDirectory("runlog-web")
    let server: HTTPServer
    let application: WebApplication
    let client: HTTPTestClient

    var libraryPath: String { home.file("library.sqlite") }
    var settingsPath: String { home.file("group.sqlite") }

    /// The test's own session (as a browser gets from its first page).
    let session: Session

    /// - Parameter storage: the backend the server opens its stores with (a test's own, around SQLite's).
    /// - Parameter threadCount: the server's pool (one thread: a request that waited would hold up every other).
    /// - Parameter idleTimeoutSeconds: the server's idle timeout (``RunHTTP/ServerConfiguration/idleTimeoutSeconds``).
    init(configuration: WebConfiguration = WebConfiguration(), files: [String] = [],
         identify: (@Sendable (RequestContext) -> Identity)? = nil, storage: any FileStorageBackend.Type = SQLiteStorage.self,
         threadCount: Int = 2, idleTimeoutSeconds: Int = 20) throws {
        let library = try Library(path: home.file("library.sqlite"))
        let importer = RunImporter(library: library)
        for file in files { _ = try importer.importFile(atPath: file) }
        application = WebApplication(pool: StorePool(storage: storage.init(libraryLocation: home.file("library.sqlite"), sharedLocation: home.file("group.sqlite"))),
                                     configuration: configuration, identify: identify)
        session = application.sessions.create(for: .localUser)
        server = try HTTPServer(configuration: ServerConfiguration(host: "127.0.0.1", port: 0, threadCount: threadCount,
                                                                idleTimeoutSeconds: idleTimeoutSeconds), handler: application)
        client = HTTPTestClient(port: server.port)
    }

    deinit { server.stop() }

    /// The session's CSRF token.
    var token: String { session.csrfToken }

    /// The `Cookie` header naming the session.
    var cookie: String { "\(Session.cookieName)=\(session.id)" }

    /// Headers that pass the CSRF check: the session's token and its cookie.
    var csrfHeaders: [String: String] {
        ["X-CSRF-Token": token, "Cookie": cookie]
    }

    /// A form POST as a browser sends it from this server's page (token field, cookie, Origin).
    func postForm(_ path: String, _ fields: [(String, String)], token: String? = nil, cookie: Bool = true,
                  origin: String? = nil) throws -> HTTPTestClient.Response {
        let pairs = fields + [("csrf", token ?? self.token)]
        let body = pairs.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        var headers = ["Content-Type": "application/x-www-form-urlencoded", "Origin": origin ?? "http://127.0.0.1:\(server.port)"]
        if cookie { headers["Cookie"] = self.cookie }
        return try client.request("POST", path, headers: headers, body: Array(body.utf8))
    }

    /// A JSON request with the CSRF header and cookie.
    func sendJSON(_ method: String, _ path: String, _ object: Any) throws -> HTTPTestClient.Response {
        let body = try JSONSerialization.data(withJSONObject: object)
        var headers = csrfHeaders
        headers["Content-Type"] = "application/json"
        return try client.request(method, path, headers: headers, body: Array(body))
    }

    /// A multipart upload of files (name, bytes) in the field `files`, with the token — of the
    /// test's session, or of `session` —, from 127.0.0.1 or `source`, with the token where the
    /// server reads it, in the head: the API's in the `X-CSRF-Token` header, the page's form's in
    /// its action's `csrf` query argument (and in its field too, as the page's form has it).
    func upload(_ path: String, files: [(String, [UInt8])], fields: [(String, String)] = [], withToken: Bool = true,
                session: Session? = nil, from source: String? = nil) throws -> HTTPTestClient.Response {
        let session = session ?? self.session
        let boundary = "----runlogtest\(UUID().uuidString)"
        var body: [UInt8] = []
        func add(_ text: String) { body += Array(text.utf8) }
        for (name, value) in fields + (withToken ? [("csrf", session.csrfToken)] : []) {
            add("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        for (name, bytes) in files {
            add("--\(boundary)\r\nContent-Disposition: form-data; name=\"files\"; filename=\"\(name)\"\r\nContent-Type: application/gpx+xml\r\n\r\n")
            body += bytes
            add("\r\n")
        }
        add("--\(boundary)--\r\n")
        var headers = ["Content-Type": "multipart/form-data; boundary=\(boundary)", "Cookie": "\(Session.cookieName)=\(session.id)"]
        headers["Origin"] = "http://127.0.0.1:\(server.port)"
        var target = path
        if withToken {
            if path.hasPrefix("/api/") { headers["X-CSRF-Token"] = session.csrfToken } else { target += "?csrf=\(session.csrfToken)" }
        }
        var client = self.client
        client.source = source
        return try client.request("POST", target, headers: headers, body: body)
    }

    /// The import job an upload's answer names: its `Location` (`/imports/ID` after the page's
    /// form, `/api/v1/imports/ID` from the API).
    static func jobID(_ response: HTTPTestClient.Response) -> String? {
        response.header("location").flatMap { $0.split(separator: "/").last.map(String.init) }
    }

    /// Waits until the job `id` ended, on the server's queue (readiness, not time).
    func waitForImport(_ id: String, timeoutSeconds: Double = 120) -> Bool {
        application.imports.waitUntilFinished(id: id, timeoutSeconds: timeoutSeconds)
    }

    /// Uploads as ``upload(_:files:fields:withToken:)`` does, waits for the import to end, and
    /// returns what then shows: the import's page (`/import`) or the job's JSON (`/api/v1/imports`),
    /// with the session's cookie; an upload refused at once returns its own answer.
    func importFiles(_ path: String, files: [(String, [UInt8])], fields: [(String, String)] = []) throws -> HTTPTestClient.Response {
        let posted = try upload(path, files: files, fields: fields)
        guard posted.status == 202 || posted.status == 303, let location = posted.header("location"), let id = Self.jobID(posted) else {
            return posted
        }
        guard waitForImport(id) else { throw ClientError("the import \(id) did not end within 120 s") }
        return try client.get(location, headers: ["Cookie": cookie])
    }

    /// A connection of the test's own to the library, as another process would have.
    func library() throws -> Library { try Library(path: libraryPath) }

    /// The settings store, as another process (the CLI) would open it.
    func settings() throws -> SettingsStore { try SettingsStore(store: try SharedStore(path: settingsPath)) }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? text
    }
}
