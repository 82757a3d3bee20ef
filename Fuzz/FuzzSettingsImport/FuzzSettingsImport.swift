// libFuzzer target: the settings file import (`runlog settings import`, the settings page's
// upload: SettingsStore.importSettings) on any bytes, into a real settings store (SQLite, the
// shared store every runlog process opens) in a folder made once per process — in FUZZ_SCRATCH,
// which scripts/fuzz.sh makes in /dev/shm and removes after the run (libFuzzer ends a run without
// the process's exit handlers), else in /dev/shm or the temporary folder, removed at exit; on
// tmpfs a commit costs no disk. An import replaces the whole profile
// (every setting the file does not name returns to its default), so what an input does never
// depends on the inputs before it. It checks what must hold for any input and traps otherwise:
// - a file is either imported or refused with a SettingsError (`invalidSettingsFile`);
// - what was imported exports, and that export imports again with the same keys and values.
// `make fuzz` runs it; `make test` runs it briefly.
import Foundation
import RunCore
import RunStore
import RunStoreSQLite

/// The store, opened on the first input (the fuzzer calls from one thread only).
nonisolated(unsafe) private var settings: SettingsStore?
/// Its folder, removed when the process exits.
nonisolated(unsafe) private var folder: String?

@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzSettingsImport(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    let store = openStore()
    let keys: [String]
    do {
        keys = try store.importSettings(bytes, fileName: "fuzz.json")
    } catch let error as SettingsError where error.code == .invalidSettingsFile {
        return 0
    } catch {
        fatalError("the import failed with something other than invalidSettingsFile: \(error)")
    }
    do {
        let before = try store.read().items.filter { $0.origin == .user }.map { "\($0.definition.key)=\($0.value)" }
        let exported = try store.exportSettings()
        let again = try store.importSettings(Array(exported.utf8), fileName: "exported.json")
        require(again == keys, "the export imports with the keys \(again), the file with \(keys)")
        let after = try store.read().items.filter { $0.origin == .user }.map { "\($0.definition.key)=\($0.value)" }
        require(after == before, "the export imports as \(after), the file as \(before)")
    } catch {
        fatalError("what was imported does not export and import again: \(error)\nexported: \((try? store.exportSettings()) ?? "?")")
    }
    return 0
}

private func openStore() -> SettingsStore {
    if let settings { return settings }
    let path: String
    if let scratch = ProcessInfo.processInfo.environment["FUZZ_SCRATCH"], !scratch.isEmpty {
        path = "\(scratch)/settings-\(getpid())"  // removed with the folder by scripts/fuzz.sh
    } else {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        path = "\(base)/runlog-fuzz-settings-\(getpid())"
        folder = path
        atexit { if let folder { try? FileManager.default.removeItem(atPath: folder) } }
    }
    do {
        let store = try SettingsStore(store: try SharedStore(path: path + "/group.sqlite"))
        settings = store
        return store
    } catch {
        fatalError("cannot open a settings store in \(path): \(error)")
    }
}

/// A property every input must keep: a fault with its description when it does not (fatalError,
/// which a release build prints, unlike precondition's message).
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
