/// Why the server could not start.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// The host is not a numeric address or `localhost`.
        public static let badAddress = Code("badAddress")
        /// Another program listens on the port.
        public static let portTaken = Code("portTaken")
        /// The address is not one of this machine's.
        public static let addressNotLocal = Code("addressNotLocal")
        /// The port is below 1024 and the process has no right to it.
        public static let portNeedsPrivileges = Code("portNeedsPrivileges")
        /// libmicrohttpd could not start for another reason.
        public static let cannotListen = Code("cannotListen")
    }

    public var code: Code
    public var message: String
    public var description: String { message }

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
