import Foundation
import RunCLI
import RunStore
import RunStorePostgres
import RunStoreSQLite
import Testing
import TestSupport

/// `runlog users` and `runlog tokens` on the test database: in process (the exit codes, the
/// errors, the output) and through the built executable (a password piped in, never in argv).
/// What a command did is checked through RunStore's `Accounts`, not through runlog's own output.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipNote))
struct PostgresAccountsCLITests {
    let home = TemporaryDirectory("runlog-cli-accounts")

    func environment() throws -> [String: String] {
        ["RUNLOG_HOME": home.path, "HOME": home.path, "TZ": "UTC", "RUNLOG_NOW": "2026-09-20T12:00:00Z",
         "RUNLOG_DATABASE_URL": try TestDatabase.requireURL()]
    }

    func run(_ arguments: [String], input: String? = nil, environment: [String: String]? = nil) throws -> (status: Int32, out: String, err: String) {
        let console = Console.capturing(input: input.map { Array($0.utf8) })
        let status = CLI.run(arguments: arguments, environment: try environment ?? self.environment(), console: console,
                             storage: SQLiteStorage.self, database: PostgresStorage.self)
        return (status, console.outputText, console.errorText)
    }

    func accounts() throws -> Accounts { Accounts(store: try PostgresStorage.openAccountStore(url: try TestDatabase.requireURL())) }

    func freshName(_ label: String) -> String { "\(label)-\(UUID().uuidString.lowercased())" }

    @Test func usersThroughTheBuiltExecutable() throws {
        let name = freshName("ines")
        let binary = ExternalTools.runlogBinary
        let added = try ExternalTools.run(binary, ["users", "add", name, "--role", "admin", "--password-stdin"],
                                          stdin: Array("a phrase to log in with\n".utf8), environment: try environment())
        #expect(added.status == 0, "\(added.error)")
        #expect(added.output == "added user '\(name)' (admin)\n")
        let account = try accounts().authenticate(name: name, password: "a phrase to log in with", nowSeconds: 1_000)
        #expect(account.role == .admin)

        let listed = try ExternalTools.run(binary, ["users", "list", "--json"], environment: try environment())
        let json = try #require(try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [String: Any])
        let users = try #require(json["users"] as? [[String: Any]])
        let mine = try #require(users.first { $0["name"] as? String == name })
        #expect(mine["role"] as? String == "admin" && mine["disabled"] as? Bool == false && mine["hasPassword"] as? Bool == true)
        #expect(mine["createdAt"] as? String == "2026-09-20T12:00:00Z", "RUNLOG_NOW's time, in ISO 8601 UTC")
        #expect(mine["lastLoginAt"] as? String == "1970-01-01T00:16:40Z")

        // Deleting needs a confirmation: no terminal and no --yes deletes nothing.
        let unconfirmed = try ExternalTools.run(binary, ["users", "delete", name], environment: try environment())
        #expect(unconfirmed.status == 64 && unconfirmed.error.contains("--yes"), "\(unconfirmed.error)")
        #expect(try accounts().account(named: name).name == name)
        let deleted = try ExternalTools.run(binary, ["users", "delete", name, "--yes"], environment: try environment())
        #expect(deleted.status == 0, "\(deleted.error)")
        #expect { try self.accounts().account(named: name) } throws: { ($0 as? AccountError)?.code == .unknownUser }
    }

