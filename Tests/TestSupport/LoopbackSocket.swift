import Foundation

/// TCP on 127.0.0.1 for tests: a connected socket, a free port.
package enum LoopbackSocket {
    /// A socket connected to 127.0.0.1:`port`, reads timing out after `receiveTimeoutSeconds`;
    /// the caller closes it. nil when it cannot connect (errno says why).
    package static func connect(port: UInt16, receiveTimeoutSeconds: Double) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        let whole = Int(receiveTimeoutSeconds)
        var timeout = timeval(tv_sec: whole, tv_usec: Int((receiveTimeoutSeconds - Double(whole)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
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
