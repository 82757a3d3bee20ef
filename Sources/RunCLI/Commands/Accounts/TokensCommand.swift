import Foundation
import RunCore
import RunStore

/// `runlog tokens …`: a user's API tokens (`Authorization: Bearer`) — create, list, revoke.
enum TokensCommand: Command {
    static let name = "tokens"
    static let summary = "create, list and revoke a server user's API tokens"
    static let managesAccounts = true
    static let overview = """
        API tokens let scripts and devices act as a user of the server whose PostgreSQL database
        RUNLOG_DATABASE_URL names, sent as 'Authorization: Bearer TOKEN'. RUNLOG_USER is not
        needed: the user is named.

        create prints the new token once, on standard output: it is kept only as its SHA-256
        digest and cannot be shown again. A token is 'runlog_' and 43 characters (256 random
        bits); list shows each token's number, label, first characters and times. revoke refuses
        the token from then on. A disabled user's tokens are refused; a deleted user's are gone.
        """
    static let epilogue: String? = """
        create --json prints {"token", "id", "label", "hint", "createdAt"}; list --json prints
        {"tokens": [...]} with id, label, hint, createdAt and lastUsedAt (ISO 8601 UTC, null:
        never; noted at most once a minute). Exit status: 0 done, 1 failed (an unknown user or
        token), 64 bad usage.
        """
    enum Options {
        static let json = GlobalOptions.json("create, list: machine-readable output")
        static let label = Option("--label", .required("TEXT"), help: "create: what the token is for (\"watch\", \"backup script\")")
    }
    static let shape = CommandShape(
        options: [Options.json, Options.label],
        positionals: [Positional(actions: [
            Action("create", [Positional("USER")], usage: [.flag(Options.label), .flag(Options.json)]),
            Action("list", [Positional("USER")], usage: [.flag(Options.json)]),
            Action("revoke", [Positional("USER"), Positional("ID")]),
        ])],
        globals: [GlobalOptions.help])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        var words = arguments.positionals[...]
        let action = words.popFirst() ?? ""
        if arguments.value(Options.label) != nil, action != "create" { throw UsageError("--label belongs to create, not \(action)", command: name) }
        if arguments.has(Options.json), action == "revoke" { throw UsageError("--json belongs to create and list, not revoke", command: name) }
        func operands(_ count: Int, _ usage: String) throws -> [String] {
            guard words.count == count else { throw UsageError.operands(Array(words), expected: count...count, usage: "tokens \(usage)", command: name) }
            return Array(words)
        }
        let console = context.console
        switch action {
        case "create":
            let user = try operands(1, "create USER [--label TEXT] [--json]")[0]
            let made = try context.accounts().createToken(for: user, label: arguments.value(Options.label) ?? "",
                                                           nowSeconds: context.now.timeIntervalSince1970)
            if arguments.has(Options.json) {
                var object = AccountsOutput.json(made.info)
                object["token"] = .string(made.token)
                console.print(JSONValue.object(object).text())
            } else {
                console.print(made.token)
                console.error("runlog: API token \(made.info.id) of user '\(user)': shown this once, keep it now")
            }
        case "list":
            let user = try operands(1, "list USER [--json]")[0]
            let tokens = try context.accounts().tokens(of: user)
            if arguments.has(Options.json) {
                console.print(JSONValue.object(["tokens": .array(tokens.map { .object(AccountsOutput.json($0)) })]).text())
            } else {
                for line in AccountsOutput.table(tokens) { console.print(line) }
            }
        case "revoke":
            let given = try operands(2, "revoke USER ID")
            guard let id = Int64(given[1]), id > 0 else {
                throw UsageError("'\(given[1])' is not a token's number (the ID 'runlog tokens list' shows)", command: name)
            }
            try context.accounts().revokeToken(id, of: given[0])
            console.print("revoked API token \(id) of user '\(given[0])'")
        case "":
            throw UsageError("missing argument: an action (create, list, revoke)", command: name)
        default:
            throw UsageError("unknown tokens action '\(action)' (create, list, revoke)", command: name)
        }
        return ExitCode.success
    }
}
