import RunCore

/// What keeps the server's folders out of what a client reads (issue 16): an error of the layers
/// below names files by their paths on the server (the library's database, the spool folder, a
/// settings file), which tell a client how the machine is laid out. The web says a file by its
/// last component only; names that are not absolute — an upload's own file name, a member's path
/// inside an archive (`activities/123.gpx`) — are kept as they are. The CLI, whose user owns the
/// folders, keeps the full paths (it does not come here).
enum ServerPaths {
    /// `text` with every absolute path in it — a `/` at the start or after a space, a quote (ASCII
    /// or typographic), a parenthesis, a bracket or `=`, with at least one more `/` before the next space or quote —
    /// replaced by its last component (`/srv/runlog/library.sqlite` → `library.sqlite`;
    /// `/srv/runlog/` → `runlog`). One `/` alone (`/settings`, a route) is kept.
    /// - Complexity: O(n) in the text's length.
    static func redacted(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "/")) else { return text }
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
            let components = path.split(separator: UInt8(ascii: "/"))
            if path.count(where: { $0 == UInt8(ascii: "/") }) >= 2, let last = components.last {
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
