import Foundation
import RunCore
import RunHTTP
import RunStore
import RunStoreSQLite
import RunWeb
import Testing
import TestSupport

/// The chain notes the changes (no handler does): after every route that changes data, a page
/// or answer cached before shows the change. Requests one after another use one workspace, whose
/// own commits SQLite's `data_version` does not report — so only the chain's note can make these pass.
@Suite struct WebChangeTrackingTests {
    /// An unsafe route, what it is sent, and a cached GET that shows what it changed.
    struct Case: Sendable {
        var method: String
        var pattern: String
        /// A cacheable GET that shows the change, and the text that shows it; nil when no cached page does.
        var shown: (path: String, text: String)?
        var setUp: @Sendable (WebTestServer) throws -> Void = { _ in }
        /// Whether the change takes the text away (it shows before, not after) rather than adding it.
        var removesText = false
        var send: @Sendable (WebTestServer) throws -> HTTPTestClient.Response
    }

    static let gpx = GeneratedGPX.equatorRun(name: "Second run", start: Date(timeIntervalSince1970: 1_650_000_000))

    /// A profile `trail` whose language is German, made as another process would.
    static let germanProfile: @Sendable (WebTestServer) throws -> Void = { web in
        let store = try web.settings()
        try store.createProfile("trail")
        _ = try store.set("language", text: "de", profile: "trail")
    }

    static let cases: [Case] = [
        Case(method: "POST", pattern: "/runs/{id}/rename", shown: ("/runs/1", "Renamed by form")) {
            try $0.postForm("/runs/1/rename", [("name", "Renamed by form")]) },
        Case(method: "POST", pattern: "/runs/{id}/notes", shown: ("/runs/1", "Notes by form")) {
            try $0.postForm("/runs/1/notes", [("notes", "Notes by form")]) },
        Case(method: "POST", pattern: "/runs/{id}/sport", shown: ("/api/v1/runs/1", "\"sport\":\"cycling\"")) {
            try $0.postForm("/runs/1/sport", [("sport", "cycling")]) },
        Case(method: "POST", pattern: "/runs/{id}/delete", shown: ("/api/v1/runs", "\"runs\":[]")) {
            try $0.postForm("/runs/1/delete", []) },
        Case(method: "POST", pattern: "/settings", shown: ("/", "lang=\"de\"")) {
            try $0.postForm("/settings", [("language", "de")]) },
        Case(method: "POST", pattern: "/settings/profile", shown: ("/", "lang=\"de\""), setUp: germanProfile) {
            try $0.postForm("/settings/profile", [("profile", "trail")]) },
        Case(method: "POST", pattern: "/settings/profiles", shown: nil) {
            try $0.postForm("/settings/profiles", [("name", "trail")]) },
        Case(method: "POST", pattern: "/import", shown: ("/api/v1/runs", "\"runCount\":2")) {
            try $0.importFiles("/import", files: [("second.gpx", gpx)]) },
        Case(method: "PATCH", pattern: "/api/v1/runs/{id}", shown: ("/api/v1/runs/1", "Patched by the API")) {
            try $0.sendJSON("PATCH", "/api/v1/runs/1", ["name": "Patched by the API"]) },
        Case(method: "DELETE", pattern: "/api/v1/runs/{id}", shown: ("/api/v1/runs", "\"runs\":[]")) {
            try $0.client.request("DELETE", "/api/v1/runs/1", headers: $0.csrfHeaders) },
        Case(method: "POST", pattern: "/api/v1/imports", shown: ("/api/v1/runs", "\"runCount\":2")) {
            try $0.importFiles("/api/v1/imports", files: [("second.gpx", gpx)]) },
        Case(method: "PUT", pattern: "/api/v1/settings", shown: ("/", "lang=\"de\"")) {
            try $0.sendJSON("PUT", "/api/v1/settings", ["language": "de"]) },
        Case(method: "POST", pattern: "/api/v1/profiles", shown: nil) {
            try $0.sendJSON("POST", "/api/v1/profiles", ["name": "trail"]) },
        Case(method: "PUT", pattern: "/api/v1/profiles/active", shown: ("/", "lang=\"de\""), setUp: germanProfile) {
            try $0.sendJSON("PUT", "/api/v1/profiles/active", ["name": "trail"]) },
        Case(method: "PATCH", pattern: "/api/v1/search-sets/{name}", shown: ("/api/v1/search-sets", "Hill repeats"), setUp: hillsSet) {
            try $0.sendJSON("PATCH", "/api/v1/search-sets/Hills", ["name": "Hill repeats"]) },
        Case(method: "DELETE", pattern: "/api/v1/search-sets/{name}", shown: ("/api/v1/search-sets", "\"Hills\""), setUp: hillsSet,
             removesText: true) {
            try $0.client.request("DELETE", "/api/v1/search-sets/Hills", headers: $0.csrfHeaders) },
    ]

    /// A search set "Hills", made as another process would.
    static let hillsSet: @Sendable (WebTestServer) throws -> Void = { web in
        try web.library().createSearchSet(named: "Hills", definition: SearchDefinition())
    }

    /// Routes that change no data a page shows: live commands go to the recorder, whose state is
    /// part of the cache key of the pages that show it.
    static let exempt: Set<String> = ["POST /api/v1/live/commands"]

    @Test func everyUnsafeRouteHasACase() throws {
        let web = try WebTestServer()
        let unsafe = Set(web.application.routes.filter { CSRFGuard.isUnsafe($0.method) }.map { "\($0.method) \($0.pattern)" })
        let covered = Set(Self.cases.map { "\($0.method) \($0.pattern)" })
        #expect(unsafe == covered.union(Self.exempt))
    }

    @Test func aCachedPageShowsEveryChange() throws {
        for change in Self.cases {
            let name = "\(change.method) \(change.pattern)"
            let web = try WebTestServer(files: [SharedData.corpus("sportslib-garmin.gpx")])
            try change.setUp(web)
            if let shown = change.shown {
                // Twice: the second answer comes from the cache.
                for _ in 0..<2 {
                    let before = try web.client.get(shown.path, headers: ["Cookie": web.cookie])
                    #expect(before.status == 200 && before.text.contains(shown.text) == change.removesText, "\(name): \(before.status)")
                }
            }
            let generation = web.application.pool.generation
            let response = try change.send(web)
            #expect(response.status < 400, "\(name) answered \(response.status): \(response.text.prefix(200))")
            #expect(web.application.pool.generation > generation, "\(name)")
            if let shown = change.shown {
                let after = try web.client.get(shown.path, headers: ["Cookie": web.cookie])
                #expect(after.status == 200 && after.text.contains(shown.text) != change.removesText, "\(name) is not shown at \(shown.path)")
            }
        }
    }
}
