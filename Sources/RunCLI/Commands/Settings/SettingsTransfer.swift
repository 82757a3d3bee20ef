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
        // Written beside the target, then renamed: a failure never leaves half a file.
        let folder = PathText.folder(of: path)
        var isFolder: ObjCBool = false
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) || !isFolder.boolValue {
            throw CommandFailure("cannot write \(path): there is no folder \(folder)")
        }
        let temporary = path + ".runlog-tmp-\(getpid())"
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
            if rename(temporary, path) != 0 { throw CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))") }
        } catch let failure as CommandFailure {
            try? FileManager.default.removeItem(atPath: temporary)
            throw failure
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            // A full disk is said as one (OutputError diskFull), whatever Foundation calls it.
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            if (error as? CocoaError)?.code == .fileWriteOutOfSpace { throw OutputError(file: path, errorNumber: ENOSPC) }
            if let underlying, underlying.domain == NSPOSIXErrorDomain { throw OutputError(file: path, errorNumber: Int32(underlying.code)) }
            throw CommandFailure("cannot write \(path): \(error.localizedDescription)")
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
