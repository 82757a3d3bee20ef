/// The rules for member paths: which are unsafe, which are hidden, and their parts.
enum MemberPath {
    /// The parts of a path, split at `/` and `\`, without empty and `.` parts.
    static func components(of path: String) -> [String] {
        path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).map(String.init).filter { $0 != "." }
    }

    /// Whether the path is absolute (`/x`, `\x`, `C:…`) or has a `..` part: extracting it would
    /// write outside the target folder ("zip slip"). runlog never extracts, but reports it.
    static func isUnsafe(_ path: String) -> Bool {
        if path.hasPrefix("/") || path.hasPrefix("\\") { return true }
        let scalars = Array(path.unicodeScalars.prefix(2))
        if scalars.count == 2, scalars[1] == ":", scalars[0].properties.isAlphabetic { return true }
        return components(of: path).contains("..")
    }

    /// Whether a part starts with `.` (`.DS_Store`, `._x.fit`, `.git/`) or is `__MACOSX`.
    static func isHiddenOrMetadata(_ path: String) -> Bool {
        components(of: path).contains { $0.hasPrefix(".") || $0 == "__MACOSX" }
    }
}
