import RunCore
import RunFormats
import RunStore
import Foundation

/// `runlog settings export` and `import`.
enum SettingsTransfer {
    static func export(store: SettingsStore, profile: String?, to path: String?, context: CommandContext) throws {
        let text = try store.exportSettings(profile: profile)
        guard let path else {
            context.console.print(String(text.dropLast()))
            return
        }
        // As every file runlog writes (OutputFile): written beside the target and renamed, so a
        // failure never leaves half a file; a link's target replaced, the link kept; a device or a
        // FIFO (/dev/full) written to, never replaced by a file; a full disk said as one.
        try OutputFile.write(to: path, console: context.console) { output in
            try Array(text.utf8).withUnsafeBytes { try output.write($0) }
        }
    }

    /// - Returns: the keys the file set.
    static func importFile(_ path: String, store: SettingsStore, profile: String?) throws -> [String] {
        let bytes: [UInt8]
        let limit = 1 << 20
        if path == "-" {
            bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        } else {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandFailure("\(path): cannot read the file (\(String(cString: strerror(errno))))")
            }
            bytes = Array(data)
        }
        guard bytes.count <= limit else { throw CommandFailure("\(path): a settings file is at most 1 MB; this one has \(bytes.count) bytes") }
        return try store.importSettings(bytes, fileName: path == "-" ? "standard input" : path, profile: profile)
    }
}
