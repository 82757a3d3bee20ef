import Foundation
import RunHTTP
import RunStore
import Synchronization

/// Wakes the server's live event streams when the shared store changes: one ``RunStore/StoreObserver``
/// for the whole server, fanned out to every open stream (not one observer, thread and
/// connection per browser tab). The observer runs while at least one stream is open.
///
/// A stream ``subscribe(store:)``s, then loops: it reads what is new, and waits in
/// ``wait(after:timeoutSeconds:)`` for the next change (the timeout lets it notice a recorder
/// that went quiet, which commits nothing, and send its keep-alive).
///
/// It also counts the streams against ``streamLimit`` in all and ``perAddressLimit`` from one
/// client address: a request for one more is refused before anything is sent
/// (``reserveStream(for:)``), so open live pages cannot use up the server's connections or start
/// a thread each without bound, and one address cannot take every place: with 16 places and 4 per
/// address, at least four addresses can follow a recording whatever the others do.
///
/// Thread safety: `changeCount`, `subscriberCount`, `reservedCount`, `reservedByAddress` and
/// `observer` are guarded by `condition`'s lock.
package final class LiveFeed: @unchecked Sendable {
    /// Streams open at once, at most.
    package let streamLimit: Int
    /// Streams open at once from one client address, at most (at most ``streamLimit``).
    package let perAddressLimit: Int
    private let condition = NSCondition()
    private var changeCount: UInt64 = 0
    private var subscriberCount = 0
    private var reservedCount = 0
    private var reservedByAddress: [ClientAddress: Int] = [:]
    private var observer: (any ChangeObservation)?
    private var observersStarted = 0

    /// - Parameters:
    ///   - streamLimit: streams open at once, at most (at least 1).
    ///   - perAddressLimit: streams open at once from one address, at most (1 to `streamLimit`).
    package init(streamLimit: Int = 16, perAddressLimit: Int = 4) {
        self.streamLimit = max(1, streamLimit)
        self.perAddressLimit = min(self.streamLimit, max(1, perAddressLimit))
    }

    /// Why a stream was refused.
    enum Refusal: Error, Equatable {
        /// ``streamLimit`` streams are open or starting.
        case serverFull
        /// ``perAddressLimit`` streams from this address are open or starting.
        case addressFull
    }

    /// A place for one stream, held from the request until its producer ends (or, when the
    /// response is never sent, until the slot is released: it releases itself when freed).
    final class StreamSlot: Sendable {
        private let feed: LiveFeed
        private let address: ClientAddress
        private let isHeld = Mutex(true)

        fileprivate init(feed: LiveFeed, address: ClientAddress) {
            self.feed = feed
            self.address = address
        }

        /// Gives the place back; only the first call counts.
        func release() {
            guard isHeld.withLock({ held in defer { held = false }; return held }) else { return }
            feed.releaseSlot(of: address)
        }

        deinit { release() }
    }

    /// Takes a place for a stream from `address`.
    /// - Throws: ``Refusal/addressFull`` when ``perAddressLimit`` streams from `address` are open
    ///   or starting (looked at first: it is that client's to free), ``Refusal/serverFull`` when
    ///   ``streamLimit`` are.
    func reserveStream(for address: ClientAddress) throws(Refusal) -> StreamSlot {
        condition.lock()
        defer { condition.unlock() }
        guard reservedByAddress[address, default: 0] < perAddressLimit else { throw .addressFull }
        guard reservedCount < streamLimit else { throw .serverFull }
        reservedCount += 1
        reservedByAddress[address, default: 0] += 1
        return StreamSlot(feed: self, address: address)
    }

    private func releaseSlot(of address: ClientAddress) {
        condition.lock()
        reservedCount -= 1
        reservedByAddress[address, default: 1] -= 1
        if reservedByAddress[address] == 0 { reservedByAddress[address] = nil }
        condition.unlock()
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
    package var reservedStreamCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return reservedCount
    }

    /// Whether the observer runs, and how many were started so far (one per period with open streams).
    package var observerState: (isObserving: Bool, started: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (observer != nil, observersStarted)
    }
}
