import Foundation

/// A numeric socket address to listen on, resolved from a host text and a port.
struct ListenAddress {
    /// `sockaddr_in` or `sockaddr_in6` bytes.
    let storage: sockaddr_storage
    let isIPv6: Bool
    /// Whether it is a loopback address (127.0.0.0/8 or ::1): only this machine can connect.
    let isLoopback: Bool

    /// Resolves `host` (`localhost`, or a numeric address; no DNS look-up) and `port`.
    /// - Throws: ``HTTPServerError`` `.badAddress`.
    init(host: String, port: UInt16) throws {
        let name = host == "localhost" ? "127.0.0.1" : host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV | AI_PASSIVE
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(name, String(port), &hints, &result)
        guard status == 0, let info = result, let address = info.pointee.ai_addr else {
            throw HTTPServerError(.badAddress, "'\(host)' is not an address to listen on (give a numeric IPv4 or IPv6 address, or localhost)")
        }
        defer { freeaddrinfo(result) }
        var storage = sockaddr_storage()
        withUnsafeMutableBytes(of: &storage) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(info.pointee.ai_addrlen)))
        }
        self.storage = storage
        isIPv6 = info.pointee.ai_family == AF_INET6
        if isIPv6 {
            // ::1: fifteen zero bytes, then 1.
            let bytes = withUnsafeBytes(of: storage) { raw in
                withUnsafeBytes(of: raw.load(as: sockaddr_in6.self).sin6_addr) { Array($0) }
            }
            isLoopback = bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1
        } else {
            let address = withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in.self).sin_addr.s_addr }
            isLoopback = UInt32(bigEndian: address) >> 24 == 127
        }
    }

    /// Why listening here fails, found by binding a socket of our own (after the server could not
    /// start): the port is taken, the address is not one of this machine's, or the port needs
    /// privileges.
    func bindProblem() -> (code: HTTPServerError.Code, text: String) {
        let fd = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return (.cannotListen, String(cString: strerror(errno))) }
        defer { close(fd) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let length = socklen_t(isIPv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeBytes(of: storage) { raw in
            bind(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), length)
        }
        switch bound == 0 ? 0 : errno {
        case EADDRINUSE: return (.portTaken, "the port is taken by another program")
        case EADDRNOTAVAIL: return (.addressNotLocal, "the address is not one of this machine's (see 'ip address'; 127.0.0.1 is this machine only)")
        case EACCES: return (.portNeedsPrivileges, "ports below 1024 need administrator rights")
        case 0: return (.cannotListen, "the server could not start there")
        case let code: return (.cannotListen, String(cString: strerror(code)))
        }
    }
}
