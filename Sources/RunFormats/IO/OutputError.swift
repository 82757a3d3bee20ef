package import RunCore
import Foundation

/// A write to a ``ByteOutput`` (a file, a pipe, standard output) failed: the disk is full, or the
/// system refused it for another reason. `code` is matchable and stable; the data (the ``file``
/// written to, the system's ``reason``) let a front end say it in the user's language (RunUI's
/// `OutputErrorText`).
package struct OutputError: CodedError, Equatable {
    /// The kind of failure.
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        package let rawValue: String
        package init(_ rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// No space is left on the device, or the disk quota is used up.
        package static let diskFull = Code("diskFull")
        /// Any other failure to write (a closed pipe, an I/O error, a file too large).
        package static let writeFailed = Code("writeFailed")

        /// Every code, for the tests and the texts.
        package static let all: [Code] = [.diskFull, .writeFailed]
    }

    package var code: Code
    /// What was written to, as the user named it (`standard output`, a path).
    package var file: String
    /// The system's words for the failure (`No space left on device`), in English.
    package var reason: String

    package init(_ code: Code, file: String, reason: String) {
        self.code = code
        self.file = file
        self.reason = reason
    }

    /// The failure of a write to `file` that set `errorNumber` (`errno`).
    package init(file: String, errorNumber: Int32) {
        let isFull = errorNumber == ENOSPC || errorNumber == EDQUOT
        self.init(isFull ? .diskFull : .writeFailed, file: file, reason: String(cString: strerror(errorNumber)))
    }

    package var codeName: String { code.rawValue }

    /// `file`, `reason`.
    package var data: [String: JSONValue] { ["file": .string(file), "reason": .string(reason)] }

    /// `cannot write to standard output: No space left on device`.
    package var description: String { "cannot write to \(file): \(reason)" }
}
