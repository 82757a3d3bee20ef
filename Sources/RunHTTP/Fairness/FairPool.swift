import Synchronization

/// A limit the server shares among client addresses — places (downloads being written, live
/// streams, imports waiting) or bytes (upload bodies being spooled) — by the one rule of
/// ``FairShare``: first-come while there is room; when full, a newcomer below its fair share
/// (`limit / addresses present`) is still let in, by taking units from the address holding the most.
///
/// - **Cut where it is safe.** A holder that can be stopped cleanly says how
///   (``FairPlace/allowCut(_:)``: a stream cancelled, an upload body answered and dropped); the
///   newest cuttable holder of the address holding the most is cut first (least work lost), its
///   units given back at once.
/// - **Else the holder's next request.** Where nothing can be cut (an accepted import must never
///   be lost, a track being computed), the newcomer is refused (``Refusal/full(_:)``) but gets
///   priority: the next units that free are kept for its address for ``priorityHold``, and every
///   other address's request — the holder's next one first of all — is refused meanwhile.
/// - **A ceiling per address.** Even alone, one address holds at most ``addressLimit``
///   (``Refusal/addressLimit(_:)``).
///
/// Addresses are counted by their ``ClientAddress/shareGroup`` (an IPv6 client by its /64).
///
/// Thread safety: the holders and priorities are behind a `Mutex`; a cut runs on the thread that
/// asked, after the lock is let go.
package final class FairPool: Sendable {
    /// Why units were refused.
    package enum Refusal: Error, Equatable, Sendable {
        /// The address holds its ceiling (the associated value) already: for the client to free (429).
        case addressLimit(Int)
        /// The pool (of the associated size) is full for this address: it holds its fair share,
        /// or nothing held by the addresses above it can be cut (then it has priority) (503).
        case full(Int)
    }

    /// Units in all.
    package let limit: Int
    /// Units one address may hold even alone (1 to ``limit``).
    package let addressLimit: Int
    /// How long units freed are kept for a newcomer refused because nothing could be cut.
    package let priorityHold: Duration
    private let state = Mutex(State())

    /// - Parameters:
    ///   - limit: units in all (at least 1).
    ///   - addressLimit: units one address may hold (1 to `limit`; nil: `limit`).
    ///   - priorityHold: how long freed units are kept for a refused newcomer (about twice the
    ///     `Retry-After` it was given, so it finds them when it asks again).
    package init(limit: Int, addressLimit: Int? = nil, priorityHold: Duration = .seconds(10)) {
        self.limit = max(1, limit)
        self.addressLimit = min(self.limit, max(1, addressLimit ?? limit))
        self.priorityHold = priorityHold
    }

    /// Takes `amount` units for `address`, cutting holders of richer addresses if it must.
    /// - Returns: the place (given back by ``FairPlace/release()`` or when freed), or why not.
    package func take(_ amount: Int = 1, for address: ClientAddress) -> Result<FairPlace, Refusal> {
        let (result, cuts) = state.withLock { $0.admit(amount, for: address.shareGroup, in: self, taking: true) }
        for cut in cuts { cut() }
        return result.map { FairPlace(pool: self, holder: $0!) }
    }

    /// Whether ``take(_:for:)`` would give `amount` units to `address` now, without taking them
    /// or cutting anyone (a refused newcomer gets its priority all the same).
    /// - Returns: nil, or the refusal.
    package func check(_ amount: Int = 1, for address: ClientAddress) -> Refusal? {
        state.withLock { state in
            if case .failure(let refusal) = state.admit(amount, for: address.shareGroup, in: self, taking: false).result { return refusal }
            return nil
        }
    }

    /// Units held now.
    package var heldAmount: Int { state.withLock { $0.holders.values.reduce(0) { $0 + $1.amount } } }

    /// Units held now by `address`'s client (its ``ClientAddress/shareGroup``).
    package func heldAmount(by address: ClientAddress) -> Int {
        let group = address.shareGroup
        return state.withLock { $0.holders.values.reduce(0) { $0 + ($1.address == group ? $1.amount : 0) } }
    }

    /// Clients (``ClientAddress/shareGroup``) with priority for the next free units now.
    package var waitingAddresses: [ClientAddress] {
        let now = ContinuousClock.now
        return state.withLock { $0.priorities.filter { $0.value.until > now }.map(\.key) }
    }

    fileprivate func give(_ holder: Holder) {
        state.withLock { _ = $0.holders.removeValue(forKey: holder.serial) }
    }

    // MARK: - The holders

    /// What the pool keeps of a place: who, how much, and how to cut it.
    fileprivate final class Holder: Sendable {
        let address: ClientAddress
        let amount: Int
        let serial: UInt64
        let cutting = Mutex<(cut: (@Sendable () -> Void)?, isCut: Bool)>((nil, false))

        init(address: ClientAddress, amount: Int, serial: UInt64) {
            self.address = address
            self.amount = amount
            self.serial = serial
        }

        var isCuttable: Bool { cutting.withLock { $0.cut != nil && !$0.isCut } }

        /// Marks it cut; returns its cut to run (outside the pool's lock).
        func markCut() -> (@Sendable () -> Void)? {
            cutting.withLock { cutting in
                defer { cutting = (nil, true) }
                return cutting.cut
            }
        }
    }

    private struct State {
        var holders: [UInt64: Holder] = [:]
        /// Newcomers refused because nothing could be cut: what they asked for, kept until when.
        var priorities: [ClientAddress: (amount: Int, until: ContinuousClock.Instant)] = [:]
        var nextSerial: UInt64 = 0

        var held: [ClientAddress: Int] { holders.values.reduce(into: [:]) { $0[$1.address, default: 0] += $1.amount } }

        /// The decision for `amount` units of `address`; when `taking`, the holder made and the
        /// cuts to run (holders already removed).
        mutating func admit(_ amount: Int, for address: ClientAddress, in pool: FairPool, taking: Bool)
            -> (result: Result<Holder?, Refusal>, cuts: [@Sendable () -> Void]) {
            let now = ContinuousClock.now
            priorities = priorities.filter { $0.value.until > now }
            if held[address, default: 0] + amount > pool.addressLimit { return (.failure(.addressLimit(pool.addressLimit)), []) }
            // Units kept for another address's newcomer count as taken.
            let kept = priorities.filter { $0.key != address }.values.reduce(0) { $0 + $1.amount }
            var cuts: [@Sendable () -> Void] = []
            while true {
                switch FairShare.decide(newcomer: address, wanted: amount, held: held, limit: max(0, pool.limit - kept)) {
                case .admit:
                    guard taking else { return (.success(nil), []) }
                    priorities[address] = nil
                    nextSerial += 1
                    let holder = Holder(address: address, amount: amount, serial: nextSerial)
                    holders[holder.serial] = holder
                    return (.success(holder), cuts)
                case .refuse:
                    return (.failure(.full(pool.limit)), cuts)
                case .admitMakingRoom(let richer):
                    // The newest cuttable holder of the richest address that has one.
                    let cuttable = holders.values.filter(\.isCuttable)
                    let victim = richer.lazy.compactMap { rich in
                        cuttable.filter { $0.address == rich }.max { $0.serial < $1.serial }
                    }.first
                    guard let victim else {
                        priorities[address] = (amount, now + pool.priorityHold)
                        return (.failure(.full(pool.limit)), cuts)
                    }
                    guard taking else { return (.success(nil), []) }
                    holders[victim.serial] = nil
                    if let cut = victim.markCut() { cuts.append(cut) }
                }
            }
        }
    }
}

