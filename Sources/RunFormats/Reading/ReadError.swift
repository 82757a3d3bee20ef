package import RunCore

/// Why an activity file (GPX, FIT, TCX, or a compressed file or archive holding them) could not be
/// read. Names the file, the place where known (line and column of XML, byte offset of FIT), the
/// limit that was passed, what would help (``Remedy``), and what is wrong in English; `code` is
/// matchable and stable. The sentence for people and the hint naming a flag are written by the
/// front ends (RunUI's `ReadErrorText`).
package struct ReadError: CodedError, Equatable {
    /// The kind of failure.
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        package let rawValue: String
        package init(_ rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// The file is empty (or only whitespace).
        package static let emptyFile = Code("emptyFile")
        /// The file is binary data, not XML text.
        package static let binaryData = Code("binaryData")
        /// The XML is not well-formed (truncated, mis-nested, bad characters, undeclared prefix …).
        package static let notWellFormed = Code("notWellFormed")
        /// The document declares entities, which are refused (XXE and entity-expansion attacks).
        package static let entityDeclaration = Code("entityDeclaration")
        /// The root element is not `<gpx>`.
        package static let notGPX = Code("notGPX")
        /// The XML root is not `<TrainingCenterDatabase>` (TCX).
        package static let notTCX = Code("notTCX")
        /// The file is a FIT file, but not an activity (settings, course, monitoring …): `message` names its type.
        package static let notActivity = Code("notActivity")
        /// The FIT header is not a FIT header (size, `.FIT` signature, data size).
        package static let badFITHeader = Code("badFITHeader")
        /// A FIT file's CRC does not match and the data do not decode cleanly.
        package static let badCRC = Code("badCRC")
        /// The file stops in the middle of a message or element.
        package static let truncated = Code("truncated")
        /// A FIT data message uses a local message type that was never defined.
        package static let undefinedMessage = Code("undefinedMessage")
        /// The file (or a member of an archive) is larger than accepted, or inflates past the limit (``limitBytes``, or ``limitMembers`` for an archive's members).
        package static let tooLarge = Code("tooLarge")
        /// A compressed file or archive is damaged or of a kind that cannot be read.
        package static let badArchive = Code("badArchive")
        /// A point's `lat`/`lon` is missing, not a decimal number, or out of range.
        package static let invalidCoordinate = Code("invalidCoordinate")
        /// The file is in a format that is not read.
        package static let unsupportedFormat = Code("unsupportedFormat")
        /// The file could not be read from disk.
        package static let io = Code("io")
        /// The text of one element is longer than ``ReadLimits/maximumTextBytes`` (``limitBytes``; the element in ``element``).
        package static let textTooLong = Code("textTooLong")
        /// Elements inside an extension are nested deeper than ``ReadLimits/maximumExtensionDepth`` (``limitDepth``; the
        /// extension's element in ``element``).
        package static let nestedTooDeep = Code("nestedTooDeep")
        /// An XML document uses more than ``ReadLimits/maximumNames`` different names (``limitNames``).
        package static let tooManyNames = Code("tooManyNames")
        /// A tag of an XML document holds more than ``ReadLimits/maximumAttributes`` attributes (``limitAttributes``).
        package static let tooManyAttributes = Code("tooManyAttributes")
    }

    /// What would make the file readable.
    package struct Remedy: Hashable, Sendable, CustomStringConvertible {
        package let rawValue: String
        package init(_ rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// Reading the file leniently: points with invalid coordinates left out, the decoded part
        /// of a damaged FIT file kept.
        package static let readLeniently = Remedy("readLeniently")
        /// Importing it as an archive (it holds files, not one activity).
        package static let importAsArchive = Remedy("importAsArchive")
    }

    package var code: Code
    /// What is wrong, in English, for logs and tests (it names no command or flag).
    package var message: String
    /// The file's name or path as the user gave it (`-` for standard input).
    package var file: String
    /// 1-based line, when known.
    package var line: Int?
    /// 1-based column, when known.
    package var column: Int?
    /// Byte offset in the file (binary formats), when known.
    package var offset: Int?
    /// The size passed, in bytes, for ``Code/tooLarge``.
    package var limitBytes: Int?
    /// The number of an archive's members passed, for ``Code/tooLarge``.
    package var limitMembers: Int?
    /// The nesting depth passed, for ``Code/nestedTooDeep``.
    package var limitDepth: Int?
    /// The number of different names passed, for ``Code/tooManyNames``.
    package var limitNames: Int?
    /// The number of attributes of one tag passed, for ``Code/tooManyAttributes``.
    package var limitAttributes: Int?
    /// The element concerned (`name`, `gpxx:RouteExtension`), for ``Code/textTooLong``,
    /// ``Code/nestedTooDeep`` and an extension that is ``Code/tooLarge``.
    package var element: String?
    /// What would help, when something would.
    package var remedy: Remedy?

    package init(code: Code, message: String, file: String, line: Int? = nil, column: Int? = nil, offset: Int? = nil,
                limitBytes: Int? = nil, limitMembers: Int? = nil, limitDepth: Int? = nil, limitNames: Int? = nil,
                limitAttributes: Int? = nil, element: String? = nil, remedy: Remedy? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.offset = offset
        self.limitBytes = limitBytes
        self.limitMembers = limitMembers
        self.limitDepth = limitDepth
        self.limitNames = limitNames
        self.limitAttributes = limitAttributes
        self.element = element
        self.remedy = remedy
    }

    package var codeName: String { code.rawValue }

    /// `file`, `line`, `column`, `offsetBytes`, `limitBytes`, `limitMembers`, `limitDepth`, `limitNames`, `limitAttributes`,
    /// `element`, `remedy`, as far as known.
    package var data: [String: JSONValue] {
        .known(["file": .string(file), "line": line.map { .integer(Int64($0)) }, "column": column.map { .integer(Int64($0)) },
                "offsetBytes": offset.map { .integer(Int64($0)) }, "limitBytes": limitBytes.map { .integer(Int64($0)) },
                "limitMembers": limitMembers.map { .integer(Int64($0)) }, "limitDepth": limitDepth.map { .integer(Int64($0)) },
                "limitNames": limitNames.map { .integer(Int64($0)) }, "limitAttributes": limitAttributes.map { .integer(Int64($0)) },
                "element": element.map { .string($0) }, "remedy": remedy.map { .string($0.rawValue) }])
    }

    /// Where in the file: `file:line:column`, or `file: byte N`, as far as known.
    package var location: String {
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
    package var description: String { "\(location): \(message)" }
}
