import Foundation
import RunCore
import RunStore
import RunHTTP
import RunUI
@testable import RunWeb
import Testing

/// The web application's small parts: sessions and the CSRF check, the host check, the cache's
/// token exchange, HTML escaping.
@Suite struct WebPartsTests {
    @Test func csrfTokensBelongToTheirSession() {
        let store = SessionStore(limit: 8)
        let mine = store.create(for: .localUser), other = store.create(for: .localUser)
        func post(_ headers: [String: String] = [:]) -> HTTPRequest { HTTPRequest(method: "POST", path: "/", headers: headers) }
        #expect(CSRFGuard.accepts(post(), submitted: mine.csrfToken, session: mine))
        #expect(!CSRFGuard.accepts(post(), submitted: other.csrfToken, session: mine))    // another session's token
        #expect(!CSRFGuard.accepts(post(), submitted: mine.id, session: mine))            // the cookie's value is not the token
        #expect(!CSRFGuard.accepts(post(), submitted: nil, session: mine))
        #expect(!CSRFGuard.accepts(post(), submitted: mine.csrfToken, session: nil))      // no session kept
        #expect(!CSRFGuard.accepts(post(["origin": "http://evil", "host": "127.0.0.1:1"]), submitted: mine.csrfToken, session: mine))
        #expect(CSRFGuard.accepts(post(["origin": "http://127.0.0.1:1", "host": "127.0.0.1:1"]), submitted: mine.csrfToken, session: mine))
        // 32 random bytes each, in hex; ids and tokens unrelated.
        let hex = Set("0123456789abcdef")
        #expect([mine.id, mine.csrfToken, other.id, other.csrfToken].allSatisfy { $0.count == 64 && $0.allSatisfy(hex.contains) })
        #expect(Set([mine.id, mine.csrfToken, other.id, other.csrfToken]).count == 4)
        #expect(mine.cookie == "runlog_session=\(mine.id); Path=/; HttpOnly; SameSite=Strict")
    }

    @Test func theSessionStoreHoldsItsBound() {
        let store = SessionStore(limit: 16)
        let first = store.create(for: .localUser), second = store.create(for: .localUser)
        // A flood of new sessions: the count never passes the limit; the least recently used go first.
        for i in 0..<1000 {
            if i % 10 == 0 { #expect(store.session(id: first.id) == first) }   // kept in use
            _ = store.create(for: .localUser)
            #expect(store.count <= 16)
        }
        #expect(store.count == 16)
        #expect(store.session(id: first.id) == first)
        #expect(store.session(id: second.id) == nil)
    }

    /// Exactly the right one goes, by a model kept by hand beside the store: sessions made and
    /// used in a seeded order, the model a list with the most recent use last and the set of those
    /// whose cookie came back; the least recently made of the others goes first, else the least
    /// recently used.
    @Test func theSessionStoreDropsExactlyTheLeastRecentlyUsed() {
        let store = SessionStore(limit: 5)
        var model: [String] = [], returned: Set<String> = []   // ids, least recently used first
        var generator = UInt64(20_261_201)
        func next() -> UInt64 { generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return generator >> 33 }
        for _ in 0..<3_000 {
            if model.isEmpty || next() % 3 == 0 {
                let session = store.create(for: .localUser)
                if model.count == 5 { model.remove(at: model.firstIndex { !returned.contains($0) } ?? 0) }
                model.append(session.id)
            } else {
                let id = model[Int(next() % UInt64(model.count))]
                #expect(store.session(id: id)?.id == id)
                model.removeAll { $0 == id }
                model.append(id)
                returned.insert(id)
            }
            #expect(store.count == model.count)
        }
        for id in model { #expect(store.session(id: id)?.id == id) }
    }

    /// A client that keeps no cookie (a script polling a page makes a session per request) never
    /// pushes out a browser's session in use (a review saw a tab's form refused after 1,100 such requests).
    @Test func sessionsNeverUsedAgainGoFirst() {
        let store = SessionStore(limit: 16)
        let browser = store.create(for: .localUser)
        #expect(store.session(id: browser.id) == browser)   // its cookie came back once
        for _ in 0..<5_000 { _ = store.create(for: .localUser) }
        #expect(store.count == 16)
        #expect(store.session(id: browser.id) == browser)
    }

    @Test func hostsAndTileOrigins() {
        #expect(HostCheckMiddleware.isLoopbackHost("127.0.0.1:8080") && HostCheckMiddleware.isLoopbackHost("localhost")
                && HostCheckMiddleware.isLoopbackHost("[::1]:80") && HostCheckMiddleware.isLoopbackHost("127.1.2.3"))
        #expect(!HostCheckMiddleware.isLoopbackHost("127.0.0.1.nip.io") && !HostCheckMiddleware.isLoopbackHost(nil)
                && !HostCheckMiddleware.isLoopbackHost("evil.example:8080") && !HostCheckMiddleware.isLoopbackHost("128.0.0.1"))
    }

