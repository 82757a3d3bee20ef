/// A request whose body is arriving: its head and the bytes so far — in memory, or in a spool file
/// when the handler asked for one — up to a limit (beyond it the bytes are counted and dropped).
/// Used by one connection's thread at a time.
final class PendingRequest {
    let head: HTTPRequest
    let limit: Int
    private(set) var body: [UInt8] = []
    private var spool: SpoolWriter?
    private(set) var receivedBytes = 0
    /// The body's share of a ``SpoolBudget``, if spooled: held by the spool writer (given back
    /// when the body is read whole or dropped), only looked at here.
    private weak var reservation: SpoolReservation?

    /// - Parameters:
    ///   - spoolDirectory: where to write the body instead of memory, or nil. A body declared
    ///     larger than `limit` is never written: its bytes are counted and dropped.
    ///   - reservation: the body's share of a ``SpoolBudget``, held until the body is read whole or dropped.
    init(head: HTTPRequest, limit: Int, expectedLength: Int?, spoolDirectory: String? = nil, reservation: SpoolReservation? = nil) {
        self.head = head
        self.limit = limit
        self.reservation = reservation
        if let spoolDirectory {
            if (expectedLength ?? 0) <= limit { spool = SpoolWriter(directory: spoolDirectory, reservation: reservation) }
        } else if let expectedLength, expectedLength <= limit {
            body.reserveCapacity(expectedLength)
        }
    }

    var isTooLarge: Bool { receivedBytes > limit }

    /// Whether a newcomer took the body's share of its ``SpoolBudget`` (``SpoolReservation/isCut``).
    var isCut: Bool { reservation?.isCut ?? false }

    /// Drops what was spooled (the file goes with its descriptor: it has no name).
    func drop() {
        spool = nil
        body = []
    }

    /// Adds a piece of the body; returns false once the body is over the limit (the piece is dropped).
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        receivedBytes += bytes.count
        guard receivedBytes <= limit else {
            body = []
            spool = nil
            return false
        }
        if let spool { spool.append(bytes) } else { body.append(contentsOf: bytes) }
        return true
    }

    /// The request with its body: in ``HTTPRequest/body``, or spooled (``HTTPRequest/spooledBody``).
    func request() -> HTTPRequest {
        var request = head
        if let spool {
            request.spooledBody = spool.finish()
            self.spool = nil
        } else {
            request.body = body
        }
        return request
    }
}