    @Test func usersInProcess() throws {
        let name = freshName("jan")
        #expect(try run(["users", "add", name, "--password-stdin"], input: "first password\r\nignored").status == 0)
        _ = try accounts().authenticate(name: name, password: "first password", nowSeconds: 0)
        #expect(try accounts().account(named: name).role == .runner)

        let again = try run(["users", "add", name, "--password-stdin"], input: "first password\n")
        #expect(again.status == 1 && again.err.contains("exists already"), "\(again.err)")
        let short = try run(["users", "add", freshName("k"), "--password-stdin"], input: "1234567\n")
        #expect(short.status == 1 && short.err.contains("fewer than 8 characters"), "\(short.err)")
        let empty = try run(["users", "add", freshName("k"), "--password-stdin"], input: "")
        #expect(empty.status == 1 && empty.err.contains("no password"), "\(empty.err)")
        let badName = try run(["users", "add", "anna berg", "--password-stdin"], input: "long enough\n")
        #expect(badName.status == 1 && badName.err.contains("not a user name"), "\(badName.err)")
        // No terminal here and no --password-stdin: the password cannot be typed, and is never an argument.
        let noTerminal = try run(["users", "add", freshName("k")])
        #expect(noTerminal.status == 64 && noTerminal.err.contains("--password-stdin"), "\(noTerminal.err)")
        let role = try run(["users", "add", freshName("k"), "--role", "owner", "--password-stdin"], input: "long enough\n")
        #expect(role.status == 64 && role.err.contains("runner or admin"), "\(role.err)")
        let misplaced = try run(["users", "list", "--role", "admin"])
        #expect(misplaced.status == 64 && misplaced.err.contains("--role belongs to add"), "\(misplaced.err)")

        #expect(try run(["users", "disable", name]).out == "disabled user '\(name)'\n")
        #expect(try accounts().account(named: name).isDisabled)
        #expect(try run(["users", "disable", name]).out == "user '\(name)' was disabled already\n")
        #expect(try run(["users", "enable", name]).status == 0)
        #expect(try !accounts().account(named: name).isDisabled)
        #expect(try run(["users", "reset-password", name, "--password-stdin"], input: "second password\n").status == 0)
        _ = try accounts().authenticate(name: name, password: "second password", nowSeconds: 0)

        let text = try run(["users", "list"])
        #expect(text.out.hasPrefix("NAME "))
        let row = text.out.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }.first { $0.first == name }
        #expect(row == [name, "runner", "active", "2026-09-20", "12:00Z", "1970-01-01", "00:00Z"], "\(text.out)")

