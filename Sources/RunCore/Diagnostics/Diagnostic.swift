/// A note about the input that did not stop it from being read: a value that was ignored, an
/// assumption that was made, a point that was skipped on request. Shown in import reports.
package struct Diagnostic: Sendable, Hashable, Codable {
    package enum Severity: String, Sendable, Codable {
        /// Something the user should know: an assumption, a value that could not be used.
        case warning
        /// For information only.
        case note
    }

    /// A stable, matchable identifier of the kind of diagnostic (e.g. `timeZoneAssumed`).
    package var code: String
    package var severity: Severity
    /// What happened and, where useful, what was done about it.
    package var message: String
    /// 1-based line in the source file of the first occurrence, when known.
    package var line: Int?
    /// 1-based column of the first occurrence, when known.
    package var column: Int?
    /// How many times it occurred (diagnostics of one kind are merged).
    package var count: Int

    package init(code: String, severity: Severity = .warning, message: String, line: Int? = nil,
                column: Int? = nil, count: Int = 1) {
        self.code = code
        self.severity = severity
        self.message = message
        self.line = line
        self.column = column
        self.count = count
    }

    /// "line 12, column 5: message (3 times)".
    package var description: String {
        var text = ""
        if let line { text += "line \(line)" + (column.map { ", column \($0)" } ?? "") + ": " }
        text += message
        if count > 1 { text += " (\(count) times)" }
        return text
    }
}
