import Foundation
import RunStore
import RunWeb
import Testing
import TestSupport

/// Errors of the layers below on the web: the page says them in the page's language, the API gives
/// the code, the English sentence and the data; neither names a command-line flag.
@Suite struct WebErrorTextTests {
    static let badLatitude = Array("""
        <?xml version="1.0"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
        <trkpt lat="91" lon="2"/></trkseg></trk></gpx>
        """.utf8)

    @Test func aGermanUploadPageSaysTheReasonInGerman() throws {
        let web = try WebTestServer()
        try web.settings().set("language", text: "de")
        let page = try web.upload("/import", files: [("breite.gpx", Self.badLatitude)]).text
        #expect(page.contains("breite.gpx:3:"), "\(page)")
        #expect(page.contains("ein Punkt hat eine ungültige Koordinate"), "\(page)")
        #expect(!page.contains("--skip-invalid-points") && !page.contains("runlog import"))
    }

    @Test func theImportAPIGivesTheCodeAndData() throws {
        let web = try WebTestServer()
        let response = try web.upload("/api/v1/imports", files: [("breite.gpx", Self.badLatitude)])
        let report = try #require(try response.json() as? [String: Any])
        let failed = try #require((report["failed"] as? [[String: Any]])?.first)
        #expect(failed["code"] as? String == "invalidCoordinate")
        #expect(failed["remedy"] as? String == "readLeniently" && failed["line"] as? Int == 3 && failed["file"] as? String == "breite.gpx")
        let message = try #require(failed["message"] as? String)
        #expect(message.contains("91") && !message.contains("--") && !message.contains("runlog "), "\(message)")
    }

    @Test func anUnknownSetInTheAPIHasItsNameAndTheSets() throws {
        let web = try WebTestServer()
        let response = try web.client.get("/api/v1/search?set=Parks")
        #expect(response.status == 404)
        let error = try #require((try response.json() as? [String: Any])?["error"] as? [String: Any])
        #expect(error["code"] as? String == "unknownSet" && error["name"] as? String == "Parks" && error["sets"] as? [String] == ["All runs"])
        let message = try #require(error["message"] as? String)
        #expect(message == "there is no search set 'Parks'; the sets are: 'All runs'", "no command named: \(message)")
    }
}
