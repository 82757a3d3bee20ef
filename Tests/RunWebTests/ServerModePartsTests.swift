import Foundation
import RunHTTP
import RunStore
import RunStorePostgres
import RunWeb
import Synchronization
import Testing

/// Server mode's parts that need no database: the login throttle's rule and its bound, and the
/// bound on password checks at once.
struct ServerModePartsTests {
    @Test func theThrottleDoublesItsWaitUpToItsMaximum() {
        let throttle = LoginThrottle(perName: .init(freeFailures: 3, maximumDelaySeconds: 10), perAddress: .init(freeFailures: 100))
        let address = ClientAddress.unknown
        var now = 1000.0
        for _ in 0..<3 {
            #expect(throttle.waitSeconds(name: "ann", address: address, now: now) == 0)
            throttle.failed(name: "ann", address: address, now: now)
        }
        // 2^(failures − free) seconds after the last failure: 1, 2, 4, 8, then the maximum, 10.
        for expected in [1.0, 2, 4, 8, 10, 10] {
            #expect(throttle.waitSeconds(name: "ann", address: address, now: now) == expected)
            #expect(throttle.waitSeconds(name: "bob", address: address, now: now) == 0, "another name is not held up")
            now += expected
            #expect(throttle.waitSeconds(name: "ann", address: address, now: now) == 0)
            throttle.failed(name: "ann", address: address, now: now)
        }
        throttle.succeeded(name: "ann")
        #expect(throttle.waitSeconds(name: "ann", address: address, now: now) == 0)
    }

    /// Logins sent at once get no more password checks than logins sent one after another: with 3
    /// free failures, 40 attempts begun at once let 3 through; when those fail, the wait applies.
    @Test func attemptsAtOnceCountAsTheyAreChecked() {
        let throttle = LoginThrottle(perName: .init(freeFailures: 3), perAddress: .init(freeFailures: 100))
        let address = ClientAddress.unknown
        let admitted = (0..<40).filter { _ in throttle.begin(name: "zed", address: address, now: 1000) == 0 }.count
        #expect(admitted == 3)
        for _ in 0..<3 { throttle.failed(name: "zed", address: address, now: 1000) }
        #expect(throttle.begin(name: "zed", address: address, now: 1000) == 1, "2^(3 − 3) s after the third failure")
        // After the wait, one attempt at a time: a second waits for the first to be settled.
        #expect(throttle.begin(name: "zed", address: address, now: 1001) == 0)
        #expect(throttle.begin(name: "zed", address: address, now: 1001) > 0)
        throttle.abandoned(name: "zed", address: address)
        #expect(throttle.begin(name: "zed", address: address, now: 1001) == 0, "an abandoned attempt frees its turn and counts nothing")
        throttle.succeeded(name: "zed", address: address)
        #expect(throttle.begin(name: "zed", address: address, now: 1001) == 0, "a success clears the name")
    }

    @Test func theThrottleKeepsAtMostItsCapacity() {
        let throttle = LoginThrottle(perName: .init(freeFailures: 1, capacity: 50), perAddress: .init(freeFailures: 1, capacity: 50))
        for index in 0..<1000 { throttle.failed(name: "guess-\(index)", address: .unknown, now: Double(index)) }
        #expect(throttle.countedKeys.names == 50 && throttle.countedKeys.addresses == 1)
        #expect(throttle.waitSeconds(name: "guess-999", address: .unknown, now: 999) > 0, "the newest are kept")
        #expect(throttle.waitSeconds(name: "guess-0", address: ClientAddress.unknown, now: 999) > 0, "the address is still counted")
    }

