import Foundation

/// A `Host` header's value, or the authority of an absolute-form request target, parsed strictly:
/// `uri-host [ ":" port ]` (RFC 9110 §7.2, with RFC 3986 §3.2.2–3.2.3's grammar), nothing else.
///
/// Refused (nil): an empty value; userinfo (`x@evil`: `@` is in no host form); a path, query or
/// fragment; white space or a comma anywhere (two `Host` fields arrive joined with `, `, and
/// RFC 9112 §3.2 says a request with more than one is refused); a port that is not decimal
/// digits or is over 65,535; an IPv4 address whose parts have leading zeros (`0127.0.0.1`: some
/// resolvers read them as octal; RFC 3986's `dec-octet` has none) or are over 255; an IP literal
/// that is not an IPv6 address (IPvFuture, a zone identifier); a name with characters outside
/// RFC 3986's `reg-name` — and, a decision of runlog's, percent-encoding and a trailing dot
/// (`localhost.`, `127.0.0.1.`): a browser sends neither for an address it was given, and one
/// spelling per host keeps `Origin` comparable with `http://` + `Host` (``CSRFGuard``).
/// Names are compared in lowercase (host names are case-insensitive, RFC 3986 §3.2.2).
package struct HostAuthority: Equatable, Sendable {
    /// What the host is.
    package enum Host: Equatable, Sendable {
        /// A registered name, lowercased (`localhost`, `runlog.example.org`).
        case name(String)
        /// Four bytes (`127.0.0.1`).
        case ipv4([UInt8])
        /// Sixteen bytes (`[::1]`).
        case ipv6([UInt8])
    }

    package let host: Host
    /// The port, when one was given (an empty port, `localhost:`, is none: RFC 3986's `*DIGIT`).
    package let port: UInt16?

    /// Parses `text` strictly (see the type); nil when it is not `uri-host [ ":" port ]`.
    package init?(parsing text: String) {
        let bytes = Array(text.utf8)
        let hostEnd: Int
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")),
                  let address = Self.ipv6(String(decoding: bytes[1..<close], as: UTF8.self)) else { return nil }
            host = .ipv6(address)
            hostEnd = close + 1
        } else {
            hostEnd = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.count
            let hostBytes = bytes[..<hostEnd]
            guard !hostBytes.isEmpty, hostBytes.allSatisfy(Self.isNameByte), hostBytes.last != UInt8(ascii: ".") else { return nil }
            let name = String(decoding: hostBytes, as: UTF8.self).lowercased()
            if let address = Self.ipv4(name) {
                host = .ipv4(address)
            } else if name.allSatisfy({ $0.isNumber || $0 == "." }) {
                return nil   // digits and dots that are no IPv4 address (0127.0.0.1, 1.2.3, 256.0.0.1)
            } else {
                host = .name(name)
            }
        }
        let rest = bytes[hostEnd...]
        if rest.isEmpty {
            port = nil
        } else {
            guard rest.first == UInt8(ascii: ":") else { return nil }
            let digits = rest.dropFirst()
            guard digits.count <= 5, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            if digits.isEmpty {
                port = nil
            } else {
                guard let value = UInt16(String(decoding: digits, as: UTF8.self)) else { return nil }
                port = value
            }
        }
    }

    /// The authority of an absolute-form request target (`http://127.0.0.1:8080/runs`, RFC 9112
    /// §3.2.2), parsed as a `Host` is, and the path after it (`/` when none), with the query left
    /// where it was; nil for a target that is not `http://` or `https://` (any case) and an authority.
    package static func absoluteForm(_ target: String) -> (authority: HostAuthority?, path: String)? {
        let lowered = target.lowercased()
        guard let scheme = ["http://", "https://"].first(where: { lowered.hasPrefix($0) }) else { return nil }
        let afterScheme = target.dropFirst(scheme.count)
        let end = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
        let path = afterScheme[end...]
        return (HostAuthority(parsing: String(afterScheme[..<end])), path.hasPrefix("/") ? String(path) : "/" + path)
    }

    /// Whether the host is this machine's loopback: `localhost`, an address in 127.0.0.0/8, `[::1]`,
    /// or an IPv4-mapped one of 127.0.0.0/8 (`[::ffff:127.0.0.1]`).
    package var isLoopback: Bool {
        switch host {
        case .name(let name): return name == "localhost"
        case .ipv4(let bytes): return bytes[0] == 127
        case .ipv6(let bytes):
            let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
            return (bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1) || (mapped && bytes[12] == 127)
        }
    }

    /// RFC 3986 `reg-name` bytes (unreserved and sub-delims; runlog takes no pct-encoded names).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return "-._~!$&'()*+;=".utf8.contains(byte)
        }
    }

    /// `dec-octet "." dec-octet "." dec-octet "." dec-octet` (RFC 3986 §3.2.2: no leading zeros).
    private static func ipv4(_ text: String) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy(\.isASCII), part.allSatisfy(\.isNumber),
                  part == "0" || !part.hasPrefix("0"), let value = UInt8(part) else { return nil }
            bytes.append(value)
        }
        return bytes
    }

    /// An IPv6 address in an IP literal (`inet_pton`, which takes RFC 4291 §2.2's text forms and
    /// no zone identifier), or nil.
    private static func ipv6(_ text: String) -> [UInt8]? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") || ($0 < 0x80 && Character(UnicodeScalar($0)).isHexDigit) })
        else { return nil }
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: address) { Array($0) }
    }
}
