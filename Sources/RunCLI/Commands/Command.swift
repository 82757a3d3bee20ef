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

/// What a command runs with: its console, the environment, and the library (opened on first use).
final class CommandContext {
    let console: Console
    let environment: [String: String]
    let libraryPath: String
    private var openedLibrary: Library?

    init(console: Console, environment: [String: String], libraryOverride: String?) {
        self.console = console
        self.environment = environment
        self.libraryPath = libraryOverride ?? LibraryLocation.libraryPath(environment: environment)
    }

    /// The run library, opened (and created) on first use.
    func library() throws -> Library {
        if let openedLibrary { return openedLibrary }
        let library = try Library(path: libraryPath)
        openedLibrary = library
        return library
    }

    /// Number formatting for people.
    var formatter: DisplayFormatter { DisplayFormatter(units: .metric) }

    /// Dates in the user's time zone (`TZ`).
    var calendar: CalendarText { CalendarText(timeZone: TimeZone.current) }

    /// Parses a RUN argument: the run's number as `runlog list` shows it.
    func runID(_ text: String, command: String) throws -> Int64 {
        guard let id = Int64(text), id > 0 else {
            throw UsageError("'\(text)' is not a run number (the number 'runlog list' shows, e.g. 3)", command: command)
        }
        return id
    }
}
