import Foundation
import RunCore
import RunHTTP
import RunStore
import RunStoreSQLite
@testable import RunWeb
import RunUI
import Testing
import TestSupport

/// What downloads cost the server (issue 16): a bounded number written at once, in all and per
/// address, each refusal with `Retry-After`; a client that stops reading — or reads a byte at a
/// time — gives its place back after the idle timeout; the store pool keeps no more than its
/// limit of idle connections. Real sockets from several loopback addresses.
@Suite(.serialized) struct WebDownloadCostTests {
    /// A run long enough that its GPX (about 2.7 MB) cannot fit in the sockets' buffers and the
    /// stream's: a client that does not read keeps its producer waiting.
    private static func longRun() throws -> TemporaryDirectory {
        let directory = TemporaryDirectory("runlog-long-run")
        _ = try directory.write("long.gpx", GeneratedGPX.equatorRun(name: "Long", start: Date(timeIntervalSince1970: 1_700_000_000),
                                                                     points: 30_000))
        return directory
    }

    @Test func downloadsAreLimitedInAllAndPerAddressWithRetryAfter() throws {
        let run = try Self.longRun()
        let web = try WebTestServer(configuration: WebConfiguration(downloadLimit: 3, downloadAddressLimit: 2), files: [run.file("long.gpx")])
        let first = try StalledDownload(port: web.server.port, path: "/runs/1/gpx", from: "127.0.0.1")
        let second = try StalledDownload(port: web.server.port, path: "/api/v1/runs/1/gpx", from: "127.0.0.1")
        #expect(first.status == 200 && second.status == 200)
        #expect(web.application.downloadsInProgress == 2)
        // The address's third: 429 with Retry-After, in the API's error shape.
        let third = try StalledDownload(port: web.server.port, path: "/api/v1/runs/1/gpx", from: "127.0.0.1")
        #expect(third.status == 429)
        #expect(third.header("retry-after").flatMap(Int.init).map { $0 > 0 } == true)
        #expect(third.head.contains("\"tooManyDownloads\""))
        // Another address still gets one; with it the server's three are taken. A third address's
        // share is 3 / 3 = 1: it gets one, 127.0.0.1's newer download cut; a fourth's share is
        // 3 / 4 → 1, and nobody holds more than 1: 503.
        let other = try StalledDownload(port: web.server.port, path: "/runs/1/gpx", from: "127.0.0.2")
        #expect(other.status == 200)
        let third2 = try StalledDownload(port: web.server.port, path: "/api/v1/runs/1/gpx", from: "127.0.0.3")
        #expect(third2.status == 200)
        #expect(web.application.downloads.count(for: ClientAddress(bytes: [127, 0, 0, 1])) == 1)
        let fourth = try StalledDownload(port: web.server.port, path: "/api/v1/runs/1/gpx", from: "127.0.0.4")
        #expect(fourth.status == 503)
        #expect(fourth.header("retry-after").flatMap(Int.init).map { $0 > 0 } == true)
        #expect(fourth.head.contains("\"downloadsBusy\""))
        third2.close()
        // Pages are still answered meanwhile.
        #expect(try web.client.get("/runs/1").status == 200)
        // Clients that go give their places back (their producers see the closed sockets at their next write).
        first.close(); second.close(); other.close()
        #expect(poll(seconds: 10) { web.application.downloadsInProgress == 0 })
        let again = try web.client.get("/api/v1/runs/1/gpx")
        #expect(again.status == 200 && again.body.count > 2_000_000)
    }

    /// The breaker's finding E: four addresses with two slow readers each held all eight places
    /// (first-come). Now a fifth address is answered at once: the newer download of an address
    /// holding the most is cut off (its client sees the transfer end without its last chunk).
    @Test(.timeLimit(.minutes(1)))
    func aNewAddressGetsADownloadWhenFourAddressesHoldThemAll() throws {
        let run = try Self.longRun()
        let web = try WebTestServer(files: [run.file("long.gpx")])
        let limit = web.application.configuration.downloadLimit, perAddress = web.application.configuration.downloadAddressLimit
        #expect(limit == 8 && perAddress == 2)
        let holders = try (0..<limit).map { try StalledDownload(port: web.server.port, path: "/runs/1/gpx", from: "127.0.0.\(2 + $0 / perAddress)") }
        #expect(holders.allSatisfy { $0.status == 200 } && web.application.downloadsInProgress == limit)
        var newcomer = web.client
        newcomer.source = "127.0.0.6"
        let answer = try newcomer.get("/api/v1/runs/1/gpx")
        #expect(answer.status == 200 && answer.body.count > 2_000_000)
        // One address gave one place: 7 held now the newcomer's download is done, one address with 1.
        let counts = (2...5).map { web.application.downloads.count(for: ClientAddress(bytes: [127, 0, 0, UInt8($0)])) }
        #expect(counts.sorted() == [1, 2, 2, 2] && web.application.downloadsInProgress == limit - 1)
        // The cut one is that address's newer download: its client reads to the end of the
        // connection and finds no last chunk.
        let address = try #require(counts.firstIndex(of: 1))
        let cut = holders[address * perAddress + 1]
        let body = try #require(cut.readToEnd(), "the cut download's connection is closed")
        #expect(!body.suffix(5).elementsEqual(Array("0\r\n\r\n".utf8)))
    }

