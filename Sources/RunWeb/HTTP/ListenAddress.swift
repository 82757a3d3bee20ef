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
}
