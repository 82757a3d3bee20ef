package import RunCore

/// Stored data that cannot be read back: a damaged original, analysis, samples, setting or live
/// state. Nothing is guessed from it. `message` names what (and the run, when it is one's) in English.
package struct StoredDataError: CodedError, Equatable {
    package struct Code: Hashable, Sendable {
        package let rawValue: String
        package init(_ rawValue: String) { self.rawValue = rawValue }
        /// Stored data could not be decoded.
        package static let corrupt = Code("corrupt")
    }

    package var code: Code
    package var message: String
    /// The run the data belongs to, when it is a run's.
    package var runID: Int64?

    package init(_ message: String, runID: Int64? = nil) {
        code = .corrupt
        self.message = message
        self.runID = runID
    }

    package var description: String { message }
    package var codeName: String { code.rawValue }
    package var data: [String: JSONValue] { .known(["runID": runID.map { .integer($0) }]) }
}