    /// A reader slower than the download pace (here 2 MiB/s after 0.5 s) is cut off and gives its
    /// place back, the rest of its body never written; a fast one with the same pace gets the
    /// whole body. (The run is long — about 9 MB of GPX — because the kernel's socket buffers
    /// take a few megabytes of any download at once.)
    @Test(.timeLimit(.minutes(2)))
    func aReaderSlowerThanThePaceIsCutOff() throws {
        let directory = TemporaryDirectory("runlog-longer-run")
        _ = try directory.write("longer.gpx", GeneratedGPX.equatorRun(name: "Longer", start: Date(timeIntervalSince1970: 1_700_000_000),
                                                                       points: 100_000))
        var configuration = WebConfiguration(downloadLimit: 1, downloadAddressLimit: 1)
        configuration.downloadPace = DownloadPace(minimumBytesPerSecond: 2 * 1024 * 1024, graceSeconds: 0.5)
        let web = try WebTestServer(configuration: configuration, files: [directory.file("longer.gpx")])
        let clock = ContinuousClock(), start = clock.now
        let slow = try StalledDownload(port: web.server.port, path: "/runs/1/gpx", from: "127.0.0.2")
        #expect(slow.status == 200)
        // 16 KiB every 100 ms (about 160 KiB/s) until the server gives the place back.
        let freed = poll(seconds: 30) {
            slow.readSome(16 * 1024)
            usleep(100_000)
            return web.application.downloadsInProgress == 0
        }
        let seconds = Self.seconds(clock.now - start)
        #expect(freed)
        // What the server wrote before it cut the stream, read at full speed: less than the whole.
        let rest = try #require(slow.readToEnd(), "the connection is closed")
        let whole = try web.client.get("/runs/1/gpx")
        #expect(whole.status == 200 && whole.body.count > 8_000_000)
        print("a reader at about 160 KiB/s, pace 2 MiB/s after 0.5 s: place given back after \(String(format: "%.1f", seconds)) s, "
              + "\(slow.bytesRead + rest.count) of \(whole.body.count) bytes sent")
        #expect(slow.bytesRead + rest.count < whole.body.count)
    }