    /// One check at once, none waiting: a second login while one is checked is refused at once
    /// with 503 `loginBusy`; when the first is done, the next gets its place.
    @Test func passwordChecksAreBounded() throws {
        let slots = HashSlots(limit: 1, waitLimit: 0, waitSeconds: 0.1)
        let inside = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread {
            _ = try? slots.withSlot { inside.signal(); release.wait() }
            done.signal()
        }.start()
        inside.wait()
        #expect(slots.runningCount == 1)
        #expect { try slots.withSlot { } } throws: { ($0 as? WebError)?.code == "loginBusy" && ($0 as? WebError)?.status == 503 }
        release.signal()
        done.wait()
        #expect(try slots.withSlot { 7 } == 7)
    }

    /// `--trust-proxy`: a trusted proxy's request counts as from the last forwarded address that
    /// is not a proxy; anyone else's `X-Forwarded-For` is ignored, and so is what a client made up
    /// to the left of what the proxy added.
    @Test(arguments: [
        ("127.0.0.1", "203.0.113.7", "203.0.113.7"),
        ("127.0.0.1", "198.51.100.1, 203.0.113.7", "203.0.113.7"),          // the client's own entry on the left is not believed
        ("127.0.0.1", "203.0.113.7, 10.0.0.2", "203.0.113.7"),             // a second trusted proxy is skipped
        ("127.0.0.1", "[2001:db8::7]:4711", "2001:db8:0:0:0:0:0:7"),
        ("127.0.0.1", "203.0.113.7:4711", "203.0.113.7"),
        ("127.0.0.1", "not an address", "127.0.0.1"),
        ("192.0.2.9", "203.0.113.7", "192.0.2.9"),                          // not a proxy: its header is ignored
    ])
    func aTrustedProxysForwardedAddressCounts(peer: String, forwardedFor: String, expected: String) throws {
        let proxies: Set = [try #require(ForwardedClientHandler.address("127.0.0.1")), try #require(ForwardedClientHandler.address("10.0.0.2"))]
        let handler = ForwardedClientHandler(Recorder(), trusting: proxies)
        let request = HTTPRequest(method: "GET", path: "/", headers: ["x-forwarded-for": forwardedFor],
                                  clientAddress: try #require(ForwardedClientHandler.address(peer)))
        #expect(handler.forwarded(request).clientAddress.description == expected)
        #expect(String(decoding: handler.respond(to: request).bytes ?? [], as: UTF8.self) == expected, "the handler behind sees it")
    }

    /// Answers with the client address it was given.
    struct Recorder: HTTPHandler {
        func bodyLimit(for head: HTTPRequest) -> Int { 0 }
        func admitBody(of head: HTTPRequest, declaredLength: Int?) -> BodyAdmission { .memory }
        func respond(to request: HTTPRequest) -> HTTPResponse {
            HTTPResponse(status: 200, contentType: "text/plain", text: request.clientAddress.description)
        }
        func respondPayloadTooLarge(to head: HTTPRequest, limit: Int) -> HTTPResponse { HTTPResponse(status: 413) }
    }
}

/// Server mode's users' applications share the server's limits, so they are not multiplied by the users.
struct ServerModeTenantsTests {
    @Test func usersApplicationsShareTheServersLimits() throws {
        let tenants = Tenants(limit: 2, idleWorkspaces: 2, configuration: WebConfiguration(),
                              storage: { PostgresStorage(url: "postgresql:///nowhere", user: $0) })
        func account(_ id: Int64) -> Account {
            Account(id: id, name: "user\(id)", role: .runner, isDisabled: false, hasPassword: true, createdAtSeconds: 0, lastLoginAtSeconds: nil)
        }
        let first = try tenants.application(for: account(1)), second = try tenants.application(for: account(2))
        #expect(first !== second && first.pool !== second.pool, "each user's own stores")
        #expect(first.spoolBudget === second.spoolBudget, "one spool budget for the server")
        #expect(try tenants.application(for: account(1)) === first, "kept for the user's next request")
        // A third user pushes out the least recently used idle one (the second).
        _ = try tenants.application(for: account(3))
        #expect(tenants.applications.count == 2 && !tenants.applications.contains { $0 === second })
    }
}
