import Synchronization

/// A request whose body is arriving: its head and the bytes so far — in memory, or in a spool file
/// when the handler asked for one — up to a limit (beyond it the bytes are counted and dropped).
/// Used by one connection's thread at a time.
///
/// A body in memory grows as it arrives (room for 64 KiB at first, however long it says it is:
/// a client dripping a body that claims 1 MiB holds what it sent, not 1 MiB), and its bytes are
/// counted in the server's ``BodyBytes`` until the request is handed to the handler or dropped.
final class PendingRequest {
    /// Room made at first for a body in memory, at most (it grows as the body arrives).
    static let initialCapacityBytes = 64 * 1024

    let head: HTTPRequest
    let limit: Int
    private(set) var body: [UInt8] = []
    private var spool: SpoolWriter?
    private(set) var receivedBytes = 0
    private let buffered: BodyBytes
    /// The body's share of a ``SpoolBudget``, if spooled: held by the spool writer (given back
    /// when the body is read whole or dropped), only looked at here.
    private weak var reservation: SpoolReservation?

    /// - Parameters:
    ///   - spoolDirectory: where to write the body instead of memory, or nil. A body declared
    ///     larger than `limit` is never written: its bytes are counted and dropped.
    ///   - reservation: the body's share of a ``SpoolBudget``, held until the body is read whole or dropped.
    ///   - buffered: the server's count of body bytes held in memory.
    init(head: HTTPRequest, limit: Int, expectedLength: Int?, spoolDirectory: String? = nil, reservation: SpoolReservation? = nil,
         buffered: BodyBytes) {
        self.head = head
        self.limit = limit
        self.buffered = buffered
        self.reservation = reservation
        if let spoolDirectory {
            if (expectedLength ?? 0) <= limit { spool = SpoolWriter(directory: spoolDirectory, reservation: reservation) }
        } else if let expectedLength, expectedLength <= limit {
            body.reserveCapacity(min(expectedLength, Self.initialCapacityBytes))
        }
    }

    deinit { buffered.remove(body.count) }

    var isTooLarge: Bool { receivedBytes > limit }

    /// Whether a newcomer took the body's share of its ``SpoolBudget`` (``SpoolReservation/isCut``).
    var isCut: Bool { reservation?.isCut ?? false }

    /// Drops what was spooled (the file goes with its descriptor: it has no name).
    func drop() { spool = nil }

    /// Adds a piece of the body; returns false once the body is over the limit (the piece is dropped).
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        receivedBytes += bytes.count
        guard receivedBytes <= limit else {
            buffered.remove(body.count)
            body = []
            spool = nil
            return false
        }
        if let spool {
            spool.append(bytes)
        } else {
            body.append(contentsOf: bytes)
            buffered.add(bytes.count)
        }
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
            buffered.remove(body.count)
            body = []
        }
        return request
    }
}

/// Bytes of request bodies held in memory while they arrive, in all (for tests and measurements:
/// ``HTTPServer/bufferedBodyBytes``).
final class BodyBytes: Sendable {
    private let count = Atomic<Int>(0)

    func add(_ bytes: Int) { count.add(bytes, ordering: .relaxed) }
    func remove(_ bytes: Int) { count.subtract(bytes, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
