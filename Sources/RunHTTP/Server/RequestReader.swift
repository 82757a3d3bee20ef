import CMicroHTTPD
import Foundation

/// Reads a request's head (headers, cookies, query arguments) from libmicrohttpd's connection.
enum RequestReader {
    static func head(of connection: OpaquePointer, url: String, method: String) -> HTTPRequest {
        var head = HTTPRequest(method: method, path: url,
                               query: values(of: connection, kind: .GET_ARGUMENT_KIND, lowercasingNames: false),
                               headers: values(of: connection, kind: .HEADER_KIND, lowercasingNames: true),
                               cookies: values(of: connection, kind: .COOKIE_KIND, lowercasingNames: false))
        head.clientAddress = peerAddress(socket: runlog_mhd_connection_socket(connection))
        return head
    }

    /// The numeric address of a socket's peer (`getpeername(2)`, `inet_ntop(3)`), or nil.
    static func peerAddress(socket: Int32) -> String? {
        guard socket >= 0 else { return nil }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let family: Int32 = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(socket, $0, &length) == 0 ? Int32($0.pointee.sa_family) : -1 }
        }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let written: UnsafePointer<CChar>? = withUnsafePointer(to: &storage) { pointer in
            switch family {
            case AF_INET:
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    withUnsafePointer(to: address.pointee.sin_addr) { inet_ntop(AF_INET, $0, &text, socklen_t(text.count)) }
                }
            case AF_INET6:
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    withUnsafePointer(to: address.pointee.sin6_addr) { inet_ntop(AF_INET6, $0, &text, socklen_t(text.count)) }
                }
            default: return nil
            }
        }
        guard written != nil else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func values(of connection: OpaquePointer, kind: MHD_ValueKind, lowercasingNames: Bool) -> [String: String] {
        let collector = ValueCollector(lowercasingNames: lowercasingNames)
        withExtendedLifetime(collector) {
            _ = MHD_get_connection_values(connection, kind, collectValue, Unmanaged.passUnretained(collector).toOpaque())
        }
        return collector.values
    }
}

/// Collects key–value pairs from libmicrohttpd's iterator (on the calling thread only).
private final class ValueCollector {
    let lowercasingNames: Bool
    var values: [String: String] = [:]

    init(lowercasingNames: Bool) { self.lowercasingNames = lowercasingNames }

    func add(_ key: String, _ value: String) {
        let name = lowercasingNames ? key.lowercased() : key
        if let existing = values[name] {
            // Repeated header fields combine with commas (RFC 9110 §5.3); a repeated query name keeps its first value.
            if lowercasingNames { values[name] = existing + ", " + value }
        } else {
            values[name] = value
        }
    }
}

private func collectValue(_ cls: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?,
                          _ value: UnsafePointer<CChar>?) -> MHD_Result {
    guard let cls, let key else { return .YES }
    Unmanaged<ValueCollector>.fromOpaque(cls).takeUnretainedValue().add(String(cString: key), value.map { String(cString: $0) } ?? "")
    return .YES
}
