import CMalloc
import RunCore
import RunHTTP
import RunUI
import Synchronization

/// The places for downloads being produced at once (issue 16): a GPX download is written by a
/// thread of its own, with its own store connections, while the client reads it; this bounds how
/// many such threads and connections exist, in all and for one client address.
///
/// | limit | default | past it |
/// |---|---|---|
/// | downloads produced at once, in all | 8 (``WebConfiguration/downloadLimit``) | 503 `downloadsBusy`, `Retry-After` |
/// | from one address | 2 (``WebConfiguration/downloadAddressLimit``) | 429 `tooManyDownloads`, `Retry-After` |
///
/// A place is held from the request until the producer ends: the body written, the client gone,
/// or the client too slow (a stream's writer waits at most the server's idle timeout for the
/// client to take half of its 64 KiB buffer — ``RunHTTP/ResponseStream``). When the last
/// download ends the freed memory is handed back to the system (glibc's `malloc_trim`), and the
/// store pool keeps no more idle connections than it did before (``StorePool``).
///
/// Thread safety: the counts live behind a `Mutex`.
final class DownloadSlots: Sendable {
    /// Seconds a refused client is told to wait (`Retry-After`): a download of a long run takes about a second.
    static let retryAfterSeconds = 2
    let limit: Int
    let addressLimit: Int
    private let held = Mutex<(total: Int, byAddress: [ClientAddress: Int])>((0, [:]))

    init(limit: Int, addressLimit: Int) {
        self.limit = limit
        self.addressLimit = addressLimit
    }

    /// Downloads being produced now.
    var count: Int { held.withLock { $0.total } }

    /// Takes a place for a download from `address`.
    /// - Returns: the place; it is given back when the returned slot is released or freed.
    /// - Throws: ``WebError`` 429 `tooManyDownloads` when the address holds as many as it may;
    ///   503 `downloadsBusy` when the server does. Both with `Retry-After`.
    func take(for address: ClientAddress, strings: UIStrings) throws -> DownloadSlot {
        let refusal: (status: Int, limit: Int)? = held.withLock { held in
            let own = held.byAddress[address, default: 0]
            if own >= addressLimit { return (429, addressLimit) }
            if held.total >= limit { return (503, limit) }
            held.total += 1
            held.byAddress[address] = own + 1
            return nil
        }
        guard let refusal else { return DownloadSlot(slots: self, address: address) }
        var error = refusal.status == 429
            ? WebError(429, "tooManyDownloads", "\(refusal.limit) downloads for this address are being written already; "
                       + "ask again when one of them is done")
            : WebError(503, "downloadsBusy", "the server is writing \(refusal.limit) downloads already; try again in a moment")
        error.headers = [("Retry-After", "\(Self.retryAfterSeconds)")]
        error.pageMessage = refusal.status == 429 ? strings.tooManyDownloads("\(refusal.limit)") : strings.downloadsBusy("\(refusal.limit)")
        error.data = ["limitDownloads": .integer(Int64(refusal.limit)), "retryAfterSeconds": .integer(Int64(Self.retryAfterSeconds))]
        throw error
    }

    fileprivate func give(_ address: ClientAddress) {
        let isLast = held.withLock { held in
            held.total -= 1
            let own = held.byAddress[address, default: 1] - 1
            held.byAddress[address] = own > 0 ? own : nil
            return held.total == 0
        }
        // The segments and buffers of the downloads are freed: give their pages back (glibc keeps
        // freed memory for reuse otherwise; the import queue does the same after an import).
        if isLast { _ = malloc_trim(0) }
    }
}

/// One download's place, held by its producer: given back once, by ``release()`` or when freed.
final class DownloadSlot: Sendable {
    private let slots: DownloadSlots
    private let address: ClientAddress
    private let isHeld = Atomic<Bool>(true)

    fileprivate init(slots: DownloadSlots, address: ClientAddress) {
        self.slots = slots
        self.address = address
    }

    deinit { release() }

    /// Gives the place back (again: nothing).
    func release() {
        if isHeld.exchange(false, ordering: .acquiringAndReleasing) { slots.give(address) }
    }
}
