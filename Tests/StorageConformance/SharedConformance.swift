import Foundation
import RunCore
import RunStore

/// The shared store's entries: typed values by domain and key, all-or-nothing transactions, and
/// observers told of commits.
enum SharedConformance {
    static let checks: [StorageConformance.Check] = [
        .init(name: "entries: typed values round-trip, a failed transaction writes nothing") { backend in
            let store = try backend.openSharedStorage()
            let values: [String: StoredValue] = [
                "b": .bool(true), "i": .int(-42), "d": .double(0.1), "s": .string("Straße ✓"),
                "t": .date(Date(timeIntervalSince1970: 1_700_000_000.25)), "x": .data([0, 255, 7]), "l": .strings(["a", "", "ü"]),
            ]
            try store.write(values.map { StoreWrite.set($0.value, forKey: $0.key, in: "test", origin: .user) })
            let entries = try store.entries(in: "test")
            for (key, value) in values {
                try require(entries[key]?.value == value, "\(key): \(String(describing: entries[key]?.value)), written \(value)")
            }
            try requireThrows("a transaction that throws", { $0 is ConformanceFailure }) {
                try store.update { transaction in
                    try transaction.set(.int(1), forKey: "i", in: "test")
                    try transaction.removeDomain("test")
                    throw ConformanceFailure("rolled back")
                }
            }
            try require(try store.entry("i", in: "test")?.value == .int(-42), "a rolled-back write is visible")
            try store.update { try $0.copyDomain("test", to: "copy") }
            try require(try store.entries(in: "copy") == entries, "a copied domain differs")
            try store.update { try $0.remove("s", in: "copy") }
            try require(try store.entry("s", in: "copy") == nil && (try store.domains()).contains("copy"), "remove")
        },
        .init(name: "an observer hears of a commit by another connection") { backend in
            let observed = try backend.openSharedStorage()
            let heard = DispatchSemaphore(value: 0)
            let observation = try observed.observeChanges(fallbackSeconds: 60) { heard.signal() }
            defer { observation.stop() }
            let writer = try backend.openSharedStorage()
            try writer.write([.set(.int(7), forKey: "k", in: "observed", origin: .user)])
            try require(heard.wait(timeout: .now() + 10) == .success, "no call within 10 s of a commit")
        },
        .init(name: "the change token moves with every commit, this connection's too, and only then") { backend in
            let store = try backend.openSharedStorage(), other = try backend.openSharedStorage()
            let start = store.changeToken
            try require(store.changeToken == start, "the token moved without a commit")
            try store.write([.set(.int(1), forKey: "k", in: "token", origin: .user)])
            let afterOwn = store.changeToken
            try require(afterOwn != start, "the token did not move after this connection's commit")
            try other.write([.set(.int(2), forKey: "k", in: "token", origin: .user)])
            try require(store.changeToken != afterOwn, "the token did not move after another connection's commit")
            let library = try backend.openLibrary(creating: true), before = library.changeToken
            try ConformanceFixtures.fill(library, corpus: 1)
            try require(library.changeToken != before, "the library's token did not move after its own import")
        },
        .init(name: "settings on the shared store: a value set in one connection is read in another") { backend in
            let settings = try SettingsStore(store: try backend.openSharedStorage())
            _ = try settings.set(Settings.units.key, text: "imperial")
            let other = try SettingsStore(store: try backend.openSharedStorage())
            try require(try other.snapshot()[Settings.units] == "imperial", "units read elsewhere: \(try other.snapshot()[Settings.units])")
        },
    ]
}
