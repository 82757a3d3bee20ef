import RunStore
import RunUI
import Foundation

/// A `runlog` subcommand: its name, help, accepted arguments, and what it does.
protocol Command {
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The full `--help` text (usage line, description, options).
    static var help: String { get }
    static var arguments: ArgumentSpec { get }
    /// Runs the command; returns the exit code.
    /// - Throws: ``UsageError`` (exit 64), ``CommandFailure`` (exit 1), or any error (exit 1).
    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32
}
