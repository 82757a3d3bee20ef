import Foundation
import RunApp
import RunCore
import RunHTTP
import RunStore
import RunStoreSQLite
import RunWeb
import Testing
import TestSupport

/// An upload's caps (files, entries in all, bytes decompressed in all) over real HTTP: each
/// refusal names the cap and the file that passed it, in the API's code and data and on the page
/// in the interface language; what was stored before stays, nothing after is read; and a long
/// report lists its first entries and counts the rest. Archives by Python's zipfile, gzip files by
/// gzip; every expected number follows from what the test uploads.
@Suite struct WebUploadCapsTests {
    static func run(_ index: Int, points: Int = 100) -> [UInt8] {
        GeneratedGPX.equatorRun(name: "Run \(index)", start: Date(timeIntervalSince1970: 1_600_000_000 + Double(index) * 86_400), points: points)
    }

    static func configuration(_ limits: UploadLimits, listLimit: Int = 500) -> WebConfiguration {
        WebConfiguration(uploadLimits: limits, importReportListLimit: listLimit)
    }

    /// The API's job and its error object, after the import ended.
    static func job(_ response: HTTPTestClient.Response) throws -> (job: [String: Any], error: [String: Any]?) {
        let job = try #require(try response.json() as? [String: Any])
        return (job, job["error"] as? [String: Any])
    }

    @Test func moreFilesThanOneUploadMayHoldAreRefusedAsTheyArrive() throws {
        let web = try WebTestServer(configuration: Self.configuration(UploadLimits(maximumFiles: 3)))
        let four = (1...4).map { ("run-\($0).gpx", Self.run($0)) }
        let api = try web.upload("/api/v1/imports", files: four)
        #expect(api.status == 413)
        let error = try #require((try api.json() as? [String: Any])?["error"] as? [String: Any])
        #expect(error["code"] as? String == "tooManyFiles" && error["limitFiles"] as? Int == 3)
        #expect((error["message"] as? String)?.contains("more than 3 files") == true, "\(error)")
        let page = try web.upload("/import", files: four)
        #expect(page.status == 413 && page.header("content-type") == "text/html; charset=utf-8")
        #expect(page.text.contains("the upload holds more than 3 files; at most 3 go in one upload"), "\(page.text)")
        try web.settings().set("language", text: "de")
        let german = try web.upload("/import", files: four)
        #expect(german.status == 413 && german.text.contains("das Hochgeladene enthält mehr als 3 Dateien"), "\(german.text)")
        // A body of many small parts that are not files is no upload.
        let fields = (1...64).map { ("note\($0)", "x") }
        #expect(try web.upload("/api/v1/imports", files: [("run-1.gpx", Self.run(1))], fields: fields).status == 400)
        // Nothing queued, nothing stored; three go in.
        #expect(web.application.imports.activeCount == 0)
        #expect(try web.library().count() == 0)
        let three = try Self.job(try web.importFiles("/api/v1/imports", files: Array(four.prefix(3))))
        #expect(three.job["state"] as? String == "done")
        #expect(try web.library().count() == 3)
    }

