package import Foundation

/// A fresh directory under the system's temporary directory, removed when the value is released.
package final class TemporaryDirectory: @unchecked Sendable {  // immutable after init
    package let url: URL

    package init(_ label: String = "runlog-test") {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    package var path: String { url.path }

    /// Path of `name` inside the directory.
    package func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes bytes to `name` and returns its path.
    @discardableResult
    package func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @discardableResult
    package func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }
}
