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
            if counts[key] == nil, counts.count >= rule.capacity,
               let oldest = counts.min(by: { $0.value.lastFailureSeconds < $1.value.lastFailureSeconds })?.key {
                counts[oldest] = nil
            }
            let failures = (counts[key].map { now - $0.lastFailureSeconds > rule.forgetSeconds ? 0 : $0.failures } ?? 0) + 1
            counts[key] = Count(failures: failures, lastFailureSeconds: now)
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

    /// Counts a failed login.
    package func failed(name: String, address: ClientAddress, now: Double) {
        state.withLock {
            $0.names.fail(Self.key(name), now: now)
            $0.addresses.fail(address, now: now)
        }
    }

    /// Clears the name's count after a successful login.
    package func succeeded(name: String) {
        state.withLock { $0.names.counts[Self.key(name)] = nil }
    }

    /// Names and addresses counted now.
    package var countedKeys: (names: Int, addresses: Int) { state.withLock { ($0.names.counts.count, $0.addresses.counts.count) } }
}
