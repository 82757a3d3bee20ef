import Foundation
import RunCore
import RunStore
import RunStorePostgres
import RunWeb
import Testing
import TestSupport

/// Each runner's data is theirs: user B's requests on user A's objects get exactly the answer
/// for objects that do not exist — walked over the route table (pages and API), so a new route
/// with an object in its path fails here until the test knows its object, and its answer to B
/// is checked.
@Suite(.enabled(if: TestPostgres.isEnabled, TestPostgres.skipNote))
struct ServerModeIsolationTests {
    static let sample = SharedData.repository("samples/runs/morning-10k.gpx")

    @Test func anotherUsersObjectsAnswerAsMissingOnes() throws {
        let web = try ServerModeTestServer()
        let alice = try web.addUser("alice"), bob = try web.addUser("bob")
        let accounts = try web.accounts()
        let token = try accounts.createToken(for: alice.name, label: "test", nowSeconds: Date().timeIntervalSince1970).token

        // Alice's objects: a run and its import (uploaded with her token: no CSRF, no cookie), a search set.
        let boundary = "----isolation\(UUID().uuidString)"
        var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"files\"; filename=\"run.gpx\"\r\nContent-Type: application/gpx+xml\r\n\r\n".utf8)
        body += [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.sample)))
        body += Array("\r\n--\(boundary)--\r\n".utf8)
        let upload = try web.client.request("POST", "/api/v1/imports", headers: [
            "Authorization": "Bearer \(token)", "Content-Type": "multipart/form-data; boundary=\(boundary)"], body: body)
        #expect(upload.status == 202, "\(upload.status) \(upload.text)")
        let jobID = try #require(upload.header("location")?.split(separator: "/").last.map(String.init))
        let aliceApplication = try web.application.tenants.application(for: try accounts.account(named: alice.name))
        #expect(aliceApplication.imports.waitUntilFinished(id: jobID, timeoutSeconds: 120))
        let aliceLibrary = try web.storage(of: alice.name).openLibrary(creating: false)
        let runID = try #require(try aliceLibrary.runIDs().first)
        let runName = try aliceLibrary.run(id: runID).name
        _ = try aliceLibrary.createSearchSet(named: "Long ones", definition: SearchDefinition(distanceMeters: ValueRange(minimum: 15_000)))

        let bobBrowser = try web.logIn(bob)
        let aliceAuthorization = ["Authorization": "Bearer \(token)"]
        // Each object in a path: Alice's value, and one no one has.
        let objects: [(segment: String, alice: String, missing: String)] = [
            ("/runs/{id}", String(runID), "987654"),
            ("/imports/{id}", jobID, String(repeating: "0", count: jobID.count)),
            ("/search-sets/{name}", "Long%20ones", "No%20such%20set"),
        ]
        var walked = 0
        for route in web.application.routes where route.pattern.contains("{") {
            guard let object = objects.first(where: { route.pattern.contains($0.segment) }) else {
                Issue.record("\(route.method) \(route.pattern): a route with an object this test does not know; add it to `objects`")
                continue
            }
            let parameter = object.segment.split(separator: "/").last.map(String.init) ?? ""
            let foreignPath = route.pattern.replacingOccurrences(of: parameter, with: object.alice)
            let missingPath = route.pattern.replacingOccurrences(of: parameter, with: object.missing)
            let isAPI = route.pattern.hasPrefix("/api/")
            let (body, type): ([UInt8], String?) = route.method == "GET" ? ([], nil)
                : isAPI ? (Array(#"{"name": "taken", "notes": "mine", "sport": "cycling"}"#.utf8), "application/json")
                : (Array("csrf=\(bobBrowser.csrfToken)&name=taken&notes=mine&sport=cycling".utf8), "application/x-www-form-urlencoded")
            let foreign = try web.request(route.method, foreignPath, as: bobBrowser, body: body, contentType: type)
            let missing = try web.request(route.method, missingPath, as: bobBrowser, body: body, contentType: type)
            #expect(foreign.status == missing.status && foreign.status >= 400,
                    "\(route.method) \(route.pattern): Alice's object \(foreign.status), a missing one \(missing.status)")
            if isAPI {
                #expect(ServerModeTestServer.code(foreign) == ServerModeTestServer.code(missing) && ServerModeTestServer.code(foreign) != nil,
                        "\(route.method) \(route.pattern): \(foreign.text) against \(missing.text)")
            } else {
                #expect(foreign.text == missing.text, "\(route.method) \(route.pattern): the pages differ")
            }
            if route.method == "GET" {
                // The object is real: Alice gets it.
                let own = try web.client.get(foreignPath, headers: aliceAuthorization)
                #expect(own.status < 400, "\(route.method) \(foreignPath) for Alice: \(own.status) \(own.text.prefix(200))")
            }
            walked += 1
        }
        #expect(walked >= 12, "routes with an object walked: \(walked)")

        // A search naming Alice's set is a search naming none.
        let foreignSearch = try web.request("GET", "/api/v1/search?set=Long%20ones", as: bobBrowser)
        let missingSearch = try web.request("GET", "/api/v1/search?set=No%20such%20set", as: bobBrowser)
        #expect(foreignSearch.status == 404 && missingSearch.status == 404)
        #expect(ServerModeTestServer.code(foreignSearch) == ServerModeTestServer.code(missingSearch))
        // Nothing Bob sent reached Alice's data.
        #expect(try aliceLibrary.runIDs() == [runID] && (try aliceLibrary.run(id: runID).name) == runName)
        #expect(try aliceLibrary.searchSets().map(\.name).contains("Long ones"))
        #expect(try web.storage(of: bob.name).openLibrary(creating: false).runIDs().isEmpty)
    }
}
