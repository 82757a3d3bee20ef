import Foundation
@testable import RunHTTP
import Synchronization
import Testing
import TestSupport

/// Bodies written to a file as they arrive (uploads), over a real socket: the handler gets the
/// bytes sent, mapped from a file that has no name in its folder; a folder that cannot take the
/// file says why; other routes keep their bodies in memory. And the multipart walk over such bytes
/// finds each part where it lies.
@Suite struct SpooledBodyTests {
    /// Spools `/upload` into `folder`, keeps other bodies in memory; records what it got.
    final class SpoolingHandler: HTTPHandler {
        let folder: String
        let received = Mutex<[(path: String, memory: [UInt8], spooled: [UInt8]?, error: String?, filesInFolder: Int)]>([])

        init(folder: String) { self.folder = folder }

        func bodyLimit(for head: HTTPRequest) -> Int { 8 << 20 }
        func spoolDirectory(for head: HTTPRequest) -> String? { head.path.hasPrefix("/upload") ? folder : nil }
        func respondPayloadTooLarge(to head: HTTPRequest, limit: Int) -> HTTPResponse { HTTPResponse(status: 413) }
        func respond(to request: HTTPRequest) -> HTTPResponse {
            var spooled: [UInt8]?, failure: String?
            if let body = request.spooledBody {
                do { spooled = try body.mapped().withUnsafeBytes { Array($0) } } catch { failure = "\(error)" }
            }
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder).count) ?? -1
            received.withLock { $0.append((request.path, request.body, spooled, failure, files)) }
            return HTTPResponse(status: 200, contentType: "text/plain", text: "ok")
        }
    }

    static func post(_ path: String, body: [UInt8], port: UInt16) throws -> Int? {
        let connection = try RawConnection(port: port)
        connection.send("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.count)\r\n\r\n")
        var sent = 0
        while sent < body.count {
            let n = body[sent...].withUnsafeBytes { Glibc.send(connection.socket, $0.baseAddress, min($0.count, 65536), Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { break }
            sent += n
        }
        return connection.readAnswer()
    }

    @Test func anUploadIsSpooledToAFileWithNoName() throws {
        let folder = TemporaryDirectory("spool")
        let handler = SpoolingHandler(folder: folder.path)
        let server = try HTTPServer(configuration: ServerConfiguration(port: 0, threadCount: 1), handler: handler)
        defer { server.stop() }
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<3_000_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(try Self.post("/upload", body: bytes, port: server.port) == 200)
        #expect(try Self.post("/form", body: Array("a=1".utf8), port: server.port) == 200)
        let got = handler.received.withLock { $0 }
        #expect(got.count == 2)
        #expect(got[0].spooled == bytes && got[0].memory.isEmpty && got[0].error == nil)
        // Unlinked as soon as made: the folder shows nothing while the body is being read.
        #expect(got[0].filesInFolder == 0)
        #expect(got[1].spooled == nil && got[1].memory == Array("a=1".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func aFolderThatCannotTakeTheBodySaysWhy() throws {
        let handler = SpoolingHandler(folder: "/nonexistent/runlog-spool")
        let server = try HTTPServer(configuration: ServerConfiguration(port: 0, threadCount: 1), handler: handler)
        defer { server.stop() }
        #expect(try Self.post("/upload", body: Array("data".utf8), port: server.port) == 200)
        let error = try #require(handler.received.withLock { $0.first?.error })
        #expect(error.contains("/nonexistent/runlog-spool") && error.contains(String(cString: strerror(ENOENT))), "\(error)")
    }

    @Test func theMultipartWalkFindsEachPartWhereItLies() throws {
        let file = (0..<5000).map { UInt8($0 % 251) }
        var body = Array("--B\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\ntok\r\n".utf8)
        body += Array("--B\r\nContent-Disposition: form-data; name=\"files\"; filename=\"dir/a.fit\"\r\n\r\n".utf8)
        let start = body.count
        body += file
        body += Array("\r\n--B\r\nContent-Disposition: form-data; name=\"files\"; filename=\"\"\r\n\r\n\r\n--B--\r\n".utf8)
        var parts: [MultipartForm.PartLocation] = []
        try body.withUnsafeBytes { raw in
            try MultipartForm.scan(raw, contentType: "multipart/form-data; boundary=B") { parts.append($0); return true }
            #expect(MultipartForm.field("csrf", in: raw, contentType: "multipart/form-data; boundary=B") == "tok")
            #expect(MultipartForm.field("other", in: raw, contentType: "multipart/form-data; boundary=B") == nil)
        }
        #expect(parts.map(\.name) == ["csrf", "files", "files"])
        #expect(parts[1].fileName == "a.fit" && parts[1].isFile && parts[1].range == start..<(start + file.count))
        #expect(Array(body[parts[1].range]) == file)
        #expect(parts[2].fileName == "" && !parts[2].isFile && parts[0].fileName == nil)
        // A walk that stops early visits no more parts.
        var visited = 0
        try body.withUnsafeBytes { raw in try MultipartForm.scan(raw, contentType: "multipart/form-data; boundary=B") { _ in visited += 1; return false } }
        #expect(visited == 1)
    }
}
