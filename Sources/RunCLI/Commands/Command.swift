import RunStore
import RunUI
import Foundation

/// A `runlog` subcommand: its name, what it takes (declared once in ``shape``), what it says
/// about itself, and what it does.
protocol Command {
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// What the command does, in paragraphs for its `--help` (the options are listed from ``shape``).
    static var overview: String { get }
    /// Paragraphs after the options in `--help` (exit status, how the output reads); nil for none.
    static var epilogue: String? { get }
    /// Its options and arguments: the parser, the help and the shell completions read them.
    static var shape: CommandShape { get }
    /// Whether the command manages a server's accounts (every user's): it takes no `RUNLOG_USER`
    /// and reads no settings.
    static var managesAccounts: Bool { get }
    /// Whether the command serves every user of a database when `RUNLOG_USER` is not set (`serve`).
    static var servesManyUsers: Bool { get }
    /// The option naming a database in place of `RUNLOG_DATABASE_URL` (`serve --database`), if the command has one.
    static var databaseOption: Option? { get }
    /// Runs the command; returns the exit code.
    /// - Throws: ``UsageError`` (exit 64), ``CommandFailure`` (exit 1), or any error (exit 1).
    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32
}

extension Command {
    static var epilogue: String? { nil }
    static var managesAccounts: Bool { false }
    static var servesManyUsers: Bool { false }
    static var databaseOption: Option? { nil }

    /// The full `--help` text: usage lines, the overview, the options.
    static var help: String { HelpText.help(name: name, shape: shape, description: overview, epilogue: epilogue) }
}
