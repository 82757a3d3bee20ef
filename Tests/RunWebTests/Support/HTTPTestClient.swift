import Foundation
import RunHTTP
import TestSupport

/// A deliberately small HTTP/1.1 client over a raw socket, for tests: every request on its own
/// connection (`Connection: close`), the answer read to the end; chunked bodies decoded. It sends
/// exactly what a test says (no cookies or redirects of its own), so tests can send what browsers
/// would not.
struct HTTPTestClient {
    struct Response {
        var status: Int
        /// Header fields by lowercased name (repeated ones joined with `, `, `Set-Cookie` with `\n`).
        var headers: [String: String]
        var body: [UInt8]
        /// Whether the body came in chunks (streamed).
        var isChunked: Bool

        var text: String { String(decoding: body, as: UTF8.self) }
        func header(_ name: String) -> String? { headers[name.lowercased()] }
        func json() throws -> Any { try JSONSerialization.jsonObject(with: Data(body)) }
    }

    let port: UInt16
    var host = "127.0.0.1"
    /// The address to connect from (`127.0.0.2`: another client), nil for 127.0.0.1.
    var source: String?

    func get(_ path: String, headers: [String: String] = [:]) throws -> Response {
        try request("GET", path, headers: headers)
    }

    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []) throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\n"
        var fields = headers
        if fields.keys.first(where: { $0.lowercased() == "host" }) == nil { fields["Host"] = "\(host):\(port)" }
        fields["Connection"] = "close"
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) { fields["Content-Length"] = String(body.count) }
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        return try exchange(Array(head.utf8) + body)
    }

    /// Sends raw bytes and reads the response.
    func exchange(_ bytes: [UInt8]) throws -> Response {
        guard let fd = LoopbackSocket.connect(port: port, receiveTimeoutSeconds: 30, from: source) else {
            throw ClientError("cannot connect to port \(port)")
        }
        defer { close(fd) }
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { break }   // the server may answer (413) before reading everything
            sent += n
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            received.append(contentsOf: buffer[0..<n])
        }
        return try Self.parse(received)
    }

    static func parse(_ bytes: [UInt8]) throws -> Response {
        guard let end = find([13, 10, 13, 10], in: bytes) else { throw ClientError("no complete response head (\(bytes.count) bytes)") }
        let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw ClientError("bad status line \(head[0])") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased(), value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + (name == "set-cookie" ? "\n" : ", ") + value } ?? value
        }
        var body = Array(bytes[(end + 4)...])
        let chunked = headers["transfer-encoding"]?.lowercased().contains("chunked") == true
        if chunked { body = try dechunk(body) }
        return Response(status: status, headers: headers, body: body, isChunked: chunked)
    }

    private static func dechunk(_ bytes: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = [], i = 0
        while i < bytes.count {
            guard let lineEnd = find([13, 10], in: bytes, from: i) else { throw ClientError("bad chunk") }
            let sizeText = String(decoding: bytes[i..<lineEnd], as: UTF8.self).split(separator: ";")[0]
            guard let size = Int(sizeText, radix: 16) else { throw ClientError("bad chunk size \(sizeText)") }
            if size == 0 { return out }
            out += bytes[(lineEnd + 2)..<(lineEnd + 2 + size)]
            i = lineEnd + 2 + size + 2
        }
        throw ClientError("the chunked body has no last chunk")
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for i in start...(haystack.count - needle.count) where haystack[i] == needle[0] && Array(haystack[i..<(i + needle.count)]) == needle {
            return i
        }
        return nil
    }
}

struct ClientError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
