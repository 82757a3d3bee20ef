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
    /// Whether the user named the library with `--library`.
    let isLibraryExplicit: Bool
    private var openedLibrary: Library?

    init(console: Console, environment: [String: String], libraryOverride: String?) {
        self.console = console
        self.environment = environment
        self.libraryPath = libraryOverride ?? LibraryLocation.libraryPath(environment: environment)
        isLibraryExplicit = libraryOverride != nil
    }

    /// The run library, opened on first use. Only commands that store runs create it; the others
    /// report a missing library instead of creating an empty one (a mistyped `--library`).
    func library(creating: Bool = false) throws -> Library {
        if let openedLibrary { return openedLibrary }
        do {
            let library = try Library(path: libraryPath, creating: creating)
            openedLibrary = library
            return library
        } catch let error as StoreError where error.code == .noLibrary {
            throw StoreError(.noLibrary, isLibraryExplicit
                ? "there is no library at \(libraryPath) (check --library)"
                : "there is no library yet at \(libraryPath): import runs first with 'runlog import FILE...'")
        }
    }

    /// Whether the library file exists.
    var libraryExists: Bool { FileManager.default.fileExists(atPath: libraryPath) }

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
