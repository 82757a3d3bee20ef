import Foundation
import RunHTTP
import Testing
import TestSupport

/// The real-browser test (`Browser/browser_test.py`): headless Chromium drives the built
/// `runlog serve` — upload, run page, a refused setting, the interactive map panned and zoomed, a
/// replay recording followed and paused on the live page, the live page recovering after its
/// stream was refused and dropped, a search — and saves screenshots under
/// `.build/test-output/browser/`. Needs Debian's chromium, chromium-driver and python3-selenium
/// (`scripts/install-deps.sh` installs them for `make test`).
@Suite struct BrowserTests {
    static var hasBrowser: Bool {
        ["/usr/bin/chromium", "/usr/bin/chromedriver", "/usr/bin/python3"].allSatisfy(FileManager.default.isExecutableFile)
            && (try? ExternalTools.run("/usr/bin/python3", ["-c", "import selenium"]).status) == 0
    }

    @Test(.enabled(if: hasBrowser, "needs chromium, chromium-driver and python3-selenium (scripts/install-deps.sh build)"),
          .timeLimit(.minutes(3)))
    func uploadRunPageAndARefusedSetting() throws {
        let output = SharedData.repository(".build/test-output/browser")
        let result = try ExternalTools.run("/usr/bin/python3", [
            SharedData.repository("Tests/RunWebTests/Browser/browser_test.py"), "--runlog", ExternalTools.runlogBinary,
            "--corpus", SharedData.corpus("sportslib-garmin.gpx"), "--output", output,
            "--replay", SharedData.repository("samples/runs/lunch-intervals.gpx"),
        ])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.contains("8 passed, 0 failed"))
        #expect(FileManager.default.fileExists(atPath: output + "/02-run-phone.png"))
        #expect(FileManager.default.fileExists(atPath: output + "/08-live-paused.png"))
        #expect(FileManager.default.fileExists(atPath: output + "/12-search.png"))
        #expect(FileManager.default.fileExists(atPath: output + "/15-live-recovered.png"))
    }
}
