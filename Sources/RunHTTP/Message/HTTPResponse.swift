/// What a handler answers: a status, header fields and a body.
///
/// libmicrohttpd adds `Content-Length` (or chunked transfer coding for streams) and `Date`; the
/// handler adds what else it needs (security headers, cookies).
package struct HTTPResponse: Sendable {
    /// The body: bytes in memory, or a stream written by a producer on its own thread.
    package enum Body: Sendable {
        case bytes([UInt8])
        /// Bytes in memory in pieces, sent as one body (joined once, by the server, into the
        /// buffer it sends from): a kept page with the requester's token between its parts
        /// costs no copy of the page before that.
        case pieces([ArraySlice<UInt8>])
        /// A body produced while it is sent (a GPX export; later, Server-Sent Events). The producer
        /// runs on a thread of its own and writes into the ``ResponseStream``; the connection is
        /// suspended while the stream is empty, so a slow or long-lived producer holds no thread
        /// of the server's pool. See ``ResponseStream``.
        case stream(@Sendable (ResponseStream) throws -> Void)
    }

    /// The status code (RFC 9110 §15).
    package var status: Int
    /// Header fields in order (names as written).
    package var headers: [(name: String, value: String)]
    package var body: Body

    package init(status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response with a text body of a media type (`text/html; charset=utf-8`).
    package init(status: Int, contentType: String, text: String) {
        self.init(status: status, headers: [("Content-Type", contentType)], body: .bytes(Array(text.utf8)))
    }

    /// A redirect to a path of this server, with 303 See Other (after a form's POST: RFC 9110 §15.4.4).
    package static func seeOther(_ location: String) -> HTTPResponse {
        HTTPResponse(status: 303, headers: [("Location", location)])
    }

    /// The value of a header field, by name in any case (compared byte by byte, ASCII case
    /// folded: field names are tokens, RFC 9110 §5.1).
    package func header(_ name: String) -> String? {
        headers.last { Self.sameFieldName($0.name, name) }?.value
    }

    /// Whether two field names are equal ignoring ASCII case, without making lowercased copies.
    package static func sameFieldName(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { x, y in x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= 0x61 && (x | 0x20) <= 0x7A) }
    }

    /// Adds a header field.
    package mutating func add(_ name: String, _ value: String) { headers.append((name, value)) }

    /// The body's bytes, when it is in memory.
    package var bytes: [UInt8]? {
        switch body {
        case .bytes(let bytes): return bytes
        case .pieces(let pieces): return pieces.reduce(into: [UInt8]()) { $0 += $1 }
        case .stream: return nil
        }
    }
}
