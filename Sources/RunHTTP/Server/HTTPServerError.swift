/// Why the server could not start.
package struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    package struct Code: Hashable, Sendable {
        package let rawValue: String
        package init(_ rawValue: String) { self.rawValue = rawValue }
        /// The host is not a numeric address or `localhost`.
        package static let badAddress = Code("badAddress")
        /// Another program listens on the port.
        package static let portTaken = Code("portTaken")
        /// The address is not one of this machine's.
        package static let addressNotLocal = Code("addressNotLocal")
        /// The port is below 1024 and the process has no right to it.
        package static let portNeedsPrivileges = Code("portNeedsPrivileges")
        /// A limit or timeout of the configuration is out of range (below 1, or a per-address
        /// limit over the global one).
        package static let invalidConfiguration = Code("invalidConfiguration")
        /// libmicrohttpd could not start for another reason.
        package static let cannotListen = Code("cannotListen")
    }

    package var code: Code
    package var message: String
    package var description: String { message }

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
