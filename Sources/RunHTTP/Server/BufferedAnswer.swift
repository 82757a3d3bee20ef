internal import CMalloc
import CMicroHTTPD

/// A large in-memory answer while libmicrohttpd writes it to one connection: its bytes are read
/// in place, never copied whole (issue 16, breaker finding K: `RESPMEM_MUST_COPY` made a copy of
/// a cached 7.8 MB answer for each of 512 slow readers).
///
/// **Ownership.** The answer holds its pieces (`ArraySlice`s of the handler's arrays — a cached
/// answer's bytes, shared with the ``PageCache`` and every other connection writing it): while
/// it lives, their storage stays allocated and, being shared, unchanged (copy on write). It is
/// handed to libmicrohttpd retained (`Unmanaged.passRetained`) as the context of a callback
/// response (`MHD_create_response_from_callback`, known size) and released by that response's
/// free callback, when libmicrohttpd has sent the last byte or closed the connection. Each read
/// copies at most one block (``blockBytes``, libmicrohttpd's buffer for this response) from the
/// pieces, inside `withUnsafeBytes`: no pointer into the storage outlives a call.
///
/// Its share of the ``AnswerBudget`` (the shared storage once, its block for itself) is held as
/// long, and given back in the free callback; when that drops a large buffer, the freed memory is
/// handed back to the system (glibc's `malloc_trim`: glibc keeps freed pages otherwise).
final class BufferedAnswer: Sendable {
    /// Answers up to this size are copied by libmicrohttpd as before (`RESPMEM_MUST_COPY`: one
    /// send with the head) and not counted — connections bound them: 512 × 64 KiB = 32 MiB.
    static let copiedLimitBytes = 64 * 1024
    /// libmicrohttpd's buffer for one answer read in place: what each connection costs beyond the shared bytes.
    static let blockBytes = 32 * 1024
    /// Freeing a shared buffer this large hands memory back to the system.
    static let trimBytes = 1 << 20

    private let pieces: [ArraySlice<UInt8>]
    /// Where each piece starts in the body.
    private let starts: [Int]
    let count: Int
    private let budget: AnswerBudget
    private let ticket: AnswerBudget.Ticket

    private init(pieces: [ArraySlice<UInt8>], budget: AnswerBudget, ticket: AnswerBudget.Ticket) {
        self.pieces = pieces
        var starts: [Int] = [], offset = 0
        for piece in pieces {
            starts.append(offset)
            offset += piece.count
        }
        self.starts = starts
        count = offset
        self.budget = budget
        self.ticket = ticket
    }

    /// What answering with `pieces` holds: each storage the pieces lie in (by its address — held
    /// while the answer lives, so no other buffer can take it meanwhile), with the bytes read
    /// from it, and the read block.
    static func holding(of pieces: [ArraySlice<UInt8>]) -> AnswerBudget.Holding {
        var shared: [(key: UInt, bytes: Int)] = []
        for piece in pieces where !piece.isEmpty {
            let key = piece.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) &- UInt(piece.startIndex) }
            if let index = shared.firstIndex(where: { $0.key == key }) { shared[index].bytes += piece.count } else { shared.append((key, piece.count)) }
        }
        return AnswerBudget.Holding(shared: shared, ownBytes: blockBytes)
    }

    /// A libmicrohttpd response reading `pieces` in place, within `budget`.
    /// - Returns: the response (the caller destroys its reference after queueing it), or why the
    ///   budget refused it; nil when libmicrohttpd could not make one.
    static func response(reading pieces: [ArraySlice<UInt8>], budget: AnswerBudget, address: ClientAddress,
                         mayRefuse: Bool) -> Result<OpaquePointer?, AnswerRefusal> {
        let pieces = pieces.filter { !$0.isEmpty }
        switch budget.admit(holding(of: pieces), address: address, mayRefuse: mayRefuse) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let ticket):
            let answer = BufferedAnswer(pieces: pieces, budget: budget, ticket: ticket)
            let context = Unmanaged.passRetained(answer)
            let created = MHD_create_response_from_callback(UInt64(answer.count), blockBytes, answerReader,
                                                            context.toOpaque(), answerFreed)
            if created == nil { answerFreed(context.toOpaque()) }
            return .success(created)
        }
    }

    /// Copies up to `maximum` bytes from `position` on into `buffer`. - Returns: the count copied.
    fileprivate func read(at position: Int, into buffer: UnsafeMutableRawPointer, maximum: Int) -> Int {
        guard position < count else { return runlog_mhd_end_of_stream() }
        var index = starts.lastIndex { $0 <= position } ?? 0
        var written = 0
        while written < maximum, index < pieces.count {
            let offset = position + written - starts[index]
            let piece = pieces[index]
            let n = min(piece.count - offset, maximum - written)
            piece.withUnsafeBytes { (buffer + written).copyMemory(from: $0.baseAddress! + offset, byteCount: n) }
            written += n
            index += 1
        }
        return written
    }

    /// Gives back the budget's share. - Returns: whether a large shared buffer was let go by its last answer.
    fileprivate func finish() -> Bool {
        budget.release(ticket) >= Self.trimBytes
    }
}

// MARK: - libmicrohttpd's callbacks

private func answerReader(_ cls: UnsafeMutableRawPointer?, _ position: UInt64, _ buffer: UnsafeMutablePointer<CChar>?,
                          _ maximum: Int) -> Int {
    guard let cls, let buffer else { return runlog_mhd_end_with_error() }
    return Unmanaged<BufferedAnswer>.fromOpaque(cls).takeUnretainedValue().read(at: Int(position), into: buffer, maximum: maximum)
}

private func answerFreed(_ cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    // The retain taken for libmicrohttpd ends here; the pieces go with it unless kept elsewhere (the cache).
    if releaseAnswer(Unmanaged<BufferedAnswer>.fromOpaque(cls)) { _ = malloc_trim(0) }
}

/// Ends libmicrohttpd's retain of an answer. - Returns: whether memory is worth handing back.
private func releaseAnswer(_ answer: Unmanaged<BufferedAnswer>) -> Bool {
    answer.takeRetainedValue().finish()
}
