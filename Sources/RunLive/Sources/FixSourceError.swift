package import RunCore

/// Why a source of fixes could not start or failed for good: a replayed file without track
/// points, a gpsd address that is not `HOST:PORT`, a gpsd host that is not found, a gpsd that does
/// not take the connection or drops it. `code` is matchable and stable; the data (the ``file``,
/// the ``address``, ``host`` and ``port``, the system's ``reason``) let a front end say it in the
/// user's language (RunUI's `FixSourceErrorText`).
package struct FixSourceError: CodedError, Equatable {
    /// The kind of failure.
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        package let rawValue: String
        package init(_ rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// The file to replay has no track points (``file``).
        package static let noTrackPoints = Code("noTrackPoints")
        /// The gpsd address is not `HOST:PORT`, `HOST` or `:PORT` with a port from 1 to 65535 (``address``).
        package static let invalidAddress = Code("invalidAddress")
        /// gpsd's host name does not resolve (``host``, ``reason``).
        package static let hostNotFound = Code("hostNotFound")
        /// Nothing takes the connection at gpsd's address (``host``, ``port``, ``reason``).
        package static let cannotConnect = Code("cannotConnect")
        /// The connection to gpsd failed once open: the watch could not be sent or a read failed
        /// (``host``, ``port``, ``reason``).
        package static let connectionFailed = Code("connectionFailed")

        /// Every code, for the tests and the texts.
        package static let all: [Code] = [.noTrackPoints, .invalidAddress, .hostNotFound, .cannotConnect, .connectionFailed]
    }

    package var code: Code
    /// The replayed file's path as given, for ``Code/noTrackPoints``.
    package var file: String?
    /// The gpsd address as given, for ``Code/invalidAddress``.
    package var address: String?
    /// gpsd's host and port.
    package var host: String?
    package var port: Int?
    /// The system's words for the failure (`Connection refused`), in English.
    package var reason: String?

    package init(_ code: Code, file: String? = nil, address: String? = nil, host: String? = nil, port: Int? = nil,
                reason: String? = nil) {
        self.code = code
        self.file = file
        self.address = address
        self.host = host
        self.port = port
        self.reason = reason
    }

    package var codeName: String { code.rawValue }

    /// `file`, `address`, `host`, `port`, `reason`, as far as known.
    package var data: [String: JSONValue] {
        .known(["file": file.map { .string($0) }, "address": address.map { .string($0) }, "host": host.map { .string($0) },
                "port": port.map { .integer(Int64($0)) }, "reason": reason.map { .string($0) }])
    }

    /// gpsd's address as `HOST:PORT` (`[::1]:2947` for IPv6).
    package var hostAndPort: String {
        let host = host ?? "?"
        return (host.contains(":") ? "[\(host)]" : host) + (port.map { ":\($0)" } ?? "")
    }

    /// What is wrong, in English: `cannot connect to gpsd at 127.0.0.1:2947: Connection refused`.
    package var description: String {
        let because = reason.map { ": \($0)" } ?? ""
        switch code {
        case .noTrackPoints: return "\(file ?? "the file"): no track points to replay"
        case .invalidAddress: return "'\(address ?? "")' is not HOST:PORT (the port is a number from 1 to 65535)"
        case .hostNotFound: return "cannot find gpsd's host \(host ?? "?")" + because
        case .cannotConnect: return "cannot connect to gpsd at \(hostAndPort)" + because
        case .connectionFailed: return "the connection to gpsd at \(hostAndPort) failed" + because
        default: return "the source failed" + because
        }
    }
}
