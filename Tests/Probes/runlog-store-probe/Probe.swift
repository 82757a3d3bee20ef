import Foundation
import RunCore
import RunStore
import RunStoreSQLite
import Synchronization

/// The probe's modes (see main.swift). Nothing here is isolated to the main actor: the observer's
/// handler runs on its own thread.
enum Probe {
    static let domain = "loop"
    static let keys = (0..<10).map { "k\($0)" }
    static let blobKey = "blob"

    static func main(_ arguments: [String]) -> Int32 {
        do {
            switch (arguments.first, arguments.count) {
            case ("write-loop", 2): try writeLoop(path: arguments[1])
            case ("increment", 4): try increment(path: arguments[1], key: arguments[2], count: try number(arguments[3]))
            case ("read-default", 3): try readDefault(home: arguments[1], key: arguments[2])
            case ("set", 4): try set(path: arguments[1], key: arguments[2], value: try number(arguments[3]))
            case ("observe", 3): try observe(path: arguments[1], count: try number(arguments[2]))
            case ("paced-write", 4):
                try pacedWrite(path: arguments[1], count: try number(arguments[2]), intervalMicroseconds: try number(arguments[3]))
            case ("commit-rate", 3): try commitRate(path: arguments[1], count: try number(arguments[2]))
            default:
                complain("usage: runlog-store-probe write-loop PATH | increment PATH KEY COUNT | read-default HOME KEY | "
                         + "set PATH KEY INT | observe PATH COUNT | paced-write PATH COUNT MICROS | commit-rate PATH COUNT")
                return 64
            }
            return 0
        } catch let error as Inconsistent {
            complain("runlog-store-probe: inconsistent store: \(error.message)")
            return 2
        } catch {
            complain("runlog-store-probe: \(error)")
            return 1
        }
    }

    // MARK: - Modes

    static func writeLoop(path: String) throws {
        let store = try SharedStore(path: path)
        var n = try storedCounter(store) ?? 0
        while true {
            n += 1
            emit("b \(n)")
            try store.write(writes(n))
            emit("c \(n)")
        }
    }

    static func increment(path: String, key: String, count: Int) throws {
        let store = try SharedStore(path: path)
        emit("ready")
        _ = readLine()
        for _ in 0..<count {
            try store.update { transaction in
                var value = 0
                if let entry = try transaction.entry(key, in: "counter") {
                    guard case .int(let v) = entry.value else { throw Inconsistent("\(key) is \(entry.value), not an integer") }
                    value = v
                }
                try transaction.set(.int(value + 1), forKey: key, in: "counter")
            }
        }
        emit("done")
    }

    static func readDefault(home: String, key: String) throws {
        emit("ready")
        _ = readLine()
        let settings = try SettingsStore(home: home)
        let reading = try settings.read()
        guard let item = reading.items.first(where: { $0.definition.key == key }) else { throw Inconsistent("no setting \(key)") }
        emit("\(item.value.text) \(item.origin.rawValue)")
    }

    static func set(path: String, key: String, value: Int) throws {
        let store = try SharedStore(path: path)
        try store.write([.set(.int(value), forKey: key, in: domain)])
        emit("committed")
    }

    static func observe(path: String, count: Int) throws {
        let reader = ReaderBox(try SharedStore(path: path))
        let done = DispatchSemaphore(value: 0)
        let observer = try StoreObserver(store: try SharedStore(path: path)) {
            let received = monotonicNanoseconds()
            let n = reader.counter()
            emit("\(received) \(n)")
            if n >= count { done.signal() }
        }
        emit("ready")
        done.wait()
        observer.stop()
    }

    static func pacedWrite(path: String, count: Int, intervalMicroseconds: Int) throws {
        let store = try SharedStore(path: path)
        let start = monotonicNanoseconds()
        for n in 1...max(count, 1) {
            let due = start + UInt64(n) * UInt64(intervalMicroseconds) * 1000
            var wake = timespec(tv_sec: Int(due / 1_000_000_000), tv_nsec: Int(due % 1_000_000_000))
            while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &wake, nil) == EINTR {}
            let before = monotonicNanoseconds()
            try store.write(writes(n))
            let after = monotonicNanoseconds()
            emit("\(n) \(before) \(after)")
        }
    }

    static func commitRate(path: String, count: Int) throws {
        let store = try SharedStore(path: path)
        let start = monotonicNanoseconds()
        for n in 1...max(count, 1) { try store.write(writes(n)) }
        let seconds = Double(monotonicNanoseconds() - start) / 1e9
        emit("commits=\(count) seconds=\(String(format: "%.4f", seconds))")
    }

    // MARK: - Helpers

    /// One commit's changes: k0…k9 = n and the blob of n.
    static func writes(_ n: Int) -> [StoreWrite] {
        keys.map { StoreWrite.set(.int(n), forKey: $0, in: domain) } + [.set(.data(blob(n)), forKey: blobKey, in: domain)]
    }

    /// 4 KiB derived from n (xorshift64 seeded with n × the golden ratio); the tests compute the same.
    static func blob(_ n: Int) -> [UInt8] {
        var x = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15 | 1
        return (0..<4096).map { _ in
            x ^= x << 13
            x ^= x >> 7
            x ^= x << 17
            return UInt8(truncatingIfNeeded: x)
        }
    }

    /// The n all keys hold, nil when none is stored yet; throws when the keys disagree.
    static func storedCounter(_ store: SharedStore) throws -> Int? {
        let entries = try store.entries(in: domain)
        if !keys.contains(where: { entries[$0] != nil }) { return nil }
        let values = keys.map { entries[$0]?.value }
        guard case .int(let n)? = values[0], values.allSatisfy({ $0 == .int(n) }) else {
            throw Inconsistent("the keys hold \(values.map { $0.map { "\($0)" } ?? "nothing" })")
        }
        guard entries[blobKey]?.value == .data(blob(n)) else { throw Inconsistent("the blob is not that of \(n)") }
        return n
    }

    static func number(_ text: String) throws -> Int {
        guard let n = Int(text), n >= 0 else { throw Inconsistent("'\(text)' is not a count") }
        return n
    }

    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// Writes a line to stdout in one write(2) (no buffering: the line is out when this returns).
    static func emit(_ line: String) {
        var text = line + "\n"
        text.withUTF8 { bytes in _ = write(1, bytes.baseAddress, bytes.count) }
    }

    static func complain(_ line: String) {
        var text = line + "\n"
        text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }
}

/// The stored data is not what a probe wrote.
struct Inconsistent: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// The observing process's reading connection, used only on the observer's thread (its handler).
final class ReaderBox: Sendable {
    private let store: Mutex<SharedStore>

    init(_ store: sending SharedStore) { self.store = Mutex(store) }

    /// k0, or -1 when it cannot be read.
    func counter() -> Int {
        store.withLock { store in
            if case .int(let n)? = try? store.entry("k0", in: Probe.domain)?.value { return n }
            return -1
        }
    }
}
