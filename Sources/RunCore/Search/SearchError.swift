/// A search or a saved search set that cannot be used: a bad definition, an unknown or protected
/// set, a name that is taken or not allowed. The message says what is wrong and what to do.
public struct SearchError: Error, Sendable, Equatable, CustomStringConvertible {
    public struct Code: Hashable, Sendable {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// A filter's value is not allowed (a range upside down, an unknown sport, two date filters).
        public static let invalidDefinition = Code("invalidDefinition")
        /// No set has the name; the message lists the sets that exist.
        public static let unknownSet = Code("unknownSet")
        /// The name is not allowed (empty, spaces at its ends, too long, control characters).
        public static let invalidName = Code("invalidName")
        /// Another set has the name (names are compared without regard to case).
        public static let nameTaken = Code("nameTaken")
        /// The default set "All runs" cannot be changed, renamed or deleted.
        public static let protectedSet = Code("protectedSet")
        /// The set is the default search set of a settings profile and cannot be deleted.
        public static let setInUse = Code("setInUse")
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
