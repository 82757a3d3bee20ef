import Foundation
import TestSupport

/// An upload sent the way a hostile client sends it: the head declaring a body, then only as
/// much of the body as the test says, the connection held open; the answer read as it comes
/// (the server answers a refused upload at once and closes).
final class DripClient {
    let socket: Int32

    /// Connects from `source` (nil: 127.0.0.1) and sends the head of a POST to `path` declaring
    /// `length` bytes (nil: `Transfer-Encoding: chunked`), with `headers`.
    init(port: UInt16, path: String, length: Int?, headers: [String: String], from source: String? = nil) throws {
        guard let socket = LoopbackSocket.connect(port: port, receiveTimeoutSeconds: 20, from: source) else {
            throw ClientError("cannot connect to port \(port)")
        }
        self.socket = socket
        var head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        head += length.map { "Content-Length: \($0)\r\n" } ?? "Transfer-Encoding: chunked\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        send(Array((head + "\r\n").utf8))
    }

    deinit { close(socket) }

    /// Sends bytes of the body; false once the server has closed the connection.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    /// Reads the answer to its end (the server closes after a refusal) or until a whole answer
    /// with a `Content-Length` arrived; nil when nothing came within the socket's timeout.
    func answer() -> HTTPTestClient.Response? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let end = HTTPTestClient.find([13, 10, 13, 10], in: received), let response = try? HTTPTestClient.parse(received),
               let length = response.header("content-length").flatMap(Int.init), received.count - end - 4 >= length {
                return response
            }
            let n = recv(socket, &buffer, buffer.count, 0)
            if n <= 0 { break }
            received.append(contentsOf: buffer[0..<n])
        }
        return try? HTTPTestClient.parse(received)
    }
}
