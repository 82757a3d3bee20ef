import Foundation

/// The client a connection comes from, as the limits per client count it (``FairShare``,
/// ``FairPool``, ``ConnectionTable``): an IPv4 address (4 bytes), or an IPv6 address's /64 prefix
/// (16 bytes, the last 8 zero; an IPv4-mapped IPv6 address, `::ffff:a.b.c.d`, counts as the IPv4
/// address it maps). The port is not part of it. ``unknown`` when libmicrohttpd did not say.
///
/// **IPv6 by /64.** One IPv6 host may use any of the 2^64 addresses of its subnet (RFC 4291's
/// interface identifiers, privacy addresses of RFC 8981), and a /64 is the smallest block a site
/// is given (RFC 6177): counted by address, one client could be as many clients as it liked.
/// The cost: hosts sharing one /64 (a household's or an office's LAN) count as one client, as
/// hosts behind one IPv4 NAT do.
///
/// It is the address libmicrohttpd sees: behind a reverse proxy every client has the proxy's.
package struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
    /// The address's bytes in network order: 4, 16, or none for ``unknown``.
    package let bytes: [UInt8]

    /// A client from its address's bytes in network order (4 for IPv4; 16 for IPv6, of which the
    /// first 8 count; any other count is ``unknown``).
    package init(bytes: [UInt8]) {
        if bytes.count == 16, bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            self.bytes = Array(bytes[12...])
        } else if bytes.count == 16 {
            self.bytes = Array(bytes[0..<8]) + Array(repeating: 0, count: 8)
        } else {
            self.bytes = bytes.count == 4 ? bytes : []
        }
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

    /// `127.0.0.2`, `2001:db8:0:1::/64` (the prefix's four groups, none elided), or `unknown`.
    package var description: String {
        switch bytes.count {
        case 4: return bytes.map(String.init).joined(separator: ".")
        case 16: return stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }.joined(separator: ":") + "::/64"
        default: return "unknown"
        }
    }
}
