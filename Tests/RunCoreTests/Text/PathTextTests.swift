import Foundation
import RunCore
import Testing

/// PathText.folder(of:) gives what NSString.deletingLastPathComponent gives (the reference, on the
/// paths where it does not trap), and the current folder for a one-character name.
@Suite struct PathTextTests {
    @Test(arguments: ["/a/b", "/a", "/", "ab", "a/b/", "/a/b/", "a//b", "./x.gpx", "../runs/library.sqlite", "/srv/runs/library.sqlite", "run.gpx"])
    func folderAsFoundationGivesIt(path: String) {
        #expect(PathText.folder(of: path) == (path as NSString).deletingLastPathComponent, "\(path)")
    }

    @Test func oneCharacterNames() {
        #expect(PathText.folder(of: "y") == "" && PathText.folder(of: "/y") == "/" && PathText.folder(of: "a/y") == "a")
    }
}