    /// A zip listing one member more than the cap is refused from its directory: not one member
    /// is read (each empty file would be a failure of its own in the report); at the cap, all are read.
    @Test func anArchiveListingMoreEntriesThanTheCapIsRefusedUnread() throws {
        let web = try WebTestServer(configuration: Self.configuration(UploadLimits(maximumEntries: 50)))
        let over = try Self.job(try web.importFiles("/api/v1/imports", files: [("many.zip", try ZipFixture.bytes(emptyFiles: 51))]))
        #expect(over.job["state"] as? String == "failed")
        #expect(over.error?["code"] as? String == "tooManyEntries" && over.error?["file"] as? String == "many.zip")
        #expect(over.error?["limitEntries"] as? Int == 50)
        let report = try #require(over.job["report"] as? [String: Any])
        #expect(report["counts"] as? [String: Int] == ["imported": 0, "routes": 0, "duplicates": 0, "failed": 0, "skipped": 0])

        let atCap = try Self.job(try web.importFiles("/api/v1/imports", files: [("fifty.zip", try ZipFixture.bytes(emptyFiles: 50))]))
        #expect(atCap.job["state"] as? String == "done" && atCap.error == nil)
        #expect(((atCap.job["report"] as? [String: Any])?["counts"] as? [String: Int])?["failed"] == 50)

        // The page says it in the interface language, with what to do.
        try web.settings().set("language", text: "de")
        let page = try web.importFiles("/import", files: [("viele.zip", try ZipFixture.bytes(emptyFiles: 51))])
        #expect(page.status == 200 && page.text.contains("data-state=\"failed\""))
        #expect(page.text.contains("Der Import wurde abgebrochen: viele.zip: das Hochgeladene enthält mehr als 50 Dateien und Archiveinträge"),
                "\(page.text)")
    }

    /// The cap counts every file of the upload: two files, an archive of three, then a sixth
    /// file past a cap of five — the five stored, the sixth refused by name, nothing after it read.
    @Test func theEntriesCapCountsEveryFileOfTheUpload() throws {
        let web = try WebTestServer(configuration: Self.configuration(UploadLimits(maximumEntries: 5)))
        let zip = try ZipFixture.bytes(files: (3...5).map { (name: "runs/run-\($0).gpx", bytes: Self.run($0)) })
        let result = try Self.job(try web.importFiles("/api/v1/imports", files: [
            ("run-1.gpx", Self.run(1)), ("run-2.gpx", Self.run(2)), ("three.zip", zip), ("run-6.gpx", Self.run(6)), ("run-7.gpx", Self.run(7)),
        ]))
        #expect(result.job["state"] as? String == "failed")
        #expect(result.error?["code"] as? String == "tooManyEntries" && result.error?["file"] as? String == "run-6.gpx")
        #expect(((result.job["report"] as? [String: Any])?["counts"] as? [String: Int])?["imported"] == 5)
        #expect(Set(try web.library().runs().map(\.name)) == Set((1...5).map { "Run \($0)" }))
    }

    /// Bytes decompressed count over the upload: one gzipped run fits, the second passes the cap
    /// and is refused before it is read; an archive that inflates past what is left stops there.
    @Test func decompressedBytesAreCappedOverTheUpload() throws {
        let first = Self.run(1, points: 1500), second = Self.run(2, points: 1500)
        let cap = 200 << 10
        #expect(first.count > 100_000 && first.count < cap && first.count + second.count > cap)
        let web = try WebTestServer(configuration: Self.configuration(UploadLimits(maximumInflatedBytes: cap)))
        let result = try Self.job(try web.importFiles("/api/v1/imports", files: [
            ("first.gpx.gz", try ZipFixture.gzip(first)), ("second.gpx.gz", try ZipFixture.gzip(second)),
        ]))
        #expect(result.error?["code"] as? String == "inflatesTooMuch" && result.error?["file"] as? String == "second.gpx.gz")
        #expect(result.error?["limitBytes"] as? Int == cap)
        #expect(try web.library().runs().map(\.name) == ["Run 1"])

        let zip = try ZipFixture.bytes(files: [(name: "a.gpx", bytes: Self.run(3, points: 1500)), (name: "b.gpx", bytes: Self.run(4, points: 1500))],
                                       deflated: true)
        #expect(zip.count < 100_000)
        let archive = try Self.job(try web.importFiles("/api/v1/imports", files: [("small.zip", zip)]))
        #expect(archive.error?["code"] as? String == "inflatesTooMuch" && archive.error?["file"] as? String == "small.zip")
        let page = try web.importFiles("/import", files: [("small.zip", zip)])
        #expect(page.text.contains("small.zip: the upload decompresses to more than 200 KiB in all"), "\(page.text)")
    }

    /// A compressed file whose head cannot begin an activity file is not inflated to be counted:
    /// FuzzReadSession's 23,745-byte bzip2 (27,280,335 bytes inflated, `bzip2 -dc` says) under a
    /// cap of 1 MiB is refused as a file of its own (unsupportedFormat), the upload not stopped at
    /// the cap (it was, after inflating it whole), and the next file imported.
    @Test func aCompressedFileThatCannotBeAnActivityIsNotInflatedToBeCounted() throws {
        let found = Array(try Data(contentsOf: URL(fileURLWithPath: SharedData.repository("Fuzz/seeds/FuzzReadSession/found-bzip2-of-27mb-text.bz2"))))
        let web = try WebTestServer(configuration: Self.configuration(UploadLimits(maximumInflatedBytes: 1 << 20)))
        let result = try Self.job(try web.importFiles("/api/v1/imports", files: [("found.gpx.bz2", found), ("run-1.gpx", Self.run(1))]))
        #expect(result.job["state"] as? String == "done" && result.error == nil, "\(result.job)")
        let report = try #require(result.job["report"] as? [String: Any])
        #expect((report["counts"] as? [String: Int])?["failed"] == 1 && (report["counts"] as? [String: Int])?["imported"] == 1, "\(report)")
        #expect(try web.library().runs().map(\.name) == ["Run 1"])
    }

    /// The report lists its first entries (and skipped members) and counts the rest, on the page
    /// and in the API: an upload of many bad files cannot make a response of megabytes.
    @Test func aLongReportListsItsFirstEntriesAndCountsTheRest() throws {
        let web = try WebTestServer(configuration: Self.configuration(UploadLimits(), listLimit: 5))
        let bad = (1...12).map { (name: "bad-\($0).gpx", bytes: Array("not xml \($0)".utf8)) }
        let photos = (1...8).map { (name: "photo-\($0).jpg", bytes: [0xFF, 0xD8, 0xFF, UInt8($0)]) }
        let zip = try ZipFixture.bytes(files: bad + photos)
        let api = try Self.job(try web.importFiles("/api/v1/imports", files: [("bad.zip", zip)]))
        let report = try #require(api.job["report"] as? [String: Any])
        #expect((report["failed"] as? [Any])?.count == 5 && (report["skipped"] as? [Any])?.count == 5)
        #expect(report["counts"] as? [String: Int] == ["imported": 0, "routes": 0, "duplicates": 0, "failed": 12, "skipped": 8])
        #expect(report["unlistedEntryCount"] as? Int == 7 && report["unlistedSkippedCount"] as? Int == 3)

        let page = try web.importFiles("/import", files: [("bad.zip", zip)]).text
        #expect(page.components(separatedBy: "<li class=\"failed\">").count - 1 == 5)
        #expect(page.contains("note: the first 5 entries are listed; not listed: 0 imported, 0 duplicates skipped, 7 failed"), "\(page)")
        #expect(page.contains("note: 8 files in the archives skipped: 8 not an activity file"), "\(page)")
        #expect(page.contains("0 runs imported, 0 duplicates skipped, 12 failed"))
    }
}
