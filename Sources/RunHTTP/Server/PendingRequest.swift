/// A request whose body is arriving: its head and the bytes so far, up to a limit (beyond it the
/// bytes are counted and dropped). Used by one connection's thread at a time.
final class PendingRequest {
    let head: HTTPRequest
    let limit: Int
    private(set) var body: [UInt8] = []
    private(set) var receivedBytes = 0

    init(head: HTTPRequest, limit: Int, expectedLength: Int?) {
        self.head = head
        self.limit = limit
        if let expectedLength, expectedLength <= limit { body.reserveCapacity(expectedLength) }
    }

    var isTooLarge: Bool { receivedBytes > limit }

    /// Adds a piece of the body; returns false once the body is over the limit (the piece is dropped).
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        receivedBytes += bytes.count
        guard receivedBytes <= limit else {
            body = []
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }
}
