import Foundation
import RunCore
import RunStore

/// `runlog users …`: the accounts of a server's PostgreSQL database — add, list, disable, enable,
/// reset-password, delete — as its operator does them.
enum UsersCommand: Command {
    static let name = "users"
    static let summary = "add, list, disable, enable, reset the password of and delete a server's users"
    static let managesAccounts = true
    static let overview = """
        Manages the accounts of the PostgreSQL database RUNLOG_DATABASE_URL names (server mode),
        every user's, as the server's operator: RUNLOG_USER is not needed. A library kept in files
        is one person's and has no accounts.

        A user name takes 1 to 64 characters: letters, digits and . _ - @ +. A user is a runner
        (their own runs) or an admin (who manages accounts, not other users' runs). Passwords are
        never given on the command line: they are typed at the terminal, twice and without echo,
        or read from standard input's first line with --password-stdin. They take at least 8
        characters; they are kept as Argon2id hashes only.

        disable keeps the user's data but refuses their logins and API tokens, and ends their
        web sessions at once; enable lets them in again. reset-password sets a new password,
        ends every web session of the user and revokes all their API tokens (make new ones
        with 'runlog tokens create'): what follows a password that leaked. delete deletes the user and all their data — runs and their original files,
        settings, search sets, the live recording, API tokens — at once and for good: it asks
        for the user's name at a terminal, or takes --yes.
        """
    static let epilogue: String? = """
        list --json prints {"users": [...]}: name, role, disabled, hasPassword, createdAt and
        lastLoginAt (ISO 8601 UTC, null: never). Exit status: 0 done, 1 failed (an unknown or
        existing user, a password refused), 64 bad usage.
        """
    enum Options {
        static let json = GlobalOptions.json("list: machine-readable output")
        static let role = Option("--role", .required("ROLE", .words(AccountRole.allCases.map(\.rawValue))),
                                 help: "add: runner (default) or admin")
        static let passwordStdin = Option("--password-stdin", help: "add, reset-password: read the password from standard input's first line")
        static let yes = Option("--yes", help: "delete: delete without asking (needed when standard input is not a terminal)")
    }
    static let shape = CommandShape(
        options: [Options.json, Options.role, Options.passwordStdin, Options.yes],
        positionals: [Positional(actions: [
            Action("list", usage: [.flag(Options.json)]),
            Action("add", [Positional("NAME")], usage: [.flag(Options.role), .flag(Options.passwordStdin)]),
            Action("disable", [Positional("NAME")]),
            Action("enable", [Positional("NAME")]),
            Action("reset-password", [Positional("NAME")], usage: [.flag(Options.passwordStdin)]),
            Action("delete", [Positional("NAME")], usage: [.flag(Options.yes)]),
        ])],
        globals: [GlobalOptions.help])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        var words = arguments.positionals[...]
        let action = words.popFirst() ?? ""
        let belongs: [(Option, Set<String>)] = [(Options.json, ["list"]), (Options.role, ["add"]),
                                                (Options.passwordStdin, ["add", "reset-password"]), (Options.yes, ["delete"])]
        for (option, actions) in belongs where arguments.value(option) != nil && !actions.contains(action) {
            throw UsageError("\(option.key) belongs to \(actions.sorted().joined(separator: " and ")), not \(action)", command: name)
        }
        func userName() throws -> String {
            guard words.count == 1 else { throw UsageError.operands(Array(words), expected: 1...1, usage: "users \(action) NAME", command: name) }
            return words[words.startIndex]
        }
        let console = context.console
        let now = context.now.timeIntervalSince1970
        switch action {
        case "list":
            guard words.isEmpty else { throw UsageError.operands(Array(words), expected: 0...0, usage: "users list [--json]", command: name) }
            let accounts = try context.accounts().list()
            if arguments.has(Options.json) {
                console.print(AccountsOutput.json(accounts).text())
            } else {
                for line in AccountsOutput.table(accounts) { console.print(line) }
            }
        case "add":
            let user = try userName()
            let role = try arguments.value(Options.role).map { text in
                guard let role = AccountRole(rawValue: text) else { throw UsageError("--role is runner or admin, not '\(text)'", command: name) }
                return role
            } ?? .runner
            try Accounts.validateName(user)
            let accounts = try context.accounts()
            // Said before the password is asked for.
            if (try? accounts.account(named: user)) != nil { throw AccountError.userExists(user) }
            let password = try password(for: user, arguments, context)
            let account = try accounts.add(name: user, role: role, password: password, nowSeconds: now)
            console.print("added user '\(account.name)' (\(account.role.rawValue))")
        case "disable", "enable":
            let user = try userName()
            let disabling = action == "disable"
            let before = try context.accounts().setDisabled(disabling, name: user)
            let what = disabling ? "disabled" : "enabled"
            console.print(before.isDisabled == disabling ? "user '\(user)' was \(what) already" : "\(what) user '\(user)'")
        case "reset-password":
            let user = try userName()
            let accounts = try context.accounts()
            _ = try accounts.account(named: user)
            let ended = try accounts.resetPassword(of: user, to: try password(for: user, arguments, context))
            console.print("set the password of user '\(user)'; ended \(ended.sessions) web session\(ended.sessions == 1 ? "" : "s") "
                          + "and revoked \(ended.tokens) API token\(ended.tokens == 1 ? "" : "s")")
        case "delete":
            let user = try userName()
            let accounts = try context.accounts()
            _ = try accounts.account(named: user)
            if !arguments.has(Options.yes) {
                let prompt = "delete user '\(user)' with all their runs, settings and API tokens, for good? Type the name to confirm: "
                guard let answer = try SecretInput.answer(prompt, console: console) else {
                    throw UsageError("deleting a user deletes all their data: confirm with --yes", command: name)
                }
                guard answer == user else { throw CommandFailure("'\(answer)' is not '\(user)': nothing deleted") }
            }
            try accounts.delete(name: user)
            console.print("deleted user '\(user)' and all their data")
        case "":
            throw UsageError("missing argument: an action (list, add, disable, enable, reset-password, delete)", command: name)
        default:
            throw UsageError("unknown users action '\(action)' (list, add, disable, enable, reset-password, delete)", command: name)
        }
        return ExitCode.success
    }

    /// The new password: standard input's first line with `--password-stdin`, else typed twice at the terminal.
    private static func password(for user: String, _ arguments: ParsedArguments, _ context: CommandContext) throws -> String {
        let password = arguments.has(Options.passwordStdin)
            ? try SecretInput.firstLine(of: context.console)
            : try SecretInput.typed("password for '\(user)': ", confirming: true, console: context.console, command: name)
        try Accounts.validatePassword(password)
        return password
    }
}
