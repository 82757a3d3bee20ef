import Foundation

/// TCP on 127.0.0.1 for tests: a connected socket, a free port.
package enum LoopbackSocket {
    /// A socket connected to 127.0.0.1:`port`, reads timing out after `receiveTimeoutSeconds`;
    /// the caller closes it. nil when it cannot connect (errno says why).
    /// - Parameters:
    ///   - sourceAddress: the local address to connect from (`127.0.0.2`: Linux routes all of
    ///     127/8 to the loopback interface, so a test can be a second client address); nil for the
    ///     system's choice (127.0.0.1).
    ///   - receiveBufferBytes: `SO_RCVBUF` before connecting (a small one makes a client that stops
    ///     reading stall the sender soon); nil for the system's.
    package static func connect(port: UInt16, receiveTimeoutSeconds: Double, from sourceAddress: String? = nil,
                                receiveBufferBytes: Int? = nil) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        let whole = Int(receiveTimeoutSeconds)
        var timeout = timeval(tv_sec: whole, tv_usec: Int((receiveTimeoutSeconds - Double(whole)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBufferBytes.map(Int32.init) {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if let sourceAddress {
            var source = sockaddr_in()
            source.sin_family = sa_family_t(AF_INET)
            source.sin_addr.s_addr = inet_addr(sourceAddress)
            let bound = withUnsafePointer(to: &source) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                let saved = errno
                close(fd)
                errno = saved
                return nil
            }
        }
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let saved = errno
            close(fd)
            errno = saved
            return nil
        }
        return fd
    }

    /// Whether something accepts connections on 127.0.0.1:`port` now.
    package static func accepts(port: UInt16) -> Bool {
        guard let fd = connect(port: port, receiveTimeoutSeconds: 1) else { return false }
        close(fd)
        return true
    }

    /// A TCP port free on 127.0.0.1 now (the kernel's choice).
    package static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LoopbackError("socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(fd, socketAddress, length) == 0 && getsockname(fd, socketAddress, &length) == 0
            }
        }
        guard bound else { throw LoopbackError("bind: \(String(cString: strerror(errno)))") }
        return UInt16(bigEndian: address.sin_port)
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}

package struct LoopbackError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
