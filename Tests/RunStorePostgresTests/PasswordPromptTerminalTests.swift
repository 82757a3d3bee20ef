import Foundation
import Testing
import TestSupport

/// The password prompt of `runlog users add` in a real terminal (a private tmux server): Ctrl-C
/// while it waits with echo off ends the command by SIGINT and leaves the terminal as it was
/// (before, the shell was left without echo). The shell around it traps SIGINT so that it lives on
/// to note the settings after.
@Suite(.enabled(if: TestDatabase.isEnabled, TestDatabase.skipNote))
struct PasswordPromptTerminalTests {
    let home = TemporaryDirectory("runlog-password-prompt")
    static let canRun = Tmux.unavailableReason == nil || ProcessInfo.processInfo.environment["CI"] != nil

    @Test(.enabled(if: canRun, "needs tmux: \(Tmux.unavailableReason ?? "")"))
    func ctrlCAtThePasswordPromptRestoresTheTerminal() throws {
        let environment = ["RUNLOG_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin", "TZ": "UTC",
                           "RUNLOG_DATABASE_URL": try TestDatabase.requireURL()]
        let tmux = Tmux(folder: home.path, environment: environment)
        defer { tmux.stop() }
        let name = "prompt-\(UUID().uuidString.lowercased())"
        let before = home.file("stty-before"), after = home.file("stty-after")
        try tmux.start("prompt", "trap : INT; stty -g > '\(before)'; '\(ExternalTools.runlogBinary)' users add \(name); "
                       + "echo users-exit-$?; stty -g > '\(after)'; echo settings-saved; exec sleep 600")
        let (_, asked) = try tmux.waitForScreen("prompt", timeout: 60) { $0.contains("password for '\(name)':") }
        try #require(asked, "the prompt never came: \((try? tmux.screen("prompt")) ?? "")")
        try tmux.send("prompt", "secr")   // typed, not echoed, then Ctrl-C
        try tmux.send("prompt", "C-c")
        let (screen, ended) = try tmux.waitForScreen("prompt", timeout: 60) { $0.contains("settings-saved") }
        try #require(ended, "the command did not end: \(screen)")
        #expect(screen.contains("users-exit-130"), "ended by SIGINT (128 + 2): \(screen)")
        #expect(!screen.contains("secr"), "nothing typed was echoed: \(screen)")
        let settingsBefore = try String(contentsOfFile: before, encoding: .utf8)
        let settingsAfter = try String(contentsOfFile: after, encoding: .utf8)
        #expect(settingsAfter == settingsBefore, "the terminal's settings after Ctrl-C differ from before")
    }
}
