public import RunCore

/// Why an activity file (GPX, FIT, TCX, or a compressed file or archive holding them) could not be
/// read. Names the file, the place where known (line and column of XML, byte offset of FIT), the
/// limit that was passed, what would help (``Remedy``), and what is wrong in English; `code` is
/// matchable and stable. The sentence for people and the hint naming a flag are written by the
/// front ends (RunUI's `ReadErrorText`).
public struct ReadError: CodedError, Equatable {
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
        /// The document declares entities, which are refused (XXE and entity-expansion attacks).
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
        /// The file (or a member of an archive) is larger than accepted, or inflates past the limit (``limitBytes``, or ``limitMembers`` for an archive's members).
        public static let tooLarge = Code("tooLarge")
        /// A compressed file or archive is damaged or of a kind that cannot be read.
        public static let badArchive = Code("badArchive")
        /// A point's `lat`/`lon` is missing, not a decimal number, or out of range.
        public static let invalidCoordinate = Code("invalidCoordinate")
        /// The file is in a format that is not read.
        public static let unsupportedFormat = Code("unsupportedFormat")
        /// The file could not be read from disk.
        public static let io = Code("io")
    }

    /// What would make the file readable.
    public struct Remedy: Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Reading the file leniently: points with invalid coordinates left out, the decoded part
        /// of a damaged FIT file kept.
        public static let readLeniently = Remedy("readLeniently")
        /// Importing it as an archive (it holds files, not one activity).
        public static let importAsArchive = Remedy("importAsArchive")
    }

    public var code: Code
    /// What is wrong, in English, for logs and tests (it names no command or flag).
    public var message: String
    /// The file's name or path as the user gave it (`-` for standard input).
    public var file: String
    /// 1-based line, when known.
    public var line: Int?
    /// 1-based column, when known.
    public var column: Int?
    /// Byte offset in the file (binary formats), when known.
    public var offset: Int?
    /// The size passed, in bytes, for ``Code/tooLarge``.
    public var limitBytes: Int?
    /// The number of an archive's members passed, for ``Code/tooLarge``.
    public var limitMembers: Int?
    /// What would help, when something would.
    public var remedy: Remedy?

    public init(code: Code, message: String, file: String, line: Int? = nil, column: Int? = nil, offset: Int? = nil,
                limitBytes: Int? = nil, limitMembers: Int? = nil, remedy: Remedy? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.offset = offset
        self.limitBytes = limitBytes
        self.limitMembers = limitMembers
        self.remedy = remedy
    }

    public var codeName: String { code.rawValue }

    /// `file`, `line`, `column`, `offsetBytes`, `limitBytes`, `limitMembers`, `remedy`, as far as known.
    public var data: [String: JSONValue] {
        .known(["file": .string(file), "line": line.map { .integer(Int64($0)) }, "column": column.map { .integer(Int64($0)) },
                "offsetBytes": offset.map { .integer(Int64($0)) }, "limitBytes": limitBytes.map { .integer(Int64($0)) },
                "limitMembers": limitMembers.map { .integer(Int64($0)) }, "remedy": remedy.map { .string($0.rawValue) }])
    }

    /// Where in the file: `file:line:column`, or `file: byte N`, as far as known.
    public var location: String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        } else if let offset {
            location += ": byte \(offset)"
        }
        return location
    }

    /// `file:line:column: message`, the form compilers use.
    public var description: String { "\(location): \(message)" }
}
