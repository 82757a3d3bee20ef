import Foundation
import TestSupport
import Testing

/// `make install` into a temporary prefix: the files land where the freedesktop specifications and
/// the shells look, Debian's validators accept them, the MIME database built from the prefix alone
/// calls a GPX file application/gpx+xml, and the completions complete run numbers and set names by
/// calling the installed runlog.
@Suite(.serialized) struct DesktopInstallTests {
    let prefix = TemporaryDirectory("runlog-prefix")
    let home = TemporaryDirectory("runlog-prefix-home")

    func install() throws {
        let made = try ExternalTools.run("/usr/bin/make", ["-C", SharedData.repositoryRoot.path, "install", "PREFIX=\(prefix.path)",
                                                           "BINARY=\(ExternalTools.runlogBinary)"],
                                         environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "HOME": home.path])
        try #require(made.status == 0, "\(made.output)\n\(made.error)")
    }

    /// An environment that sees only the prefix's data (no desktop environment, so xdg-mime asks
    /// shared-mime-info through `mimetype`).
    var environment: [String: String] {
        ["PATH": prefix.path + "/bin:/usr/bin:/bin", "HOME": home.path, "RUNLOG_HOME": home.path + "/runlog", "TZ": "UTC",
         "XDG_DATA_DIRS": prefix.path + "/share", "XDG_DATA_HOME": prefix.path + "/share"]
    }

    @Test func installedFilesPassTheValidatorsAndNameGPX() throws {
        try install()
        for file in ["bin/runlog", "share/mime/packages/runlog.xml", "share/applications/runlog.desktop",
                     "share/bash-completion/completions/runlog", "share/zsh/site-functions/_runlog",
                     "share/fish/vendor_completions.d/runlog.fish"] {
            #expect(FileManager.default.fileExists(atPath: prefix.file(file)), "\(file)")
        }
        let desktop = try ExternalTools.run("/usr/bin/desktop-file-validate", [prefix.file("share/applications/runlog.desktop")])
        #expect(desktop.status == 0 && desktop.output.isEmpty, "\(desktop.output)\(desktop.error)")
        let entry = try String(contentsOfFile: prefix.file("share/applications/runlog.desktop"), encoding: .utf8)
        #expect(entry.contains("\nExec=runlog import %F\n") && entry.contains("\nMimeType=application/gpx+xml;\n"))
        let mime = try ExternalTools.run("/usr/bin/update-mime-database", [prefix.file("share/mime")])
        #expect(mime.status == 0, "\(mime.error)")
        #expect(FileManager.default.fileExists(atPath: prefix.file("share/mime/application/gpx+xml.xml")))
        let xmllint = try ExternalTools.run("/usr/bin/xmllint", ["--noout", prefix.file("share/mime/packages/runlog.xml")])
        #expect(xmllint.status == 0)
        // By name (glob *.gpx), and by content (magic on the <gpx root) for a copy without the extension.
        let gpx = SharedData.corpus("georust-garmin_with_extensions.gpx")
        let copy = home.file("recording")
        try FileManager.default.copyItem(atPath: gpx, toPath: copy)
        for file in [gpx, copy] {
            let answer = try ExternalTools.run("/usr/bin/xdg-mime", ["query", "filetype", file], environment: environment)
            #expect(answer.output == "application/gpx+xml\n", "\(file): \(answer.output) \(answer.error)")
        }
        // Without the prefix's data there is no such answer (the test is not passing by the system's database).
        var bare = environment
        bare["XDG_DATA_DIRS"] = home.path + "/nothing"
        bare["XDG_DATA_HOME"] = home.path + "/nothing"
        #expect(try ExternalTools.run("/usr/bin/xdg-mime", ["query", "filetype", copy], environment: bare).output != "application/gpx+xml\n")
    }

    @Test func completionsCallTheInstalledRunlog() throws {
        try install()
        let run = { (arguments: [String]) in try ExternalTools.run(self.prefix.file("bin/runlog"), arguments, environment: self.environment) }
        for fixture in SearchFixture.runs.prefix(3) { #expect(try run(["import", try home.write(fixture.file, fixture.gpx.text)]).status == 0) }
        #expect(try run(["search-sets", "create", "long runs", "--distance", "10km.."]).status == 0)
        let bashScript = prefix.file("share/bash-completion/completions/runlog")
        func bash(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let script = "source '\(bashScript)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _runlog; printf '%s\\n' \"${COMPREPLY[@]}\""
            let result = try ExternalTools.run("/bin/bash", ["-c", script], environment: environment)
            return result.output.split(separator: "\n").map(String.init)
        }
        #expect(try bash(["runlog", "show", ""]).sorted() == ["1", "2", "3"])
        #expect(try bash(["runlog", "search", "--set", ""]) == ["All\\ runs", "long\\ runs"])
        #expect(try bash(["runlog", "search-sets", "rename", "l"]) == ["long\\ runs"])
        #expect(try bash(["runlog", "sea"]) == ["search", "search-sets"])
        #expect(try bash(["runlog", "export", "--for"]) == ["--format"])
        #expect(try bash(["runlog", "settings", "set", "heartRate.z"]) == (1...5).map { "heartRate.zone\($0)" })
        let fishScript = prefix.file("share/fish/vendor_completions.d/runlog.fish")
        func fish(_ line: String) throws -> [String] {
            let result = try ExternalTools.run("/usr/bin/fish", ["--no-config", "-c", "source '\(fishScript)'; complete -C '\(line)'"],
                                               environment: environment)
            return result.output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        #expect(try fish("runlog export ").sorted() == ["1", "2", "3"])
        #expect(try fish("runlog search --set ") == ["All runs", "long runs"])
        #expect(try fish("runlog search-sets delete ") == ["All runs", "long runs"])
        let zsh = try ExternalTools.run("/usr/bin/zsh", ["-n", prefix.file("share/zsh/site-functions/_runlog")])
        #expect(zsh.status == 0, "\(zsh.error)")
    }

    /// Every command of `runlog --help` is completed by each shell's script.
    @Test func completionScriptsKnowEveryCommand() throws {
        let help = try ExternalTools.run(ExternalTools.runlogBinary, ["--help"])
        let commands = help.output.split(separator: "\n", omittingEmptySubsequences: false).drop { $0 != "commands:" }.dropFirst().prefix { !$0.isEmpty }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.count >= 14, "\(commands)")
        for script in ["completions/runlog.bash", "completions/_runlog", "completions/runlog.fish"] {
            let text = try String(contentsOfFile: SharedData.repository(script), encoding: .utf8)
            for command in commands {
                #expect(text.range(of: "(?<![A-Za-z-])\(command)(?![A-Za-z-])", options: .regularExpression) != nil, "\(script): \(command)")
            }
        }
    }
}
