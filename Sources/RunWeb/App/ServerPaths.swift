import RunCore
import Synchronization

/// What keeps the server's folders out of what a client reads (issue 16): an error of the layers
/// below names files by their paths on the server (the library's database, the spool folder, a
/// settings file), which tell a client how the machine is laid out. The web says such a file by
/// its last component only.
///
/// Only paths inside the server's own folders are cut — those ``register(_:)`` was told of: the
/// library's and the settings' folders (`RUNLOG_HOME`), the spool folder
/// (``WebConfiguration/serverFolders``, ``WebConfiguration/spoolDirectory``) — not every value
/// that looks like a path: a client's own words come back as it wrote them (breaker finding L:
/// `?set=/tmp/a/b` was answered "no search set 'b'"), and so do an upload's own file name and a
/// member's path inside an archive (`activities/123.gpx`). The CLI, whose user owns the folders,
/// keeps the full paths (it does not come here).
enum ServerPaths {
    /// The folders registered, absolute, without a trailing `/`.
    private static let folders = Mutex<[String]>([])

    /// Adds the server's own folders (absolute paths; others, and `/` itself, are ignored).
    static func register(_ paths: [String]) {
        let cleaned = paths.compactMap(folder)
        folders.withLock { known in
            for path in cleaned where !known.contains(path) { known.append(path) }
        }
    }

    /// `text` with every path inside a registered folder replaced by its last component
    /// (``redacted(_:folders:)``).
    static func redacted(_ text: String) -> String {
        redacted(text, folders: folders.withLock { $0 })
    }

    /// `text` with every absolute path in it — a `/` at the start or after a space, a quote (ASCII
    /// or typographic), a parenthesis, a bracket or `=`, up to the next space or quote — that is
    /// one of `folders` or inside one replaced by its last component
    /// (`/srv/runlog/library.sqlite` → `library.sqlite` when `/srv/runlog` is one). Other paths,
    /// routes (`/settings`) and URLs are kept.
    /// - Complexity: O(n · f) in the text's length and the folders' count.
    static func redacted(_ text: String, folders: [String]) -> String {
        guard !folders.isEmpty, text.utf8.contains(UInt8(ascii: "/")) else { return text }
        let prefixes = folders.compactMap(folder).map { Array($0.utf8) }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "/"), i == 0 || startsPath(after: bytes[i - 1]) else {
                out.append(bytes[i])
                i += 1
                continue
            }
            var end = i
            while end < bytes.count, !endsPath(bytes[end]) { end += 1 }
            let path = bytes[i..<end]
            if prefixes.contains(where: { isInside(path, $0) }), let last = path.split(separator: UInt8(ascii: "/")).last {
                out.append(contentsOf: last)
            } else {
                out.append(contentsOf: path)
            }
            i = end
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A JSON value with every string in it redacted (``redacted(_:)``); keys are kept.
    static func redacted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): return .string(redacted(text))
        case .array(let values): return .array(values.map(redacted))
        case .object(let members): return .object(members.mapValues(redacted))
        default: return value
        }
    }

    /// An absolute folder without its trailing `/`; nil for a relative path or `/` itself.
    private static func folder(_ path: String) -> String? {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path.hasPrefix("/") && path.count > 1 ? String(path) : nil
    }

    /// Whether `path` is `folder` or inside it.
    private static func isInside(_ path: ArraySlice<UInt8>, _ folder: [UInt8]) -> Bool {
        path.starts(with: folder) && (path.count == folder.count || path[path.startIndex + folder.count] == UInt8(ascii: "/"))
    }

    private static func startsPath(after byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: "="),
             UInt8(ascii: "`"), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "["): return true
        default: return byte >= 0x80   // the last byte of “ ‘ « (a URL's `//` follows a `:` and is kept)
        }
    }

    private static func endsPath(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ")"), UInt8(ascii: "`"), UInt8(ascii: "\t"),
             UInt8(ascii: "\n"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "]"), 0xE2: return true   // 0xE2: ” ’ …
        default: return false
        }
    }
}
