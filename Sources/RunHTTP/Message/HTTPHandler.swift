/// What the server calls for each request, on one of its pool's threads (many at once: a
/// handler is `Sendable` and keeps its state behind locks).
package protocol HTTPHandler: Sendable {
    /// The largest body accepted for a request (known from its head: method, path, headers);
    /// a larger one is answered by ``respondPayloadTooLarge(to:limit:)`` without being kept.
    func bodyLimit(for head: HTTPRequest) -> Int
    /// The folder to write a request's body into as it arrives, instead of memory (an upload of
    /// hundreds of megabytes), or nil to keep it in memory (``HTTPRequest/body``). The default: nil.
    func spoolDirectory(for head: HTTPRequest) -> String?
    /// How to take the body of a request (one with a body: a `Content-Length` over 0 or a
    /// `Transfer-Encoding`), decided from its head — `declaredLength` is its `Content-Length` —
    /// before a byte of the body is read or written anywhere: in memory, spooled, or refused at
    /// once. The default (``BodyAdmission``'s extension) follows ``spoolDirectory(for:)``.
    func admitBody(of head: HTTPRequest, declaredLength: Int?) -> BodyAdmission
    /// Answers a request whose body (if any) was read whole.
    func respond(to request: HTTPRequest) -> HTTPResponse
    /// Answers a request whose body was over `limit` bytes (413 Content Too Large, RFC 9110 §15.5.14).
    func respondPayloadTooLarge(to head: HTTPRequest, limit: Int) -> HTTPResponse
    /// Answers a request whose in-memory answer was not queued: answers being written would pass
    /// the server's bound in all (`refusal` ``AnswerRefusal/busy(limitBytes:)``: 503) or for the
    /// client's address (``AnswerRefusal/addressBusy(limitBytes:)``: 429), with `Retry-After`
    /// (RFC 9110 §10.2.3). The default: a plain-text answer, `Retry-After: 5`.
    func respondAnswersBusy(to head: HTTPRequest, refusal: AnswerRefusal) -> HTTPResponse
}

extension HTTPHandler {
    /// Every body in memory.
    package func spoolDirectory(for head: HTTPRequest) -> String? { nil }

    /// 503 or 429 in plain text, `Retry-After: 5`.
    package func respondAnswersBusy(to head: HTTPRequest, refusal: AnswerRefusal) -> HTTPResponse {
        var response = HTTPResponse(status: refusal.status, contentType: "text/plain; charset=utf-8", text: refusal.sentence + "\n")
        response.add("Retry-After", "\(AnswerRefusal.retryAfterSeconds)")
        return response
    }
}
