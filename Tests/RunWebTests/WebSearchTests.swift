import Foundation
import RunCore
import RunHTTP
import RunStore
import RunStoreSQLite
import RunUI
import RunWeb
import Testing
import TestSupport

/// The search page and `GET /api/v1/search`, over the search fixture's runs (numbers 1…6, each
/// property chosen by hand in ``SearchFixture``) and a set made as the CLI would make it.
@Suite struct WebSearchTests {
    /// A server over the fixture's runs, with the set "Long" (10 km and more: runs 2, 4 and 6).
    func makeServer() throws -> WebTestServer {
        let web = try WebTestServer()
        let library = try web.library()
        for (index, run) in SearchFixture.runs.enumerated() {
            let path = try web.home.write(run.file, run.gpx.text)
            guard case .imported(let record) = try RunImporter(library: library).importFile(atPath: path).outcomes[0] else {
                Issue.record("\(run.file) not imported"); continue
            }
            #expect(record.id == Int64(index + 1))
            if !run.notes.isEmpty { try library.setNotes(id: record.id, to: run.notes) }
        }
        try library.createSearchSet(named: "Long", definition: SearchDefinition(distanceMeters: ValueRange(minimum: 10_000)))
        return web
    }

    func runIDs(_ response: HTTPTestClient.Response) throws -> [Int] {
        let object = try #require(try response.json() as? [String: Any])
        return (object["runs"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
    }

    @Test func apiFindsTheRunsOfASetAndWords() throws {
        let web = try makeServer()
        let cases: [(query: String, ids: [Int])] = [
            ("set=Long", [6, 2, 4]),                       // newest first
            ("set=long&q=river", [6]),                      // the place (keywords); set names ignore case
            ("set=Long&q=M%C3%BCnster", [4]),               // the notes, UTF-8 in the query
            ("set=Long&q=munster", [4]),                    // accents ignored
            ("q=stadtpark", [1]),                           // the default set, "All runs"
            ("set=All%20runs&q=loop", [1, 5]),              // the description, and the name
            ("set=Long&q=nothing%20like%20this", []),
        ]
        for (query, ids) in cases {
            let response = try web.client.get("/api/v1/search?" + query)
            #expect(response.status == 200, "\(query): \(response.text)")
            #expect(try runIDs(response) == ids, "\(query)")
        }
        let long = try #require(try web.client.get("/api/v1/search?set=Long&q=river").json() as? [String: Any])
        #expect(long["set"] as? String == "Long" && long["text"] as? String == "river" && long["runCount"] as? Int == 1)
        #expect((long["runs"] as? [[String: Any]])?.first?["name"] as? String == "Sunday Long")
        #expect((long["sections"] as? [[String: Any]])?.first?["id"] as? String == "month-2026-05")

        let sets = try #require(try web.client.get("/api/v1/search-sets").json() as? [String: Any])
        #expect(sets["defaultSet"] as? String == "All runs")
        #expect((sets["sets"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["All runs", "Long"])
    }

    /// The API's search is paged as the search page is: the store finds a page at a time.
    @Test func apiSearchIsPaged() throws {
        let web = try makeServer()
        for (page, ids) in [(1, [6, 2]), (2, [4])] {
            let response = try web.client.get("/api/v1/search?set=Long&pageSize=2&page=\(page)")
            #expect(response.status == 200, "\(response.text)")
            #expect(try runIDs(response) == ids, "page \(page)")
            let answer = try #require(try response.json() as? [String: Any])
            #expect(answer["runCount"] as? Int == 3 && answer["pageCount"] as? Int == 2 && answer["page"] as? Int == page
                    && answer["pageSize"] as? Int == 2, "\(answer)")
        }
        #expect(try web.client.get("/api/v1/search?set=Long&pageSize=2&page=3").status == 404)
        #expect(try web.client.get("/api/v1/search?set=Long&pageSize=0").status == 400)
        #expect(try web.client.get("/api/v1/search?set=Long&page=0").status == 400)
        #expect(try web.client.get("/api/v1/runs?page=999").status == 404)   // as the runs page says of a page past the last
    }

    /// A page number whose first run's index does not fit in an Int (page × size > Int.max) is a page
    /// past the last, not a crash: a review stopped the server with one GET of /?page=18446744073709553.
    @Test func aPageNumberPastEveryIndexIsNotFound() throws {
        let web = try makeServer()
        let huge = Int.max / 2 + 2   // (huge - 1) × 2 = Int.max + 1: past Int.max for any page size of 2 or more
        for path in ["/?page=\(huge)", "/search?set=Long&page=\(huge)", "/api/v1/runs?page=\(huge)&pageSize=2",
                     "/api/v1/search?set=Long&pageSize=2&page=\(huge)", "/?page=\(Int.max)"] {
            #expect(try web.client.get(path).status == 404, "\(path)")
        }
        #expect(try web.client.get("/api/v1/runs").status == 200)   // and the server is still there
        #expect(RunListPage(number: huge, size: 2).offset == Int.max)
        #expect(RunListPage(number: 3, size: 20).offset == 40)
        #expect(RunListPage(number: huge, size: 2).range(runCount: 5).isEmpty)
    }

    @Test func anUnknownSetIsAnErrorNamingTheSets() throws {
        let web = try makeServer()
        let api = try web.client.get("/api/v1/search?set=Short")
        #expect(api.status == 404)
        let error = try #require((try api.json() as? [String: Any])?["error"] as? [String: Any])
        #expect(error["code"] as? String == "unknownSet")
        let message = try #require(error["message"] as? String)
        #expect(message.contains("Short") && message.contains("'All runs'") && message.contains("'Long'"), "\(message)")

        let page = try web.client.get("/search?set=Short&q=x")
        #expect(page.status == 404)
        #expect(page.text.contains("There is no search set “Short”. The sets are: “All runs”, “Long”."))
        #expect(page.text.contains("<select id=\"search-set\" name=\"set\">"), "the form is there to choose another")
    }

    @Test func searchPageShowsTheRunsWithTheListSections() throws {
        let web = try makeServer()
        let page = try web.client.get("/search?set=Long&q=river")
        #expect(page.status == 200)
        #expect(page.text.contains("1 run in “Long” with “river”"))
        #expect(page.text.contains("<a href=\"/runs/6\">Sunday Long</a>"))
        for other in ["Trail Climb", "Old Race", "Morning Run"] { #expect(!page.text.contains(other + "</a>"), "\(other)") }
        #expect(page.text.contains("<section class=\"list\" id=\"month-2026-05\">"))
        // The form: the words kept, every set offered, the chosen one selected, the default marked.
        #expect(page.text.contains("name=\"q\" type=\"search\" maxlength=\"200\" value=\"river\""))
        #expect(page.text.contains("<option value=\"Long\" selected>Long</option>"))
        #expect(page.text.contains("<option value=\"All runs\">All runs (default)</option>"))
        #expect(page.text.contains("href=\"/search\" aria-current=\"page\"") || page.text.contains("aria-current=\"page\" href=\"/search\""))

        // Without a query: the default set, every run.
        let all = try web.client.get("/search")
        #expect(all.status == 200 && all.text.contains("6 runs in “All runs”"))
        #expect(all.text.contains("<option value=\"All runs\" selected>"))

        // German.
        try web.settings().set("language", text: "de")
        let german = try web.client.get("/search?set=Long")
        #expect(german.text.contains("3 Läufe in „Long“") && german.text.contains(">Suchen</button>"), "\(german.text)")
    }

    /// A run's name and the words typed come back escaped, never as markup.
    @Test func namesAndWordsAreEscaped() throws {
        let web = try makeServer()
        let hostile = "<script>alert(1)</script>"
        _ = try RunImporter(library: try web.library())
            .importBytes(GeneratedGPX.equatorRun(name: hostile, start: Date(timeIntervalSince1970: 1_700_000_000)), fileName: "x.gpx")
        try web.library().createSearchSet(named: "\"><b>set</b>", definition: SearchDefinition())
        let page = try web.client.get("/search?q=%3Cscript%3Ealert&set=%22%3E%3Cb%3Eset%3C%2Fb%3E")
        #expect(page.status == 200, "\(page.text)")
        #expect(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;</a>"))
        #expect(page.text.contains("value=\"&lt;script&gt;alert\""))
        #expect(page.text.contains("<option value=\"&quot;&gt;&lt;b&gt;set&lt;/b&gt;\" selected>"))
        #expect(!page.text.contains("<script>alert") && !page.text.contains("<b>set</b>"))
        let api = try web.client.get("/api/v1/search?q=alert")
        #expect((try api.json() as? [String: Any])?["runCount"] as? Int == 1)
    }
}
