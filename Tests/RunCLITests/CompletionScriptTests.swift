import Foundation
import RunStoreSQLite
@testable import RunCLI
import TestSupport
import Testing

/// The completion scripts in completions/ are `runlog completions SHELL`'s output, name every option
/// each command declares, and complete in a real bash and fish (calling the built runlog).
@Suite(.serialized) struct CompletionScriptTests {
    static let files = ["bash": "completions/runlog.bash", "zsh": "completions/_runlog", "fish": "completions/runlog.fish"]

    /// A file edited by hand (or a declaration changed without 'make completions') fails here.
    @Test(arguments: ["bash", "zsh", "fish"]) func theCommittedScriptIsTheGeneratorsOutput(shell: String) throws {
        let committed = try String(contentsOfFile: SharedData.repository(try #require(Self.files[shell])), encoding: .utf8)
        let generated = try #require(CompletionsCommand.script(for: shell))
        #expect(committed == generated, "run 'make completions' to write completions/ from the declarations")
        let console = Console.capturing()
        #expect(CLI.run(arguments: ["completions", shell], environment: [:], console: console, storage: SQLiteStorage.self) == 0)
        #expect(console.outputText == generated)
    }

    /// What differs between machines stays out of the scripts (the help of --jobs names this one's processors).
    @Test func theScriptsAreTheSameOnEveryMachine() throws {
        let here = "here \(ProcessInfo.processInfo.activeProcessorCount)"
        #expect(ImportCommand.help.contains(here))
        for shell in CompletionsCommand.shells { #expect(try #require(CompletionsCommand.script(for: shell)).contains(here) == false, "\(shell)") }
    }

    @Test func anUnknownShellIsBadUsage() {
        let console = Console.capturing()
        #expect(CLI.run(arguments: ["completions", "tcsh"], environment: [:], console: console, storage: SQLiteStorage.self) == 64)
        #expect(console.errorText.hasPrefix("runlog: unknown shell 'tcsh' (bash, zsh, fish)\n"))
    }

    /// Each option of each command, in the line that offers that command's options.
    @Test func everyDeclaredOptionIsInEveryScript() throws {
        let bash = try #require(CompletionsCommand.script(for: "bash")).split(separator: "\n").map(String.init)
        let zsh = try #require(CompletionsCommand.script(for: "zsh")).split(separator: "\n").map(String.init)
        let fish = try #require(CompletionsCommand.script(for: "fish")).split(separator: "\n").map(String.init)
        var checked = 0
        for command in CLI.commands {
            let bashLine = try #require(bash.first { $0.hasPrefix("            \(command.name)) COMPREPLY=($(compgen -W \"") })
            let zshLine = try #require(zsh.first { $0.hasPrefix("      (\(command.name)) compadd -- ") })
            let bashWords = Set(bashLine.split(separator: "\"")[1].split(separator: " ").map(String.init))
            let zshWords = Set(zshLine.dropFirst("      (\(command.name)) compadd -- ".count).dropLast(3).split(separator: " ").map(String.init))
            for option in command.shape.allOptions {
                for name in option.names {
                    #expect(bashWords.contains(name), "bash: \(command.name) \(name)")
                    #expect(zshWords.contains(name), "zsh: \(command.name) \(name)")
                    checked += 1
                }
                let isGlobal = GlobalOptions.commandOptions.contains { $0.key == option.key }
                let prefix = isGlobal ? "complete -c runlog " : "complete -c runlog -n '__runlog_is \(command.name)' "
                let names = [option.short.map { "-s " + $0.dropFirst() }, option.long.map { "-l " + $0.dropFirst(2) }].compactMap { $0 }.joined(separator: " ")
                #expect(fish.contains { $0.hasPrefix(prefix + names + " ") }, "fish: \(command.name) \(option.key)")
            }
        }
        #expect(checked > 80)   // 20 commands, each with at least the 4 global names
    }

    // MARK: - In the shells

    let home = TemporaryDirectory("runlog-completion")

    /// PATH with the built runlog, and a home of its own.
    var environment: [String: String] {
        ["PATH": home.file("bin") + ":/usr/bin:/bin", "HOME": home.path, "RUNLOG_HOME": home.file("runlog"), "TZ": "UTC"]
    }

    func prepare() throws {
        try FileManager.default.createDirectory(atPath: home.file("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: home.file("bin/runlog"), withDestinationPath: ExternalTools.runlogBinary)
        #expect(try ExternalTools.run(home.file("bin/runlog"), ["settings", "profile", "create", "trail"], environment: environment).status == 0)
        try FileManager.default.createDirectory(atPath: home.file("files/sub"), withIntermediateDirectories: true)
        _ = try home.write("files/a.gpx", Array("x".utf8))
        _ = try home.write("files/B.GPX", Array("x".utf8))
        _ = try home.write("files/c.txt", Array("x".utf8))
    }

    /// What bash's completion function offers for the line `words`, the last word at the cursor.
    func bash(_ words: [String]) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let script = "cd '\(home.path)'; source '\(SharedData.repository("completions/runlog.bash"))'; "
            + "COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _runlog; printf '%s\\n' \"${COMPREPLY[@]}\""
        let result = try ExternalTools.run("/bin/bash", ["-c", script], environment: environment)
        #expect(result.error.isEmpty, "\(words): \(result.error)")
        return result.output.split(separator: "\n").map(String.init)
    }

    /// What fish offers for `line`.
    func fish(_ line: String) throws -> [String] {
        let script = "cd '\(home.path)'; source '\(SharedData.repository("completions/runlog.fish"))'; complete -C '\(line)'"
        let result = try ExternalTools.run("/usr/bin/fish", ["--no-config", "-c", script], environment: environment)
        #expect(result.error.isEmpty, "\(line): \(result.error)")
        return result.output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }

    @Test func bashCompletesWhatWasMissing() throws {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
        try prepare()
        #expect(try bash(["runlog", "import", "--j"]) == ["--jobs", "--json"])
        #expect(try bash(["runlog", "reanalyze", "--a"]) == ["--all"])
        #expect(try bash(["runlog", "reanalyze", "--s"]) == ["--stale"])
        #expect(try bash(["runlog", "region", "--"]).filter { !["--library", "--profile", "--help", "--json"].contains($0) }
                == ["--gap", "--padding", "--minimum-span"])
        #expect(try bash(["runlog", "--profile", ""]) == ["default", "trail"])
        #expect(try bash(["runlog", "list", "--profile", "t"]) == ["trail"])
        #expect(try bash(["runlog", "settings", "profile", "use", ""]) == ["default", "trail"])
        #expect(try bash(["runlog", "settings", "profile", ""]) == ["create", "copy", "rename", "delete", "use"])
        // An option's value is passed over: the argument after it is the command's first.
        #expect(try bash(["runlog", "--library", "x.sqlite", "sea"]) == ["search", "search-sets"])
        #expect(try bash(["runlog", "export", "-o", "out/", "--fo"]) == ["--format"])
        #expect(try bash(["runlog", "search-sets", "create", "x", "--period", "last 3"]) == ["last\\ 30\\ days"])
        #expect(try bash(["runlog", "help", "se"]) == ["search", "search-sets", "settings", "serve"])
        #expect(try bash(["runlog", "completions", ""]) == ["bash", "zsh", "fish"])
        // A file of the type asked for (any case), and folders to walk into.
        #expect(try bash(["runlog", "record", "--replay", "files/"]).sorted() == ["files/B.GPX", "files/a.gpx", "files/sub"])
        #expect(try bash(["runlog", "record", "--name", ""]).isEmpty)
        // After --, words are arguments, not options.
        #expect(try bash(["runlog", "show", "--", "--"]).isEmpty)
    }

    @Test func fishCompletesWhatWasMissing() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") else { return }
        try prepare()
        #expect(try fish("runlog import --jo") == ["--jobs"])
        #expect(try fish("runlog reanalyze --st") == ["--stale"])
        #expect(try fish("runlog region --mi") == ["--minimum-span"])
        #expect(try fish("runlog --profile ") == ["default", "trail"])
        #expect(try fish("runlog settings profile delete ") == ["default", "trail"])
        #expect(try fish("runlog settings ") == ["export", "get", "import", "list", "profile", "profiles", "reset", "set"])  // fish sorts
        #expect(try fish("runlog record --replay files/").sorted() == ["files/B.GPX", "files/a.gpx", "files/sub/"])
        #expect(try fish("runlog completions ") == ["bash", "fish", "zsh"])
    }

    @Test func zshReadsItsScript() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") else { return }
        let zsh = try ExternalTools.run("/usr/bin/zsh", ["-n", SharedData.repository("completions/_runlog")])
        #expect(zsh.status == 0, "\(zsh.error)")
    }

    /// What zsh's completion function asks for on the line `words` (the last word at the cursor):
    /// zsh's completion builtins are stood in for by functions that print what they are given
    /// (compadd does not filter by the prefix here; _files says its arguments).
    func zsh(_ words: [String]) throws -> [String] {
        let stubs = """
            compadd() { if [[ $1 == -a ]]; then print -l -- ${(P)2}; else [[ $1 == -- ]] && shift; print -l -- "$@"; fi }
            _describe() { print -l -- ${${(P)4}%%:*} }
            _files() { print -- "_files $*" }
            """
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let script = stubs + "\nwords=(\(quoted)); CURRENT=\(words.count); PREFIX='\(words.last ?? "")'; "
            + "source '\(SharedData.repository("completions/_runlog"))'"
        let result = try ExternalTools.run("/usr/bin/zsh", ["-f", "-c", script], environment: environment)
        #expect(result.error.isEmpty, "\(words): \(result.error)")
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test func zshCompletesWhatWasMissing() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") else { return }
        try prepare()
        #expect(try zsh(["runlog", "import", "--j"]).contains("--jobs"))
        #expect(try Set(zsh(["runlog", "reanalyze", "-"])).isSuperset(of: ["--all", "--stale"]))
        #expect(try Set(zsh(["runlog", "region", "-"])).isSuperset(of: ["--gap", "--padding", "--minimum-span"]))
        #expect(try zsh(["runlog", "--profile", ""]) == ["default", "trail"])
        #expect(try zsh(["runlog", "settings", "profile", "use", ""]) == ["default", "trail"])
        #expect(try zsh(["runlog", "settings", "get", ""]).contains("heartRate.zone1"))
        #expect(try zsh(["runlog", "record", "--replay", ""]) == ["_files -g *.(gpx)(-.)"])
        let names = CLI.commands.map { $0.name }   // (a key path on the existential crashes Swift 6.3.1 in #expect)
        #expect(try zsh(["runlog", "--library", "x.sqlite", "se"]) == names)
        #expect(try zsh(["runlog", "record", "--name", ""]).isEmpty)
    }
}