/// Units of a ``FairPool`` held by one piece of work, given back once: by ``release()``, when
/// freed, or at once when a newcomer cuts it (``allowCut(_:)``).
package final class FairPlace: Sendable {
    private let pool: FairPool
    private let holder: FairPool.Holder
    private let isHeld = Atomic<Bool>(true)

    fileprivate init(pool: FairPool, holder: FairPool.Holder) {
        self.pool = pool
        self.holder = holder
    }

    deinit { release() }

    /// The units held.
    package var amount: Int { holder.amount }
    /// The client holding them (its ``ClientAddress/shareGroup``).
    package var address: ClientAddress { holder.address }

    /// Whether a newcomer took these units (they are the pool's again; the work should stop).
    package var isCut: Bool { holder.cutting.withLock { $0.isCut } }

    /// Lets a newcomer take these units: `cut` is called once, on the newcomer's thread with no
    /// lock held, when it does (the units are given back first); it must stop the work promptly
    /// and cleanly (cancel a stream, answer and drop an upload body).
    package func allowCut(_ cut: @escaping @Sendable () -> Void) {
        let isCut = holder.cutting.withLock { cutting in
            if !cutting.isCut { cutting.cut = cut }
            return cutting.isCut
        }
        if isCut { cut() }
    }

    /// Gives the units back (again, or after a cut: nothing).
    /// - Returns: whether this call gave them back.
    @discardableResult
    package func release() -> Bool {
        guard isHeld.exchange(false, ordering: .acquiringAndReleasing) else { return false }
        pool.give(holder)
        return true
    }
}