        let unknown = try run(["users", "disable", "nobody-\(UUID())"])
        #expect(unknown.status == 1 && unknown.err.contains("there is no user") && unknown.err.contains("'runlog users list'"), "\(unknown.err)")
        #expect(try run(["users", "delete", name, "--yes"]).status == 0)
    }

    @Test func tokensInProcess() throws {
        let name = freshName("lena")
        try accounts().add(name: name, role: .runner, password: "lena's password", nowSeconds: 0)
        let created = try run(["tokens", "create", name, "--label", "watch"])
        #expect(created.status == 0 && created.err.contains("shown this once"), "\(created.err)")
        let token = created.out.trimmingCharacters(in: .newlines)
        #expect(try accounts().account(authorization: "Bearer \(token)", nowSeconds: 0)?.name == name)

        let asJSON = try run(["tokens", "create", name, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(asJSON.out.utf8)) as? [String: Any])
        let second = try #require(object["token"] as? String)
        #expect(try accounts().account(token: second, nowSeconds: 0)?.name == name)
        #expect(object["label"] as? String == "" && object["createdAt"] as? String == "2026-09-20T12:00:00Z")

        let listed = try run(["tokens", "list", name, "--json"])
        let tokens = try #require((try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [String: Any])?["tokens"] as? [[String: Any]])
        #expect(tokens.map { $0["label"] as? String } == ["watch", ""])
        #expect(tokens.map { $0["hint"] as? String } == [String(token.prefix(13)), String(second.prefix(13))])
        #expect(!listed.out.contains(token) && !listed.out.contains(second), "a token is shown once only")
        let firstID = try #require(tokens.first?["id"] as? Int)

        #expect(try run(["tokens", "revoke", name, String(firstID)]).out == "revoked API token \(firstID) of user '\(name)'\n")
        #expect(try accounts().account(token: token, nowSeconds: 0) == nil)
        #expect(try accounts().account(token: second, nowSeconds: 0)?.name == name)
        let again = try run(["tokens", "revoke", name, String(firstID)])
        #expect(again.status == 1 && again.err.contains("has no API token"), "\(again.err)")
        #expect(try run(["tokens", "revoke", name, "first"]).status == 64)
        #expect(try run(["tokens", "list", "nobody-\(UUID())"]).status == 1)
    }

    /// A password typed at a terminal (a private tmux server): asked twice, never shown, the
    /// terminal's settings as they were after; a deletion confirmed by typing the name.
    @Test(.enabled(if: Tmux.unavailableReason == nil || ProcessInfo.processInfo.environment["CI"] != nil, "needs tmux"))
    func aPasswordTypedAtATerminalIsNotShown() throws {
        let name = freshName("mara")
        var environment = try environment()
        environment["PATH"] = "/usr/bin:/bin"
        let tmux = Tmux(folder: home.path, environment: environment)
        defer { tmux.stop() }
        func session(_ id: String, _ arguments: String) throws {
            // The terminal's settings are saved before "exit-" shows, so the file is there when the screen says so.
            try tmux.start(id, "stty -g > '\(home.file("\(id)-before"))'; '\(ExternalTools.runlogBinary)' \(arguments); "
                + "status=$?; stty -g > '\(home.file("\(id)-after"))'; echo exit-$status; exec sleep 600")
        }
        func waitFor(_ id: String, _ text: String) throws -> String {
            let (screen, held) = try tmux.waitForScreen(id) { $0.contains(text) }
            try #require(held, "no '\(text)' on the screen: \(screen)")
            return screen
        }
        try session("add", "users add \(name)")
        _ = try waitFor("add", "password for '\(name)':")
        try tmux.send("add", "-l", "typed secret phrase")
        try tmux.send("add", "Enter")
        _ = try waitFor("add", "again:")
        try tmux.send("add", "-l", "typed secret phrase")
        try tmux.send("add", "Enter")
        let screen = try waitFor("add", "exit-")
        #expect(screen.contains("added user '\(name)' (runner)") && screen.contains("exit-0"), "\(screen)")
        #expect(!screen.contains("typed secret"), "the password was echoed: \(screen)")
        #expect(try String(contentsOfFile: home.file("add-after"), encoding: .utf8) == String(contentsOfFile: home.file("add-before"), encoding: .utf8))
        _ = try accounts().authenticate(name: name, password: "typed secret phrase", nowSeconds: 0)

        try session("differ", "users reset-password \(name)")
        _ = try waitFor("differ", "password for")
        try tmux.send("differ", "-l", "one new password")
        try tmux.send("differ", "Enter")
        _ = try waitFor("differ", "again:")
        try tmux.send("differ", "-l", "another password")
        try tmux.send("differ", "Enter")
        #expect(try waitFor("differ", "exit-").contains("the two passwords differ"))
        _ = try accounts().authenticate(name: name, password: "typed secret phrase", nowSeconds: 0)

        try session("delete", "users delete \(name)")
        _ = try waitFor("delete", "Type the name to confirm:")
        try tmux.send("delete", "-l", name)
        try tmux.send("delete", "Enter")
        #expect(try waitFor("delete", "exit-").contains("deleted user '\(name)'"))
        #expect { try self.accounts().account(named: name) } throws: { ($0 as? AccountError)?.code == .unknownUser }
    }

    /// The accounts commands need a database but no RUNLOG_USER; files have no accounts.
    @Test func accountsNeedADatabaseButNoUser() throws {
        var files = try environment()
        files["RUNLOG_DATABASE_URL"] = nil
        let users = try run(["users", "list"], environment: files), tokens = try run(["tokens", "list", "x"], environment: files)
        for answer in [users, tokens] {
            #expect(answer.status == 64 && answer.err.contains("set RUNLOG_DATABASE_URL"), "\(answer.err)")
        }
        var withUser = try environment()
        withUser["RUNLOG_USER"] = "whoever"
        #expect(try run(["users", "list"], environment: withUser).status == 0)
        #expect(try run(["users", "list"]).status == 0)
        #expect(try run(["users"]).status == 64)
        #expect(try run(["users", "add"]).status == 64)
    }
}
