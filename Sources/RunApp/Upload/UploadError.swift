package import RunCore

/// An upload refused at one of its caps (``UploadLimits``): which cap, its value, and the file of
/// the upload that passed it. `code` is matchable and stable; the sentences are RunUI's
/// `UploadErrorText`.
package struct UploadError: CodedError, Equatable {
    /// The cap passed.
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        package let rawValue: String
        package init(_ rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// The upload holds more files than ``UploadLimits/maximumFiles`` (refused as it arrives: nothing imported).
        package static let tooManyFiles = Code("tooManyFiles")
        /// The upload's files and the members of its archives are more than ``UploadLimits/maximumEntries``.
        package static let tooManyEntries = Code("tooManyEntries")
        /// The upload's archives and compressed files decompress to more than ``UploadLimits/maximumInflatedBytes``.
        package static let inflatesTooMuch = Code("inflatesTooMuch")

        /// Every code, for the tests and the texts.
        package static let all: [Code] = [.tooManyFiles, .tooManyEntries, .inflatesTooMuch]
    }

    package var code: Code
    /// The upload's file that passed the cap (an archive, or a compressed file); nil for ``Code/tooManyFiles``.
    package var file: String?
    /// The cap on files, for ``Code/tooManyFiles``.
    package var limitFiles: Int?
    /// The cap on entries, for ``Code/tooManyEntries``.
    package var limitEntries: Int?
    /// The cap on decompressed bytes, for ``Code/inflatesTooMuch``.
    package var limitBytes: Int?

    /// An upload of more files than `limit`.
    package static func tooManyFiles(limit: Int) -> UploadError {
        UploadError(code: .tooManyFiles, limitFiles: limit)
    }

    /// `file` brought the upload's entries past `limit`.
    package static func tooManyEntries(file: String, limit: Int) -> UploadError {
        UploadError(code: .tooManyEntries, file: file, limitEntries: limit)
    }

    /// `file` brought the upload's decompressed bytes past `limit`.
    package static func inflatesTooMuch(file: String, limit: Int) -> UploadError {
        UploadError(code: .inflatesTooMuch, file: file, limitBytes: limit)
    }

    package init(code: Code, file: String? = nil, limitFiles: Int? = nil, limitEntries: Int? = nil, limitBytes: Int? = nil) {
        self.code = code
        self.file = file
        self.limitFiles = limitFiles
        self.limitEntries = limitEntries
        self.limitBytes = limitBytes
    }

    package var codeName: String { code.rawValue }

    /// `file`, `limitFiles`, `limitEntries`, `limitBytes`, as far as known.
    package var data: [String: JSONValue] {
        .known(["file": file.map { .string($0) }, "limitFiles": limitFiles.map { .integer(Int64($0)) },
                "limitEntries": limitEntries.map { .integer(Int64($0)) }, "limitBytes": limitBytes.map { .integer(Int64($0)) }])
    }

    package var description: String {
        switch code {
        case .tooManyFiles:
            return "the upload holds more than \(limitFiles ?? 0) files; this server takes at most that many in one upload"
        case .tooManyEntries:
            return "\(file ?? "the upload"): the upload holds more than \(limitEntries ?? 0) files and archive members in all; "
                + "this server reads no more from one upload"
        default:
            return "\(file ?? "the upload"): the upload decompresses to more than \(limitBytes ?? 0) bytes in all; "
                + "this server reads no more from one upload"
        }
    }
}
