import Foundation
@testable import RunHTTP
import Synchronization
import Testing
import TestSupport

/// What slow readers of large in-memory answers hold (issue 16, breaker finding K: 512 slow
/// readers of one cached 7.8 MB answer took the server to 3.3 GB, a copy each). Real sockets on
/// the loopback interface, clients from 127.0.0.2–9 that read an answer's head and then nothing.
@Suite(.serialized) struct AnswerMemoryTests {
    /// `/shared` answers the same array every time (as the page cache does), `/fresh` a new one
    /// each time (an answer computed per request), `/small` 2 bytes.
    final class AnswerHandler: HTTPHandler {
        static let size = 4 << 20
        let shared = [UInt8](repeating: 0x61, count: AnswerHandler.size)

        func bodyLimit(for head: HTTPRequest) -> Int { 1 << 20 }
        func respondPayloadTooLarge(to head: HTTPRequest, limit: Int) -> HTTPResponse { HTTPResponse(status: 413) }
        func respond(to request: HTTPRequest) -> HTTPResponse {
            switch request.path {
            case "/shared": return HTTPResponse(status: 200, body: .bytes(shared))
            case "/fresh": return HTTPResponse(status: 200, body: .bytes([UInt8](repeating: 0x62, count: Self.size)))
            case "/pieces":
                // A kept page with another session's token put in: pieces of the shared bytes around a new one.
                return HTTPResponse(status: 200, body: .pieces([shared[0..<1000], Array("token".utf8)[...], shared[1005...]]))
            default: return HTTPResponse(status: 200, contentType: "text/plain", text: "ok")
            }
        }
    }

    /// Connections that each ask for `path` and read only the answer's head (their statuses), from
    /// 127.0.0.`first` up to 127.0.0.(`first` + addresses - 1), `perAddress` from each.
    private static func slowReaders(port: UInt16, path: String, from first: Int = 2, addresses: Int = 1,
                                    perAddress: Int) throws -> [(RawConnection, Int?)] {
        var readers: [(RawConnection, Int?)] = []
        for address in 0..<addresses {
            for _ in 0..<perAddress {
                let connection = try RawConnection(port: port, from: "127.0.0.\(first + address)", receiveBufferBytes: 4096)
                connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                readers.append((connection, connection.readHead()?.status))
            }
        }
        return readers
    }

    @Test func slowReadersOfOneAnswerShareItsBytes() throws {
        let server = try HTTPServer(configuration: ServerConfiguration(port: 0, threadCount: 2), handler: AnswerHandler())
        defer { server.stop() }
        // 8 addresses × 32 readers of one 4 MiB answer: a copy each would be 1 GiB.
        var readers = try Self.slowReaders(port: server.port, path: "/shared", addresses: 8, perAddress: 32)
        #expect(readers.allSatisfy { $0.1 == 200 })
        // Every answer queued (its head arrived): the bytes once, and a read block per connection.
        let expected = AnswerHandler.size + readers.count * BufferedAnswer.blockBytes
        let held = server.queuedAnswerBytes
        print("\(readers.count) slow readers of one \(AnswerHandler.size >> 20) MiB answer hold \(held.now) bytes (peak \(held.peak))")
        #expect(held.now == expected)
        #expect(held.peak == expected)
        #expect(held.now < ServerConfiguration().answerBytesPerAddressLimit)
        // The readers go (closed with the answer unread: a reset): nothing is held.
        readers = []
        #expect(waitUntil(seconds: 10) { server.queuedAnswerBytes.now == 0 })
    }

    @Test func piecesOfASharedAnswerCountItOnce() throws {
        let server = try HTTPServer(configuration: ServerConfiguration(port: 0, threadCount: 2), handler: AnswerHandler())
        defer { server.stop() }
        let readers = try Self.slowReaders(port: server.port, path: "/pieces", addresses: 2, perAddress: 8)
        #expect(readers.allSatisfy { $0.1 == 200 })
        // The shared storage less the 5 bytes replaced, once; each answer's token (its own array) and block.
        let expected = (AnswerHandler.size - 5) + readers.count * (5 + BufferedAnswer.blockBytes)
        #expect(server.queuedAnswerBytes.now == expected)
        // The body arrives whole and in order.
        let reader = try RawConnection(port: server.port)
        reader.send("GET /pieces HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let received = reader.readToEnd()
        let body = Array(received[(RawConnection.headEnd(received)! + 4)...])
        #expect(body.count == AnswerHandler.size)
        #expect(Array(body[995..<1010]) == Array("aaaaatokenaaaaa".utf8))
        withExtendedLifetime(readers) {}   // held open until here
    }

    @Test func distinctAnswersPastTheBoundAreRefusedWithRetryAfter() throws {
        let perAddress = 10 << 20, total = 20 << 20
        let server = try HTTPServer(configuration: ServerConfiguration(port: 0, threadCount: 2, answerBytesLimit: total,
                                                                       answerBytesPerAddressLimit: perAddress),
                                    handler: AnswerHandler())
        defer { server.stop() }
        // Each fresh answer holds 4 MiB and a 32 KiB block. From 127.0.0.2: two fit in 10 MiB, a third does not (429).
        let first = try Self.slowReaders(port: server.port, path: "/fresh", perAddress: 3)
        #expect(first.map(\.1) == [200, 200, 429])
        let refused = try Self.slowReaders(port: server.port, path: "/fresh", perAddress: 1)
        #expect(refused.first?.1 == 429)
        // A small answer still goes out to that address.
        #expect(try Self.slowReaders(port: server.port, path: "/small", perAddress: 1).first?.1 == 200)
        // Two from 127.0.0.3 fit in the 20 MiB in all; one more from 127.0.0.4 does not (503).
        let second = try Self.slowReaders(port: server.port, path: "/fresh", from: 3, perAddress: 2)
        #expect(second.map(\.1) == [200, 200])
        let busy = try RawConnection(port: server.port, from: "127.0.0.4")
        busy.send("GET /fresh HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let answer = busy.readHead()
        #expect(answer?.status == 503)
        #expect(answer?.headers["retry-after"] == "\(AnswerRefusal.retryAfterSeconds)")
        #expect(server.queuedAnswerBytes.now == 4 * (AnswerHandler.size + BufferedAnswer.blockBytes))
        #expect(server.queuedAnswerBytes.peak <= total)
        withExtendedLifetime((first, refused, second)) {}   // held open until here
    }
}
