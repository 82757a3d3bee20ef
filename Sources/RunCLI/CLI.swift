import RunCore
import RunFormats
package import RunStore
import RunUI
import Foundation

/// The `runlog` command line, callable in process (tests) and from `main.swift`.
package enum CLI {
    package static let version = "0.1.0"

    static var commands: [any Command.Type] { [
        ImportCommand.self, ListCommand.self, ShowCommand.self, ExportCommand.self, StatsCommand.self,
        RecordsCommand.self, RegionCommand.self, ReanalyzeCommand.self, EditCommand.self, DeleteCommand.self, SearchCommand.self, SearchSetsCommand.self,
        ShareCommand.self, SettingsCommand.self, RecordCommand.self, LiveCommand.self, WidgetCommand.self, ServeCommand.self,
        UsersCommand.self, TokensCommand.self, CompletionsCommand.self, HelpCommand.self,
    ] }

    /// Runs `runlog` with `arguments` (without the program name).
    /// - Returns: the exit code: 0 success, 1 failure, 64 bad usage.
    /// - Parameters:
    ///   - storage: the storage the library and the shared store are kept in (the program's entry
    ///     point chooses it; runlog is built with SQLite's, `RunStoreSQLite.SQLiteStorage`).
    ///   - database: the storage in a database server, used instead when `RUNLOG_DATABASE_URL` names
    ///     one (with `RUNLOG_USER`, the runlog user whose data to use); nil: this build has none.
    package static func run(arguments: [String], environment: [String: String], console: Console,
                           storage: any FileStorageBackend.Type, database: (any DatabaseStorageBackend.Type)? = nil) -> Int32 {
        let status = runCommand(arguments: arguments, environment: environment, console: console, storage: storage, database: database)
        console.flush()
        if let failure = console.outputError { return report(failure, console: console) }
        return status
    }

    private static func runCommand(arguments: [String], environment: [String: String], console: Console,
                                   storage: any FileStorageBackend.Type, database: (any DatabaseStorageBackend.Type)?) -> Int32 {
        // Options given before the command (`runlog --library X list`) belong to the command.
        var leading: [String] = []
        var rest = arguments[...]
        while let token = rest.first, token.hasPrefix("-") {
            if GlobalOptions.help.names.contains(token) { console.print(generalHelp); return ExitCode.success }
            if GlobalOptions.version.names.contains(token) { console.print("runlog \(version)"); return ExitCode.success }
            rest = rest.dropFirst()
            leading.append(token)
            if GlobalOptions.commandOptions.contains(where: { $0.takesValue && $0.names.contains(token) }), let value = rest.first {
                leading.append(value)
                rest = rest.dropFirst()
            }
        }
        guard let first = rest.first else {
            if let option = leading.first {
                return report(UsageError("\(option) must come with a command (e.g. runlog \(option) list)", command: nil), console: console)
            }
            console.error(generalHelp)
            return ExitCode.usage
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            return report(UsageError("unknown command '\(first)'", command: nil), console: console)
        }
        var context: CommandContext?
        do {
            let parsed = try ParsedArguments.parse(leading + Array(rest.dropFirst()), shape: command.shape,
                                                   command: command.name)
            if parsed.has(GlobalOptions.help) {
                console.print(command.help)
                return ExitCode.success
            }
            if let library = parsed.value(GlobalOptions.library), library.isEmpty {
                throw UsageError("--library needs the path of a library file", command: command.name)
            }
            if let profile = parsed.value(GlobalOptions.profile), profile.isEmpty {
                throw UsageError("--profile needs the name of a settings profile", command: command.name)
            }
            let commandContext = try CommandContext(console: console, environment: environment, storage: storage, database: database,
                                                    libraryOverride: parsed.value(GlobalOptions.library),
                                                    profileOverride: parsed.value(GlobalOptions.profile), command: command.name,
                                                    needsUser: !command.managesAccounts, servesManyUsers: command.servesManyUsers,
                                                    databaseOverride: command.databaseOption.flatMap(parsed.value))
            context = commandContext
            // Every command but these runs with the settings: read them first, so a damaged
            // settings store stops the command with its explanation instead of being ignored.
            if ![SettingsCommand.name, HelpCommand.name, CompletionsCommand.name].contains(command.name), !command.managesAccounts,
               commandContext.serverDatabase == nil {
                _ = try commandContext.settings()
            }
            return try command.run(parsed, in: commandContext)
        } catch let usage as UsageError where usage.message.hasPrefix("missing argument") {
            // Say what the command takes: its usage lines, before the pointer to --help.
            console.flush()
            console.error("runlog: \(usage.message)")
            for line in command.help.split(separator: "\n", omittingEmptySubsequences: false).prefix(while: { !$0.isEmpty }) {
                console.error(String(line))
            }
            console.error("see 'runlog \(command.name) --help'")
            return ExitCode.usage
        } catch {
            return report(error, console: console, language: context?.languageOfReadSettings ?? .english, shape: command.shape)
        }
    }

    /// Prints an error the way the CLI does and returns its exit code: the sentence in `language`
    /// (the settings' language, once they were read), the hint as typed (English).
    /// A hint that names an option the command does not take (the reader's `--skip-invalid-points`
    /// said to `runlog region`) is left out.
    static func report(_ error: any Error, console: Console, language: Language = .english, shape: CommandShape? = nil) -> Int32 {
        console.flush()
        if var text = ErrorText(error, language: language) {
            if let hint = text.commandLineHint, let shape, !Self.optionsExist(in: hint, shape: shape) { text.commandLineHint = nil }
            say(text, console: console)
            return ExitCode.failure
        }
        switch error {
        case let usage as UsageError:
            console.error("runlog: \(usage.message)")
            console.error("see 'runlog \(usage.command.map { "\($0) " } ?? "")--help'")
            return ExitCode.usage
        case let failure as CommandFailure:
            console.error("runlog: \(failure.message)")
        default:
            console.error("runlog: \(error)")
        }
        return ExitCode.failure
    }

    /// Whether every option a hint names (`--name`) is one the command takes; a hint naming another
    /// command (`'runlog import' reads archives`) is about that command and kept.
    static func optionsExist(in hint: String, shape: CommandShape) -> Bool {
        guard !hint.contains("'runlog ") else { return true }
        return hint.matches(of: /--[a-z][a-z-]*/).allSatisfy { shape.option(named: String($0.output)) != nil }
    }

    /// An error of the layers below, as the CLI says it: `runlog: SENTENCE`, then the hint (the
    /// flag or command that helps) on a line of its own.
    static func say(_ text: ErrorText, console: Console) {
        console.error("runlog: \(text.sentence)")
        if let hint = text.commandLineHint { console.error(hint) }
    }

    /// What `runlog --help` lists under "options": the global options and `--json`, as they apply to every command.
    static let generalOptions = [
        GlobalOptions.library.help("""
            the library file (default: $RUNLOG_HOME/library.sqlite, else
            $XDG_DATA_HOME/runlog/library.sqlite, else ~/.local/share/runlog/library.sqlite)
            """),
        GlobalOptions.profile.help("the settings profile to use (default: the active one; see 'runlog settings')"),
        GlobalOptions.json("""
            machine-readable output, for the commands that print results
            (SI units with the unit in the key, ISO 8601 UTC times)
            """),
        GlobalOptions.help.help("help for runlog or the command"),
        GlobalOptions.version,
    ]

    /// `runlog --help`: the commands with their summaries and the options every command takes.
    static var generalHelp: String {
        [
            "runlog — a run log for GPX recordings",
            "usage: runlog COMMAND [options] [arguments]",
            "commands:\n" + HelpText.rows(commands.map { ($0.name, $0.summary) }),
            "options (before or after the command):\n" + HelpText.table(generalOptions),
            "Times for people are in your time zone (TZ); times in JSON are UTC.",
            """
            Data is kept in files under $RUNLOG_HOME; RUNLOG_DATABASE_URL (postgresql://…) keeps it in
            a PostgreSQL database instead, as the runlog user RUNLOG_USER ('runlog users' and
            'runlog tokens' manage the database's accounts).
            """,
            "exit codes: 0 success, 1 failure, 64 bad usage. 'runlog COMMAND --help' tells more.",
        ].joined(separator: "\n\n")
    }
}
