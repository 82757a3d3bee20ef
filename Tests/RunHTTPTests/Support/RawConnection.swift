import Foundation
import TestSupport

/// A client connection over a raw socket for the connection-limit tests: it sends exactly what a
/// test says, when it says, and tells when the server closed it.
final class RawConnection: Sendable {
    let socket: Int32

    /// Connects to 127.0.0.1:`port` from `source` (nil: 127.0.0.1).
    init(port: UInt16, from source: String? = nil, receiveBufferBytes: Int? = nil) throws {
        guard let socket = LoopbackSocket.connect(port: port, receiveTimeoutSeconds: 10, from: source,
                                                  receiveBufferBytes: receiveBufferBytes) else {
            throw LoopbackError("cannot connect to port \(port): \(String(cString: strerror(errno)))")
        }
        self.socket = socket
    }

    deinit { close(socket) }

    /// Sends text; false when the connection is gone.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    /// Whether the server has closed the connection (end of stream or reset), looking without
    /// waiting (bytes that arrived are read and dropped).
    var isClosedByServer: Bool { waitForClose(seconds: 0) }

    /// Waits up to `seconds` for the server to close the connection (an answer's bytes arriving
    /// meanwhile are read and dropped); true when it did.
    func waitForClose(seconds: Double) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let left = deadline - ContinuousClock.now
            let milliseconds = max(0, Int(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(milliseconds))
            if ready <= 0 { return false }
            let n = recv(socket, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) { return true }
            if milliseconds == 0 && n < 0 { return false }
        }
    }

    /// Reads an answer whose body has a `Content-Length` (a kept-alive connection stays open after it).
    /// - Returns: the status, or nil when the connection closed first.
    func readAnswer() -> Int? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let end = Self.headEnd(received) {
                let head = String(decoding: received[..<end], as: UTF8.self)
                let lines = head.components(separatedBy: "\r\n")
                let length = lines.dropFirst().compactMap { line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                    return Int(parts[1].trimmingCharacters(in: .whitespaces))
                }.first ?? 0
                if received.count - end - 4 >= length {
                    let status = lines[0].split(separator: " ")
                    return status.count >= 2 ? Int(status[1]) : nil
                }
            }
            let n = recv(socket, &buffer, buffer.count, 0)
            if n <= 0 { return nil }
            received.append(contentsOf: buffer[0..<n])
        }
    }

    /// Reads an answer's head only (its body, if any, is left unread: a slow reader).
    /// - Returns: the status and the header fields (names lowercased), or nil when the connection closed first.
    func readHead() -> (status: Int, headers: [String: String])? {
        var received: [UInt8] = []
        var byte: UInt8 = 0
        while Self.headEnd(received) == nil {
            guard recv(socket, &byte, 1, 0) == 1 else { return nil }
            received.append(byte)
        }
        let lines = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return (status, headers)
    }

    /// Reads until the server closes; returns the bytes (head and body).
    func readToEnd() -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(socket, &buffer, buffer.count, 0)
            if n <= 0 { return received }
            received.append(contentsOf: buffer[0..<n])
        }
    }

    static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
