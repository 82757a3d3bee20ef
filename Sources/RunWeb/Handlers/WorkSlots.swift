import CMalloc
import RunCore
import RunHTTP
import RunUI

/// The places for work whose cost grows with a run's size, held while it is done (issue 16): a
/// ``RunHTTP/FairPool`` shared fairly among client addresses; a request refused is answered at
/// once with `Retry-After`.
///
/// | work | in all | per address, at most | past it | cut for a newcomer |
/// |---|---|---|---|---|
/// | downloads being written (``SlotRefusals/downloads``) | 8 (``WebConfiguration/downloadLimit``) | 2 (``WebConfiguration/downloadAddressLimit``) | 503 `downloadsBusy`, 429 `tooManyDownloads` | yes: its stream is cancelled |
/// | a track cleaned from its points (``SlotRefusals/trackFromPoints``: `GET /api/v1/runs/{id}/track`) | 2 (``WebConfiguration/trackWorkLimit``) | 1 (``WebConfiguration/trackWorkAddressLimit``) | 503 `trackWorkBusy`, 429 `tooManyTrackRequests` | no: the newcomer has the next place |
///
/// A GPX download is written by a thread of its own, with its own store connections, while the
/// client reads it: its place is held from the request until the producer ends — the body
/// written, the client gone, too slow (a stream's writer waits at most the server's idle timeout
/// for the client to take half of its 64 KiB buffer, ``RunHTTP/ResponseStream``; a download also
/// keeps a minimum rate, ``DownloadPace``), or cut for a newcomer (``WorkSlot/allowCut(_:)``).
/// So there is no producer thread or workspace beyond the bound. When the last place is given back
/// the freed memory is handed back to the system (glibc's `malloc_trim`), and the store pool keeps
/// no more idle connections than its limit (``StorePool``).
final class WorkSlots: Sendable {
    /// Seconds a refused client is told to wait (`Retry-After`): a download of a long run takes about a second.
    static let retryAfterSeconds = 2
    let refusals: SlotRefusals
    private let pool: FairPool

    init(limit: Int, addressLimit: Int, refusals: SlotRefusals) {
        pool = FairPool(limit: limit, addressLimit: addressLimit, priorityHold: .seconds(2 * Self.retryAfterSeconds))
        self.refusals = refusals
    }

    /// Places in all.
    var limit: Int { pool.limit }
    /// Places held now.
    var count: Int { pool.heldAmount }

    /// Places held now by `address`.
    func count(for address: ClientAddress) -> Int { pool.heldAmount(by: address) }

    /// Takes a place for work asked for by `address`.
    /// - Returns: the place; it is given back when the returned slot is released or freed.
    /// - Throws: ``WebError`` 429 (``SlotRefusals/addressCode``) when the address holds as many as
    ///   it may; 503 (``SlotRefusals/busyCode``) when the server is full for it. Both with `Retry-After`.
    func take(for address: ClientAddress, strings: UIStrings) throws -> WorkSlot {
        let refusal: (status: Int, limit: Int)
        switch pool.take(for: address) {
        case .success(let place): return WorkSlot(slots: self, place: place)
        case .failure(.addressLimit(let limit)): refusal = (429, limit)
        case .failure(.full(let limit)): refusal = (503, limit)
        }
        let written = "\(refusal.limit)"
        var error = refusal.status == 429
            ? WebError(429, refusals.addressCode, refusals.addressMessage(written))
            : WebError(503, refusals.busyCode, refusals.busyMessage(written))
        error.headers = [("Retry-After", "\(Self.retryAfterSeconds)")]
        error.pageMessage = refusal.status == 429 ? refusals.addressPage(strings)(written) : refusals.busyPage(strings)(written)
        error.data = [refusals.limitKey: .integer(Int64(refusal.limit)), "retryAfterSeconds": .integer(Int64(Self.retryAfterSeconds))]
        throw error
    }

    fileprivate func given() {
        // The segments, tracks and buffers of the work are freed: give their pages back (glibc
        // keeps freed memory for reuse otherwise; the import queue does the same after an import).
        if pool.heldAmount == 0 { _ = malloc_trim(0) }
    }
}

/// One place of ``WorkSlots``, held by its work: given back once, by ``release()``, when freed,
/// or when a newcomer cuts it.
final class WorkSlot: Sendable {
    private let slots: WorkSlots
    private let place: FairPlace

    fileprivate init(slots: WorkSlots, place: FairPlace) {
        self.slots = slots
        self.place = place
    }

    deinit { release() }

    /// Lets a newcomer from a poorer address take the place: `cut` stops the work (a download's
    /// stream cancelled) — called once, on another thread.
    func allowCut(_ cut: @escaping @Sendable () -> Void) { place.allowCut(cut) }

    /// Gives the place back (again: nothing).
    func release() {
        if place.release() { slots.given() }
    }
}

/// What ``WorkSlots`` refuses with when full: the codes, the API's English sentences and the
/// page's, by the limit written.
struct SlotRefusals: Sendable {
    let addressCode: String
    let busyCode: String
    /// The key of the limit in the API error's data.
    let limitKey: String
    let addressMessage: @Sendable (_ limit: String) -> String
    let busyMessage: @Sendable (_ limit: String) -> String
    let addressPage: @Sendable (UIStrings) -> @Sendable (_ limit: String) -> String
    let busyPage: @Sendable (UIStrings) -> @Sendable (_ limit: String) -> String

    static let downloads = SlotRefusals(
        addressCode: "tooManyDownloads", busyCode: "downloadsBusy", limitKey: "limitDownloads",
        addressMessage: { "\($0) downloads for this address are being written already; ask again when one of them is done" },
        busyMessage: { "the server is writing \($0) downloads already; try again in a moment" },
        addressPage: { $0.tooManyDownloads }, busyPage: { $0.downloadsBusy })

    static let trackFromPoints = SlotRefusals(
        addressCode: "tooManyTrackRequests", busyCode: "trackWorkBusy", limitKey: "limitRequests",
        addressMessage: { "\($0) tracks for this address are being computed already; ask again when one of them is done" },
        busyMessage: { "the server is computing \($0) tracks already; try again in a moment" },
        addressPage: { $0.tooManyTrackRequests }, busyPage: { $0.trackWorkBusy })
}
