import Foundation

/// The address a connection comes from: an IPv4 address (4 bytes) or an IPv6 one (16 bytes; an
/// IPv4-mapped IPv6 address, `::ffff:a.b.c.d`, counts as the IPv4 address it maps). The port is
/// not part of it. ``unknown`` when libmicrohttpd did not say.
///
/// **The limits per client count by ``shareGroup``:** an IPv4 address, or an IPv6 address's /64
/// prefix (``FairPool``, ``ConnectionTable``). One IPv6 host may use any of the 2^64 addresses of
/// its subnet (RFC 4291's interface identifiers, privacy addresses of RFC 8981), and a /64 is the
/// smallest block a site is given (RFC 6177): counted by address, one client could be as many
/// clients as it liked. The cost: hosts sharing one /64 (a household's or an office's LAN) count
/// as one client, as hosts behind one IPv4 NAT do. The address itself stays whole (a trusted
/// proxy is one address, and logs name it).
///
/// It is the address libmicrohttpd sees (or, behind a trusted proxy, the one it forwards).
package struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
    /// The address's bytes in network order: 4, 16, or none for ``unknown``.
    package let bytes: [UInt8]

    /// An address from its bytes in network order (4 for IPv4, 16 for IPv6; any other count is ``unknown``).
    package init(bytes: [UInt8]) {
        if bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            self.bytes = Array(bytes[12...])
        } else {
            self.bytes = bytes.count == 4 || bytes.count == 16 ? bytes : []
        }
    }

    /// The client as the limits per client count it: this IPv4 address (or ``unknown``), or this
    /// IPv6 address's /64 (its first 8 bytes, the rest zero).
    package var shareGroup: ClientAddress {
        bytes.count == 16 ? ClientAddress(bytes: Array(bytes[0..<8]) + Array(repeating: 0, count: 8)) : self
    }

    /// The address of a `sockaddr_in` or `sockaddr_in6`; ``unknown`` for nil or another family.
    init(_ address: UnsafePointer<sockaddr>?) {
        guard let address else { self.init(bytes: []); return }
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            let inet = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in.self)
            self.init(bytes: withUnsafeBytes(of: inet.sin_addr) { Array($0) })
        case AF_INET6:
            let inet6 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in6.self)
            self.init(bytes: withUnsafeBytes(of: inet6.sin6_addr) { Array($0) })
        default:
            self.init(bytes: [])
        }
    }

    /// An address libmicrohttpd did not name (every such connection counts as one client).
    package static let unknown = ClientAddress(bytes: [])

    /// `127.0.0.2`, `2001:db8:0:0:0:0:0:1` (eight groups, none elided), or `unknown`.
    package var description: String {
        switch bytes.count {
        case 4: return bytes.map(String.init).joined(separator: ".")
        case 16: return stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }.joined(separator: ":")
        default: return "unknown"
        }
    }
}
