/// Why a GPX file could not be read. Names the file, the line and column where known, and what
/// is wrong; `code` is matchable.
public struct GPXError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The file is empty (or only whitespace).
        public static let emptyFile = Code("emptyFile")
        /// The file is binary data, not XML text.
        public static let binaryData = Code("binaryData")
        /// The XML is not well-formed (truncated, mis-nested, bad characters, undeclared prefix …).
        public static let notWellFormed = Code("notWellFormed")
        /// The document declares entities, which runlog refuses (XXE and entity-expansion attacks).
        public static let entityDeclaration = Code("entityDeclaration")
        /// The root element is not `<gpx>`.
        public static let notGPX = Code("notGPX")
        /// A point's `lat`/`lon` is missing, not a decimal number, or out of range.
        public static let invalidCoordinate = Code("invalidCoordinate")
        /// The file is in a format runlog does not read yet (TCX, FIT).
        public static let unsupportedFormat = Code("unsupportedFormat")
        /// The file could not be read from disk.
        public static let io = Code("io")
    }

    public var code: Code
    /// What is wrong, in words a user can act on.
    public var message: String
    /// The file's name or path as the user gave it (`-` for standard input).
    public var file: String
    /// 1-based line, when known.
    public var line: Int?
    /// 1-based column, when known.
    public var column: Int?

    public init(code: Code, message: String, file: String, line: Int? = nil, column: Int? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column: message`, the form compilers use.
    public var description: String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): \(message)"
    }
}
