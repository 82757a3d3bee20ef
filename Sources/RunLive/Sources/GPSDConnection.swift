import Foundation

/// One TCP connection to gpsd, owner of its socket (closed in `deinit`), reading lines.
final class GPSDConnection {
    private let socket: Int32
    /// gpsd's address, for the errors.
    private let host: String, port: UInt16
    private var buffer: [UInt8] = []

    /// Connects and asks for JSON reports.
    /// - Throws: ``FixSourceError`` naming the address and the system's reason.
    init(host: String, port: UInt16) throws {
        self.host = host
        self.port = port
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw FixSourceError(.hostNotFound, host: host, port: Int(port), reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var lastError: Int32 = 0
        var connected: Int32 = -1
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            let fd = Glibc.socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.pointee.ai_protocol)
            if fd >= 0 {
                if connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { connected = fd; break }
                lastError = errno
                close(fd)
            } else {
                lastError = errno
            }
            entry = info.pointee.ai_next
        }
        guard connected >= 0 else {
            throw FixSourceError(.cannotConnect, host: host, port: Int(port), reason: String(cString: strerror(lastError)))
        }
        socket = connected
        let watch = Array(#"?WATCH={"enable":true,"json":true};"#.utf8) + [10]
        let sent = watch.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == watch.count else {
            close(socket)
            throw FixSourceError(.connectionFailed, host: host, port: Int(port), reason: String(cString: strerror(errno)))
        }
    }

    deinit { close(socket) }

    /// Calls `line` for each complete line until the connection ends or `stop` is set, and `idle`
    /// whenever nothing arrived for a tenth of a second (the wait also notices `stop`).
    /// - Throws: ``FixSourceError`` on a read error.
    func readLines(stop: StopFlag, idle: () -> Void = {}, _ line: (Substring) -> Void) throws {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while !stop.isSet {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 100)
            if ready == 0 { idle(); continue }
            if ready < 0 {
                if errno == EINTR { continue }
                throw FixSourceError(.connectionFailed, host: host, port: Int(port), reason: String(cString: strerror(errno)))
            }
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 { return }
            if count < 0 {
                if errno == EINTR { continue }
                throw FixSourceError(.connectionFailed, host: host, port: Int(port), reason: String(cString: strerror(errno)))
            }
            buffer += chunk[0..<count]
            while let newline = buffer.firstIndex(of: 10) {
                line(Substring(decoding: buffer[..<newline], as: UTF8.self))
                buffer.removeSubrange(...newline)
            }
            if buffer.count > 1 << 20 { buffer.removeAll() }   // no line is that long: not gpsd
        }
    }
}