    @Test func aCachedPageGetsTheRequestersToken() throws {
        let old = String(repeating: "a", count: 64), new = String(repeating: "b", count: 64)
        let page = "<meta content=\"\(old)\"><input value=\"\(old)\">\(old)"
        let body = Array(page.utf8)
        let offsets = CacheMiddleware.offsets(of: Array(old.utf8), in: body)
        // `<meta content="` is 15 bytes, `"><input value="` 16, `">` 2.
        #expect(offsets == [15, 15 + 64 + 16, 15 + 64 + 16 + 64 + 2])
        let cached = PageCache.CachedResponse(status: 200, headers: [], body: body, csrfToken: old, tokenOffsets: offsets)
        let served = HTTPResponse(status: 200, body: CacheMiddleware.body(of: cached, token: new))
        guard case .pieces(let pieces) = served.body else { Issue.record("not in pieces: \(served.body)"); return }
        #expect(pieces.count == 7)   // four parts of the page, three tokens
        let bytes = try #require(served.bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == page.replacingOccurrences(of: old, with: new))
        #expect(CacheMiddleware.offsets(of: Array(old.utf8), in: bytes).isEmpty)
        // The same session again: the kept bytes as they are.
        guard case .bytes(let same) = CacheMiddleware.body(of: cached, token: old) else { Issue.record("pieces for the same token"); return }
        #expect(same == body)
    }

    @Test func htmlInterpolationEscapes() {
        let name = "<script>alert(1)</script>"
        let html: HTML = "<p title=\"\(name)\">\(name) \(3)</p>"
        #expect(html.text == "<p title=\"&lt;script&gt;alert(1)&lt;/script&gt;\">&lt;script&gt;alert(1)&lt;/script&gt; 3</p>")
    }
}

/// A failure of the storage on the web: its code and sentence (German on a German page), never the
/// engine's own words with its statement (a review saw `SQLite error 11 … (in: SELECT r.id …)`).
@Suite struct WebStorageFailureTests {
    struct Failure: StorageFailure {
        var isBusy = false, isDamage = false, isReadOnly = false, isFull = false
        var location: String? = "/srv/runlog/library.sqlite"
        var rescueHint: String? = nil
        var message = "database disk image is malformed"
        var description: String { "SQLite error 11: \(message) (in: SELECT r.id, r.name FROM runs r LIMIT 500 OFFSET 0)" }
    }

    @Test(arguments: [("damaged", 500, "storeDamaged"), ("read-only", 500, "storeReadOnly"), ("busy", 503, "storeBusy"), ("full", 507, "diskFull")])
    func aStorageFailureIsSaidNotDumped(kind: String, status: Int, code: String) {
        ServerPaths.register(["/srv/runlog"])   // as a server whose library's folder it is
        var failure = Failure()
        switch kind {
        case "damaged": failure.isDamage = true
        case "read-only": failure.isReadOnly = true
        case "busy": failure.isBusy = true
        default: failure.isFull = true
        }
        let error = WebError(from: failure, language: .german)
        #expect(error.status == status && error.code == code, "\(kind): \(error.status) \(error.code)")
        #expect(!error.message.contains("SELECT") && !(error.pageMessage ?? "").contains("SELECT"), "\(error.message)")
        // The store is named by its file, without the server's folders (issue 16).
        #expect(error.message.contains("library.sqlite") && error.pageMessage != nil && error.pageMessage != error.message)
        #expect(!error.message.contains("/srv") && !(error.pageMessage ?? "").contains("/srv") && error.data["location"] == .string("library.sqlite"))
    }

    @Test func anUnknownErrorIsNotDumpedEither() {
        struct Odd: Error, CustomStringConvertible { var description: String { "secret internals SELECT * FROM sessions" } }
        let error = WebError(from: Odd(), language: .english)
        #expect(error.status == 500 && error.code == "internal" && !error.message.contains("SELECT"))
    }
}

/// Every 503 and 429 says when to try again (RFC 9110 §10.2.3), whoever made it: a refusal's own
/// wait is kept, any other gets the default (a store that stayed busy: 503 `storeBusy`, made by
/// the error mapping with no header of its own).
@Suite struct RetryAfterTests {
    @Test func every503And429SaysWhenToTryAgain() {
        var busy = WebStorageFailureTests.Failure()
        busy.isBusy = true
        let mapped = APIResponses.error(WebError(from: busy, language: .english))
        #expect(mapped.status == 503 && mapped.header("retry-after") == nil)
        #expect(RetryAfterMiddleware.ensured(mapped).header("Retry-After") == String(RetryAfterMiddleware.defaultSeconds))
        #expect(RetryAfterMiddleware.ensured(HTTPResponse(status: 429)).header("retry-after") == String(RetryAfterMiddleware.defaultSeconds))
        let own = RetryAfterMiddleware.ensured(HTTPResponse(status: 503, headers: [("retry-after", "30")]))
        #expect(own.headers.filter { $0.name.lowercased() == "retry-after" }.map(\.value) == ["30"])
        for status in [200, 403, 500, 507] { #expect(RetryAfterMiddleware.ensured(HTTPResponse(status: status)).header("retry-after") == nil) }
        let error = WebError(503, "x", "y").retryingAfter(seconds: 7).retryingAfter(seconds: 9)
        #expect(error.headers.map(\.value) == ["9"] && error.data["retryAfterSeconds"] == .integer(9))
    }
}
