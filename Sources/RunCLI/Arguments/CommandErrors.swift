/// The command line was wrong: exit code 64 (EX_USAGE, sysexits.h), with a pointer to the help.
struct UsageError: Error {
    var message: String
    /// The command whose help to point to (nil: the general help).
    var command: String?

    init(_ message: String, command: String?) {
        self.message = message
        self.command = command
    }

    /// An action given too many or too few operands: says which (the extra words, quoted: a name
    /// of several words is one quoted argument), then the action's usage.
    static func operands(_ given: [String], expected: ClosedRange<Int>, usage: String, command: String) -> UsageError {
        let detail: String
        if given.count > expected.upperBound {
            let extra = given.dropFirst(expected.upperBound).map { "'\($0)'" }.joined(separator: " ")
            detail = "too many arguments: \(extra) (a name of several words is quoted: 'long runs')"
        } else {
            detail = expected.lowerBound - given.count > 1 ? "missing arguments" : "missing argument"
        }
        return UsageError("\(detail); usage: runlog \(usage)", command: command)
    }
}

/// The command could not do its job: exit code 1, message on standard error.
struct CommandFailure: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Exit codes of runlog.
package enum ExitCode {
    package static let success: Int32 = 0
    package static let failure: Int32 = 1
    /// Bad usage (EX_USAGE from sysexits.h).
    package static let usage: Int32 = 64
}
