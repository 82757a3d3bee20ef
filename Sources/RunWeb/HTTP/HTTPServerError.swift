/// Why the server could not start.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// The host is not a numeric address or `localhost`.
        public static let badAddress = Code("badAddress")
        /// libmicrohttpd could not start (the port is taken, or not allowed).
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
