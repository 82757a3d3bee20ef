import Foundation
import RunHTTP
import TestSupport

/// A client for a `text/event-stream` response over a raw socket, for tests: sends the request,
/// reads the head, then decodes the chunked body as it arrives and parses it into events
/// (HTML Living Standard, "Server-sent events"). The connection stays open until ``close()``.
final class EventStreamClient {
    struct Event: CustomStringConvertible {
        var id: String?
        var type: String?
        var data: String
        /// The data as a JSON object.
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any] ?? [:] }
        var description: String { "\(type ?? "message") #\(id ?? "-") \(data.prefix(120))" }
    }

    private(set) var status = 0
    private(set) var headers: [String: String] = [:]
    /// Every event received so far, in order.
    private(set) var events: [Event] = []
    /// Comment lines received so far (keep-alives).
    private(set) var comments: [String] = []
    private let fd: Int32
    private var raw: [UInt8] = []
    private var text = ""
    private var isClosedByServer = false

    /// Connects and reads the response's head.
    /// - Throws: ``ClientError`` when the connection fails or no head arrives in 10 s.
    /// - Parameter source: the client's address (`127.0.0.2`: another client), nil for 127.0.0.1.
    init(port: UInt16, path: String = "/api/v1/live/events", headers extra: [String: String] = [:], from source: String? = nil) throws {
        guard let connected = LoopbackSocket.connect(port: port, receiveTimeoutSeconds: 0.1, from: source) else {
            throw ClientError("cannot connect to port \(port)")
        }
        fd = connected
        var head = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n"
        for (name, value) in extra.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        let bytes = Array(head.utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        let deadline = Date().addingTimeInterval(10)
        var end: Int?
        while end == nil, Date() < deadline, receive() {
            end = HTTPTestClient.find([13, 10, 13, 10], in: raw)
        }
        guard let end else {
            Foundation.close(fd)
            throw ClientError("no response head (\(raw.count) bytes)")
        }
        let lines = String(decoding: raw[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        headers = fields
        raw.removeFirst(end + 4)
    }

    deinit { close() }

    private var isOpen = true

    /// Closes the connection (the server notices from the socket, within a round of its producer).
    func close() {
        guard isOpen else { return }
        isOpen = false
        Foundation.close(fd)
    }

    /// Closes the connection with a reset (`SO_LINGER` 0: RST instead of FIN), as a killed
    /// client's system may.
    func reset() {
        guard isOpen else { return }
        var linger = Foundation.linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Foundation.linger>.size))
        close()
    }

    /// Reads until `condition` holds for the events so far, or `timeout` seconds pass.
    /// - Returns: whether it holds.
    @discardableResult
    func waitUntil(timeout: Double, _ condition: ([Event]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(events) {
            guard Date() < deadline, !isClosedByServer else { return false }
            if receive() { decode() }
        }
        return true
    }

    /// Whether the server ended the response (or closed the connection) within `timeout` seconds.
    func waitForEnd(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !isClosedByServer, Date() < deadline {
            if receive() { decode() }
        }
        return isClosedByServer
    }

    /// Reads what arrived (at most 100 ms of waiting). Returns false once the server closed.
    @discardableResult
    private func receive() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = recv(fd, &buffer, buffer.count, 0)
        if n > 0 {
            raw.append(contentsOf: buffer[0..<n])
            return true
        }
        if n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) {
            isClosedByServer = true
            return false
        }
        return true
    }

    /// Takes whole chunks off `raw`, then whole events off the text.
    private func decode() {
        while let lineEnd = HTTPTestClient.find([13, 10], in: raw) {
            let sizeText = String(decoding: raw[..<lineEnd], as: UTF8.self).split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(sizeText, radix: 16) else { isClosedByServer = true; return }
            if size == 0 { isClosedByServer = true; return }
            guard raw.count >= lineEnd + 2 + size + 2 else { break }
            text += String(decoding: raw[(lineEnd + 2)..<(lineEnd + 2 + size)], as: UTF8.self)
            raw.removeFirst(lineEnd + 2 + size + 2)
        }
        while let range = text.range(of: "\n\n") {
            let block = text[..<range.lowerBound]
            text = String(text[range.upperBound...])
            var event = Event(data: "")
            var data: [String] = []
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix(":") { comments.append(String(line.dropFirst().trimmingCharacters(in: .whitespaces))); continue }
                let (field, value) = line.firstIndex(of: ":").map {
                    (String(line[..<$0]), String(line[line.index(after: $0)...]).drop { $0 == " " })
                } ?? (String(line), "")
                switch field {
                case "id": event.id = String(value)
                case "event": event.type = String(value)
                case "data": data.append(String(value))
                default: break
                }
            }
            guard !data.isEmpty else { continue }
            event.data = data.joined(separator: "\n")
            events.append(event)
        }
    }
}
