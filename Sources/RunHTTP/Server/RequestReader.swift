import CMicroHTTPD

/// Reads a request's head (headers, cookies, query arguments) from libmicrohttpd's connection.
enum RequestReader {
    static func head(of connection: OpaquePointer, url: String, method: String) -> HTTPRequest {
        HTTPRequest(method: method, path: url,
                    query: values(of: connection, kind: .GET_ARGUMENT_KIND, lowercasingNames: false),
                    headers: values(of: connection, kind: .HEADER_KIND, lowercasingNames: true),
                    cookies: values(of: connection, kind: .COOKIE_KIND, lowercasingNames: false),
                    clientAddress: ClientAddress(runlog_mhd_connection_address(connection)))
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
