/// Why an activity file (GPX, FIT, TCX, or a compressed file or archive holding them) could not be
/// read. Names the file, the place where known (line and column of XML, byte offset of FIT), and
/// what is wrong; `code` is matchable and stable.
public struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
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
        /// The XML root is not `<TrainingCenterDatabase>` (TCX).
        public static let notTCX = Code("notTCX")
        /// The file is a FIT file, but not an activity (settings, course, monitoring …): `message` names its type.
        public static let notActivity = Code("notActivity")
        /// The FIT header is not a FIT header (size, `.FIT` signature, data size).
        public static let badFITHeader = Code("badFITHeader")
        /// A FIT file's CRC does not match and the data do not decode cleanly.
        public static let badCRC = Code("badCRC")
        /// The file stops in the middle of a message or element.
        public static let truncated = Code("truncated")
        /// A FIT data message uses a local message type that was never defined.
        public static let undefinedMessage = Code("undefinedMessage")
        /// The file (or a member of an archive) is larger than runlog accepts, or inflates past the limit.
        public static let tooLarge = Code("tooLarge")
        /// A compressed file or archive is damaged or of a kind that cannot be read.
        public static let badArchive = Code("badArchive")
        /// A point's `lat`/`lon` is missing, not a decimal number, or out of range.
        public static let invalidCoordinate = Code("invalidCoordinate")
        /// The file is in a format runlog does not read.
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
    /// Byte offset in the file (binary formats), when known.
    public var offset: Int?

    public init(code: Code, message: String, file: String, line: Int? = nil, column: Int? = nil, offset: Int? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `file:line:column: message`, the form compilers use.
    public var description: String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        } else if let offset {
            location += ": byte \(offset)"
        }
        return "\(location): \(message)"
    }
}
