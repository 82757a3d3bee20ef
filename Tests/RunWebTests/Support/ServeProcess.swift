import Foundation
import Testing
import TestSupport

/// `runlog serve --port 0` as a process of its own (the built binary), with a session of a
/// client's own: its token and its cookie, as a page's script takes them from `GET /api/v1/session`.
struct ServeProcess {
    let process: BackgroundProcess
    let client: HTTPTestClient
    let token: String
    /// `runlog_session=…`, for a `Cookie` header.
    let cookie: String

    /// Starts it in `environment` and waits until it says where it serves.
    init(environment: [String: String]) throws {
        (process, client) = try Self.start(environment: environment)
        let session = try client.get("/api/v1/session")
        token = try #require((try session.json() as? [String: Any])?["csrfToken"] as? String)
        cookie = try #require(session.header("set-cookie")?.split(separator: ";").first.map(String.init))
    }

    var port: UInt16 { client.port }

    /// Starts `runlog serve --port 0 ARGUMENTS` in `environment` and waits until it says where it
    /// serves. - Returns: the process and a client of its port.
    static func start(environment: [String: String], arguments: [String] = []) throws -> (BackgroundProcess, HTTPTestClient) {
        let process = try BackgroundProcess(ExternalTools.runlogBinary, ["serve", "--port", "0"] + arguments, environment: environment)
        #expect(process.waitUntil(timeout: 20) { $0.outputText.contains("runlog serves http://") }, "\(process.errorText)")
        let address = try #require(process.outputText.split(separator: " ").first { $0.hasPrefix("http://") })
        return (process, HTTPTestClient(port: try #require(UInt16(address.split(separator: ":").last?.split(separator: "/").first ?? ""))))
    }
}