    @Test(arguments: ["stops reading", "reads a byte at a time"])
    func aStalledReaderGivesItsPlaceBackAfterTheIdleTimeout(reader: String) throws {
        let run = try Self.longRun()
        let web = try WebTestServer(configuration: WebConfiguration(downloadLimit: 1, downloadAddressLimit: 1), files: [run.file("long.gpx")],
                                    idleTimeoutSeconds: 2)
        let clock = ContinuousClock()
        let stalled = try StalledDownload(port: web.server.port, path: "/runs/1/gpx", from: "127.0.0.1")
        #expect(stalled.status == 200)
        let start = clock.now
        #expect(try web.client.get("/runs/1/gpx").status == 429)
        // The client keeps its connection (and, trickling, takes a byte every 10 ms); its
        // producer waits at most the idle timeout (2 s) for half of its buffer to be taken.
        let freed = poll(seconds: 15) {
            if reader == "reads a byte at a time" { stalled.readByte() }
            return web.application.downloadsInProgress == 0
        }
        #expect(freed)
        print("a client that \(reader): its download's place given back after \(String(format: "%.1f", Self.seconds(clock.now - start))) s (idle timeout 2 s)")
        let whole = try web.client.get("/runs/1/gpx")
        #expect(whole.status == 200 && whole.body.count > 2_000_000)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// The track API's places: one per address, two in all, each refusal coded with `Retry-After`;
    /// a track answered gives its place back.
    @Test func tracksFromPointsAreLimitedInAllAndPerAddress() throws {
        let slots = WorkSlots(limit: 2, addressLimit: 1, refusals: .trackFromPoints)
        let first = try slots.take(for: ClientAddress(bytes: [127, 0, 0, 1]), strings: .english)
        #expect(throws: WebError.self) { try slots.take(for: ClientAddress(bytes: [127, 0, 0, 1]), strings: .english) }
        do {
            _ = try slots.take(for: ClientAddress(bytes: [127, 0, 0, 1]), strings: .german)
        } catch let error as WebError {
            #expect(error.status == 429 && error.code == "tooManyTrackRequests" && error.headers.contains { $0.name == "Retry-After" })
            #expect(error.pageMessage?.contains("Strecken") == true && error.data["limitRequests"] == .integer(1))
        }
        let second = try slots.take(for: ClientAddress(bytes: [127, 0, 0, 2]), strings: .english)
        do {
            _ = try slots.take(for: ClientAddress(bytes: [127, 0, 0, 3]), strings: .english)
            Issue.record("a third place in all was given")
        } catch let error as WebError {
            #expect(error.status == 503 && error.code == "trackWorkBusy" && error.headers.contains { $0.name == "Retry-After" })
        }
        first.release()
        first.release()   // once only
        #expect(slots.count == 1)
        _ = try slots.take(for: ClientAddress(bytes: [127, 0, 0, 3]), strings: .english)   // freed when dropped
        #expect(slots.count == 1)
        second.release()
        #expect(slots.count == 0)

        let web = try WebTestServer(configuration: WebConfiguration(trackWorkLimit: 1, trackWorkAddressLimit: 1),
                                    files: [SharedData.repository("samples/runs/morning-10k.gpx")])
        #expect(try web.client.get("/api/v1/runs/1/track").status == 200)
        #expect(try web.client.get("/api/v1/runs/1/track?toleranceMeters=5").status == 200)
        #expect(web.application.trackWork.count == 0)
    }

    @Test func thePoolKeepsNoMoreIdleWorkspacesThanItsLimit() throws {
        let home = TemporaryDirectory("runlog-pool")
        let pool = StorePool(storage: SQLiteStorage(libraryLocation: home.file("library.sqlite"), sharedLocation: home.file("group.sqlite")),
                             idleLimit: 2)
        // Five requests at once (nested: each takes a workspace of its own), then none.
        func nest(_ depth: Int) throws -> Int {
            try pool.withWorkspace { _ in depth == 1 ? pool.idleCount : try nest(depth - 1) }
        }
        #expect(try nest(5) == 0)
        #expect(pool.idleCount == 2)
        #expect(try nest(1) == 1)   // one of those kept is used again
        #expect(pool.idleCount == 2)
    }
}

/// Polls `condition` every 10 ms until it holds or `seconds` pass; returns whether it held.
private func poll(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}

/// A download request on a raw socket with a 4 KiB receive buffer, whose answer's head is read
/// and whose body is then left unread (or read a byte at a time).
private final class StalledDownload {
    let socket: Int32
    /// The answer's status line and header fields, and for a refusal its (small) body too.
    let head: String
    let status: Int?

    init(port: UInt16, path: String, from source: String) throws {
        guard let socket = LoopbackSocket.connect(port: port, receiveTimeoutSeconds: 10, from: source, receiveBufferBytes: 4096) else {
            throw LoopbackError("cannot connect from \(source)")
        }
        self.socket = socket
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        // Up to the head's end and a little more (a refusal's JSON body arrives with its head).
        while HTTPTestClient.find(Array("\r\n\r\n".utf8), in: received) == nil {
            let n = recv(socket, &buffer, buffer.count, 0)
            if n <= 0 { break }
            received += buffer[0..<n]
        }
        head = String(decoding: received, as: UTF8.self)
        let statusLine = head.split(separator: "\r\n").first.map(String.init) ?? ""
        status = statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    deinit { close() }

    /// A header field's value (name in any case).
    func header(_ name: String) -> String? {
        for line in head.split(separator: "\r\n").dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == name.lowercased() { return parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }

    /// Body bytes read by ``readSome(_:)``.
    private(set) var bytesRead = 0

    /// Reads up to `count` bytes if some are there, without waiting.
    func readSome(_ count: Int) {
        var buffer = [UInt8](repeating: 0, count: count)
        let n = recv(socket, &buffer, count, Int32(MSG_DONTWAIT))
        if n > 0 { bytesRead += n }
    }

    /// Reads one byte if one is there, without waiting.
    func readByte() {
        var byte: UInt8 = 0
        _ = recv(socket, &byte, 1, Int32(MSG_DONTWAIT))
    }

    /// Reads what is left until the server closes the connection and returns it; nil when the
    /// socket's receive timeout passed first (the connection still open).
    func readToEnd() -> [UInt8]? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(socket, &buffer, buffer.count, 0)
            if n == 0 { return received }
            if n < 0 { return errno == EAGAIN || errno == EWOULDBLOCK ? nil : received }
            received += buffer[0..<n]
        }
    }

    private var isClosed = false

    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(socket)
    }
}
