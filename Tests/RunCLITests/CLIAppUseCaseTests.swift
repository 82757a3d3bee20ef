import Foundation
import RunCLI
import RunCore
import RunStore
import RunStoreSQLite
import Testing
import TestSupport

/// The CLI calls the application layer's use cases: the same rules as the web's.
@Suite struct CLIAppUseCaseTests {
    typealias Storage = InterceptedStorage<SQLiteStorage>
    let home = TemporaryDirectory("runlog-cli-app")
    var environment: [String: String] { ["RUNLOG_HOME": home.path, "HOME": home.path, "TZ": "UTC"] }

    func run(_ arguments: String...) -> (status: Int32, out: String, err: String) {
        let console = Console.capturing()
        let status = CLI.run(arguments: arguments, environment: environment, console: console, storage: Storage.self)
        return (status, console.outputText, console.errorText)
    }

    /// The analysis settings change (as another process would) right after the import stored its
    /// run: the run ends computed with the new settings, and the note says so.
    @Test func anImportFollowsASettingsChangeMadeWhileItRan() throws {
        #expect(run("settings", "set", "analysis.movingSpeed", "0.5").status == 0)
        let file = try home.write("two-paces.gpx", TwoPaceGPX.bytes(name: "Two paces"))
        let expected = try #require(try TwoPaceGPX.movingTimeSeconds(threshold: 1.5))
        #expect(abs(expected - (try #require(try TwoPaceGPX.movingTimeSeconds(threshold: 0.5)))) > 3000)
        let settingsPath = home.file("group.sqlite")
        Storage.afterNextInsert(into: home.file("library.sqlite")) {
            _ = try SettingsStore(store: try SharedStore(path: settingsPath)).set(Settings.movingSpeedThreshold.key, text: "1.5")
        }
        let imported = run("import", file)
        #expect(imported.status == 0)
        #expect(imported.err.contains("runlog: note: the analysis settings changed during the import; 1 of its runs were recomputed with them"))
        let shown = run("show", "--json", "1")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(shown.out.utf8)) as? [String: Any])
        #expect(json["movingTimeSeconds"] as? Double == expected)
        #expect(json["isStale"] as? Bool == false)
    }
}
