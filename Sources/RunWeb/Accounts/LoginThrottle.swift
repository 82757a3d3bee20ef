import Foundation
package import RunHTTP
import Synchronization

/// Slows down guessing passwords: failed logins are counted per submitted user name (whether
/// the user exists or not, so the throttle tells nothing about names) and per client address.
///
/// **The rule.** After ``Rule/freeFailures`` failures in a row (5 for a name, 20 for an address),
/// each next attempt must wait 2^(failures − free) seconds after the last failure — 1, 2, 4, 8 …
/// s —, at most ``Rule/maximumDelaySeconds`` (300 s). A login asked for sooner is refused at once
/// with 429 `loginThrottled` and `Retry-After`, without hashing anything. A success clears the
/// name's count (not the address's: one right password among many guesses does not reset those).
/// A count not added to for ``Rule/forgetSeconds`` (one hour) is forgotten.
///
/// **Attempts at once count.** A login is let through by ``begin(name:address:now:)``, which
/// counts it as in flight until ``failed(name:address:now:)``, ``succeeded(name:address:)`` or
/// ``abandoned(name:address:)`` settles it; while a name's or an address's failures and attempts in
/// flight reach its free failures, a further attempt is refused (1 s) until the one in flight is
/// settled. So logins sent at once get no more checks than logins sent one after another (before,
/// 40 sent at once for one name got 8 password checks: the wait was read before hashing and the
/// failure written after).
///
/// **Bounded memory.** At most ``Rule/capacity`` names and as many addresses are counted (10,000
/// each, about 1 MB); one more pushes out the one whose last failure is oldest.
package final class LoginThrottle: Sendable {
    package struct Rule: Sendable {
        /// Failures in a row before a wait is asked.
        package var freeFailures: Int
        /// The longest wait, in seconds.
        package var maximumDelaySeconds: Double
        /// A count with no failure for this long is forgotten, in seconds.
        package var forgetSeconds: Double
        /// Counts kept at most.
        package var capacity: Int

        package init(freeFailures: Int, maximumDelaySeconds: Double = 300, forgetSeconds: Double = 3600, capacity: Int = 10_000) {
            self.freeFailures = freeFailures
            self.maximumDelaySeconds = maximumDelaySeconds
            self.forgetSeconds = forgetSeconds
            self.capacity = capacity
        }

        /// Per user name: 5 free failures.
        package static let perName = Rule(freeFailures: 5)
        /// Per client address: 20 free failures (a household or an office behind one address).
        package static let perAddress = Rule(freeFailures: 20)

        /// The wait after `failures` failures in a row, in seconds (0 while they are free).
        func delaySeconds(after failures: Int) -> Double {
            guard failures >= freeFailures else { return 0 }
            return min(maximumDelaySeconds, pow(2, Double(min(failures - freeFailures, 30))))
        }
    }

    private struct Count {
        var failures: Int
        var lastFailureSeconds: Double
        /// Attempts let through and not yet settled.
        var inFlight = 0
    }

    /// Counts by key under one rule.
    private struct Table<Key: Hashable> {
        let rule: Rule
        var counts: [Key: Count] = [:]

        /// Seconds still to wait at `now` for `key`, 0 when none.
        mutating func wait(_ key: Key, now: Double) -> Double {
            guard let count = counts[key] else { return 0 }
            if now - count.lastFailureSeconds > rule.forgetSeconds {
                counts[key] = nil
                return 0
            }
            return max(0, count.lastFailureSeconds + rule.delaySeconds(after: count.failures) - now)
        }

        mutating func fail(_ key: Key, now: Double) {
            makeRoom(for: key)
            let failures = (counts[key].map { now - $0.lastFailureSeconds > rule.forgetSeconds ? 0 : $0.failures } ?? 0) + 1
            counts[key] = Count(failures: failures, lastFailureSeconds: now, inFlight: counts[key]?.inFlight ?? 0)
        }

        /// Whether an attempt must wait for one in flight: the failures and the attempts in flight
        /// reach the free failures.
        func isBusy(_ key: Key) -> Bool {
            guard let count = counts[key], count.inFlight > 0 else { return false }
            return count.failures + count.inFlight >= rule.freeFailures
        }

        mutating func reserve(_ key: Key, now: Double) {
            makeRoom(for: key)
            counts[key, default: Count(failures: 0, lastFailureSeconds: now)].inFlight += 1
        }

        mutating func release(_ key: Key) {
            guard var count = counts[key] else { return }
            count.inFlight = max(0, count.inFlight - 1)
            counts[key] = count
        }

        /// Room for one more key past the capacity: the one whose last failure is oldest goes.
        private mutating func makeRoom(for key: Key) {
            if counts[key] == nil, counts.count >= rule.capacity,
               let oldest = counts.min(by: { $0.value.lastFailureSeconds < $1.value.lastFailureSeconds })?.key {
                counts[oldest] = nil
            }
        }
    }

    private struct State {
        var names: Table<String>
        var addresses: Table<ClientAddress>
    }

    private let state: Mutex<State>

    package init(perName: Rule = .perName, perAddress: Rule = .perAddress) {
        state = Mutex(State(names: Table(rule: perName), addresses: Table(rule: perAddress)))
    }

    /// The longest a name is kept as a key, in bytes (names are at most 64 characters; a longer
    /// submission is counted by its first bytes).
    private static func key(_ name: String) -> String { String(decoding: Array(name.utf8.prefix(256)), as: UTF8.self) }

    /// Seconds a login for `name` from `address` must still wait at `now` (0: it may be checked now).
    package func waitSeconds(name: String, address: ClientAddress, now: Double) -> Double {
        state.withLock { max($0.names.wait(Self.key(name), now: now), $0.addresses.wait(address, now: now)) }
    }

    /// Lets a login for `name` from `address` be checked now, counting it as in flight (settle it
    /// with ``failed(name:address:now:)``, ``succeeded(name:address:)`` or ``abandoned(name:address:)``),
    /// or says how many seconds it must wait first (nothing counted then).
    package func begin(name: String, address: ClientAddress, now: Double) -> Double {
        state.withLock { state in
            let key = Self.key(name)
            let wait = max(state.names.wait(key, now: now), state.addresses.wait(address, now: now))
            if wait > 0 { return wait }
            if state.names.isBusy(key) || state.addresses.isBusy(address) { return 1 }
            state.names.reserve(key, now: now)
            state.addresses.reserve(address, now: now)
            return 0
        }
    }

    /// Counts a failed login (and settles the attempt ``begin(name:address:now:)`` let through).
    package func failed(name: String, address: ClientAddress, now: Double) {
        state.withLock {
            let key = Self.key(name)
            $0.names.release(key)
            $0.addresses.release(address)
            $0.names.fail(key, now: now)
            $0.addresses.fail(address, now: now)
        }
    }

    /// Clears the name's count after a successful login (and settles the address's attempt).
    package func succeeded(name: String, address: ClientAddress? = nil) {
        state.withLock {
            $0.names.counts[Self.key(name)] = nil
            if let address { $0.addresses.release(address) }
        }
    }

    /// Settles an attempt that was neither a failure nor a success (no place to check the password).
    package func abandoned(name: String, address: ClientAddress) {
        state.withLock {
            $0.names.release(Self.key(name))
            $0.addresses.release(address)
        }
    }

    /// Names and addresses counted now.
    package var countedKeys: (names: Int, addresses: Int) { state.withLock { ($0.names.counts.count, $0.addresses.counts.count) } }
}
