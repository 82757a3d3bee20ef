/// A failure of the run library that is not a plain SQLite error.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// No run with the given number.
        public static let runNotFound = Code("runNotFound")
        /// Stored data could not be decoded.
        public static let corrupt = Code("corrupt")
        /// The library was written by a newer runlog.
        public static let newerSchema = Code("newerSchema")
        /// The library directory or file cannot be created or opened.
        public static let cannotOpen = Code("cannotOpen")
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
