import Synchronization

/// The bytes of in-memory answers queued for writing — held from the moment an answer is queued
/// on a connection until libmicrohttpd has sent its last byte or closed the connection — in all
/// and per client address, with a bound on each (issue 16, breaker finding K: 512 slow readers of
/// a 7.8 MB cached answer once held a copy each, 3.3 GB).
///
/// A buffer shared by many answers (one cached answer written to 512 connections:
/// ``BufferedAnswer``) counts **once** in all and once for each address writing it, however many
/// connections write it; what an answer holds for itself alone (a small answer's copy, a large
/// one's read block) counts for it alone. So readers of one large answer add only their blocks,
/// while each distinct large answer adds its size.
///
/// An answer that would pass a bound is refused (the server answers 503 or 429 with
/// `Retry-After` instead: ``HTTPHandler/respondAnswersBusy(to:refusal:)``) unless it is small
/// (its bytes are bounded by the connections) or nothing else is held where it would pass (in all,
/// or from its address): its bytes are spent already, and one answer alone always goes out.
final class AnswerBudget: Sendable {
    /// What one answer holds while it is written.
    struct Holding: Sendable {
        /// Buffers it shares with other answers: an identity (the buffer's address while it is
        /// held, so it cannot be reused meanwhile) and the bytes it reads from it.
        var shared: [(key: UInt, bytes: Int)]
        /// Bytes held for this answer alone.
        var ownBytes: Int
    }

    /// An admitted answer's share, handed back to ``release(_:)`` when libmicrohttpd frees it.
    struct Ticket: Sendable {
        fileprivate let holding: Holding
        fileprivate let address: ClientAddress
    }

    /// The bytes held by a set of answers, each shared buffer once.
    private struct Tally {
        var bytes = 0
        /// Shared buffers held: key → (bytes, answers holding it).
        var buffers: [UInt: (bytes: Int, holders: Int)] = [:]

        /// What `holding` would add.
        func cost(of holding: Holding) -> Int {
            holding.ownBytes + holding.shared.reduce(0) { $0 + (buffers[$1.key] == nil ? $1.bytes : 0) }
        }

        mutating func add(_ holding: Holding) {
            bytes += cost(of: holding)
            for (key, size) in holding.shared { buffers[key, default: (size, 0)].holders += 1 }
        }

        /// - Returns: the bytes of the shared buffers no answer holds any more.
        @discardableResult
        mutating func remove(_ holding: Holding) -> Int {
            bytes -= holding.ownBytes
            var dropped = 0
            for (key, _) in holding.shared {
                guard var buffer = buffers[key] else { continue }
                buffer.holders -= 1
                if buffer.holders == 0 {
                    dropped += buffer.bytes
                    buffers.removeValue(forKey: key)
                } else {
                    buffers[key] = buffer
                }
            }
            bytes -= dropped
            return dropped
        }
    }

    private struct State {
        var all = Tally()
        var addresses: [ClientAddress: Tally] = [:]
        /// The most ``all`` has held (for tests and measurements).
        var peakBytes = 0
    }

    /// Answers queued at once, in all (``ServerConfiguration/answerBytesLimit``).
    let totalLimit: Int
    /// Answers queued at once for one client address (``ServerConfiguration/answerBytesPerAddressLimit``).
    let perAddressLimit: Int
    private let state = Mutex(State())

    init(totalLimit: Int, perAddressLimit: Int) {
        self.totalLimit = totalLimit
        self.perAddressLimit = perAddressLimit
    }

    /// Admits an answer holding `holding` for a client at `address`.
    /// - Parameter mayRefuse: false for an answer that goes out whatever the bounds (a small one,
    ///   a refusal itself).
    /// - Returns: its ticket, or why not (``AnswerRefusal``).
    func admit(_ holding: Holding, address: ClientAddress, mayRefuse: Bool) -> Result<Ticket, AnswerRefusal> {
        state.withLock { state in
            let tally = state.addresses[address] ?? Tally()
            if mayRefuse {
                if state.all.bytes > 0, state.all.bytes + state.all.cost(of: holding) > totalLimit {
                    return .failure(.busy(limitBytes: totalLimit))
                }
                if tally.bytes > 0, tally.bytes + tally.cost(of: holding) > perAddressLimit {
                    return .failure(.addressBusy(limitBytes: perAddressLimit))
                }
            }
            state.all.add(holding)
            state.addresses[address, default: Tally()].add(holding)
            state.peakBytes = max(state.peakBytes, state.all.bytes)
            return .success(Ticket(holding: holding, address: address))
        }
    }

    /// Gives back an answer's share.
    /// - Returns: the bytes of shared buffers no answer holds any more (when large, the moment to
    ///   hand freed memory back to the system).
    @discardableResult
    func release(_ ticket: Ticket) -> Int {
        state.withLock { state in
            let dropped = state.all.remove(ticket.holding)
            state.addresses[ticket.address]?.remove(ticket.holding)
            if state.addresses[ticket.address]?.bytes == 0 { state.addresses.removeValue(forKey: ticket.address) }
            return dropped
        }
    }

    /// Bytes held now by answers being written, each shared buffer once.
    var heldBytes: Int { state.withLock { $0.all.bytes } }
    /// The most ever held at once.
    var peakBytes: Int { state.withLock { $0.peakBytes } }
    /// Bytes held now by answers being written to `address`.
    func heldBytes(for address: ClientAddress) -> Int { state.withLock { $0.addresses[address]?.bytes ?? 0 } }
}

/// Why an answer was not queued (``AnswerBudget``): the server answers 503 (in all) or 429 (from
/// one address) with `Retry-After` instead.
package enum AnswerRefusal: Error, Sendable, Equatable {
    /// Answers being written in all would pass `limitBytes`.
    case busy(limitBytes: Int)
    /// Answers being written to this client's address would pass `limitBytes`.
    case addressBusy(limitBytes: Int)
}

extension AnswerRefusal {
    /// Seconds a refused client is told to wait: answers being written end within a few seconds
    /// on a local network (a reader that stops is closed after the idle timeout).
    package static let retryAfterSeconds = 5

    /// 503 Service Unavailable in all, 429 Too Many Requests for one address.
    package var status: Int {
        switch self {
        case .busy: 503
        case .addressBusy: 429
        }
    }

    /// The stable code the API answers with.
    package var code: String {
        switch self {
        case .busy: "answersBusy"
        case .addressBusy: "tooManyAnswers"
        }
    }

    /// The bound passed, in bytes.
    package var limitBytes: Int {
        switch self {
        case .busy(let limit), .addressBusy(let limit): limit
        }
    }

    /// What is wrong and what to do, in English.
    package var sentence: String {
        switch self {
        case .busy(let limit):
            "answers being sent now take \(limit) bytes of memory already, what this server holds for them; try again in a few seconds"
        case .addressBusy(let limit):
            "answers being sent to this address now take \(limit) bytes of memory already, what this server holds for one address; "
                + "read them first, then try again"
        }
    }
}
