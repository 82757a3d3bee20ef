import Foundation
import RunHTTP
import RunStore

/// Wakes the server's live event streams when the shared store changes: one ``RunStore/StoreObserver``
/// for the whole server, fanned out to every open stream (not one observer, thread and
/// connection per browser tab). The observer runs while at least one stream is open.
///
/// A stream ``subscribe(store:)``s, then loops: it reads what is new, and waits in
/// ``wait(after:timeoutSeconds:)`` for the next change (the timeout lets it notice a recorder
/// that went quiet, which commits nothing, and send its keep-alive).
///
/// It also holds the streams' places: ``streamLimit`` in all and ``perAddressLimit`` from one
/// client address at most, shared fairly (``RunHTTP/FairPool``): a request for one more is
/// refused before anything is sent (``reserveStream(for:)``), so open live pages cannot use up
/// the server's connections or start a thread each without bound; and when every place is taken,
/// an address below its share (16 / the addresses holding streams) still gets one — the newest
/// stream of the address holding the most is cut off (the live page reconnects with back-off).
///
/// Thread safety: `changeCount`, `subscriberCount` and `observer` are guarded by `condition`'s
/// lock; the places by the pool's own.
package final class LiveFeed: @unchecked Sendable {
    /// Streams open at once, at most.
    package var streamLimit: Int { places.limit }
    /// Streams open at once from one client address, at most (at most ``streamLimit``).
    package var perAddressLimit: Int { places.addressLimit }
    private let places: FairPool
    private let condition = NSCondition()
    private var changeCount: UInt64 = 0
    private var subscriberCount = 0
    private var observer: (any ChangeObservation)?
    private var observersStarted = 0

    /// - Parameters:
    ///   - streamLimit: streams open at once, at most (at least 1).
    ///   - perAddressLimit: streams open at once from one address, at most (1 to `streamLimit`).
    package init(streamLimit: Int = 16, perAddressLimit: Int = 4) {
        places = FairPool(limit: streamLimit, addressLimit: perAddressLimit, priorityHold: .seconds(10))
    }

    /// Why a stream was refused.
    enum Refusal: Error, Equatable {
        /// The server holds as many streams as it shares out, and this address its fair share.
        case serverFull
        /// ``perAddressLimit`` streams from this address are open or starting.
        case addressFull
    }

    /// A place for one stream, held from the request until its producer ends (or, when the
    /// response is never sent, until the slot is released: it releases itself when freed), or
    /// until a newcomer cuts it (``allowCut(_:)``).
    final class StreamSlot: Sendable {
        private let place: FairPlace

        fileprivate init(place: FairPlace) { self.place = place }

        /// Lets a newcomer from a poorer address take the place: `cut` ends the stream (called
        /// once, on another thread).
        func allowCut(_ cut: @escaping @Sendable () -> Void) { place.allowCut(cut) }

        /// Gives the place back; only the first call counts.
        func release() { place.release() }
    }

    /// Takes a place for a stream from `address`, cutting another address's stream if the fair
    /// share says so.
    /// - Throws: ``Refusal/addressFull`` when ``perAddressLimit`` streams from `address` are open
    ///   or starting (looked at first: it is that client's to free), ``Refusal/serverFull`` when
    ///   every place is taken and the address holds its share.
    func reserveStream(for address: ClientAddress) throws(Refusal) -> StreamSlot {
        switch places.take(for: address) {
        case .success(let place): return StreamSlot(place: place)
        case .failure(.addressLimit): throw .addressFull
        case .failure(.full): throw .serverFull
        }
    }

    /// Wakes every waiting stream at once, as a change would (a stream whose response was
    /// cancelled then sees it and ends, rather than at its next heartbeat check).
    func wakeAll() { noteChange() }

    /// Registers an open stream, starting the observer for the first.
    /// - Parameter store: the shared store to observe (the observer opens its own connection).
    /// - Returns: the change count now, for the first ``wait(after:timeoutSeconds:)``.
    /// - Throws: what starting the observer throws; the stream is not registered then.
    func subscribe(store: any SharedStorage) throws -> UInt64 {
        condition.lock()
        defer { condition.unlock() }
        if observer == nil {
            // The handler takes the lock: never stop the observer while holding it (see unsubscribe).
            observer = try store.observeChanges(fallbackSeconds: 1) { [weak self] in self?.noteChange() }
            observersStarted += 1
        }
        subscriberCount += 1
        return changeCount
    }

    /// Unregisters a stream; the last one stops the observer.
    func unsubscribe() {
        condition.lock()
        subscriberCount -= 1
        let stopping = subscriberCount == 0 ? observer : nil
        if stopping != nil { observer = nil }
        condition.unlock()
        stopping?.stop()   // outside the lock: stop() waits for a handler that may be waiting for it
    }

    /// Waits until the store changed since `seen` (a change count), or `timeoutSeconds` passed.
    /// - Returns: the change count now.
    func wait(after seen: UInt64, timeoutSeconds: Double) -> UInt64 {
        let deadline = Date().addingTimeInterval(max(0, timeoutSeconds))
        condition.lock()
        defer { condition.unlock() }
        while changeCount == seen, condition.wait(until: deadline) {}
        return changeCount
    }

    private func noteChange() {
        condition.lock()
        changeCount &+= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Streams open now.
    package var streamCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return subscriberCount
    }

    /// Places taken by streams open or starting.
    package var reservedStreamCount: Int { places.heldAmount }

    /// Whether the observer runs, and how many were started so far (one per period with open streams).
    package var observerState: (isObserving: Bool, started: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (observer != nil, observersStarted)
    }
}
