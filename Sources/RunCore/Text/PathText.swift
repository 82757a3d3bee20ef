/// File paths as text, for what Foundation's `NSString` path methods would do: the toolchain's
/// `NSString.deletingLastPathComponent` traps on a one-character name (`"y"`: a crash on
/// `runlog export 1 -o y`), so runlog takes a path's folder here.
package enum PathText {
    /// The folder part of `path`, as `NSString.deletingLastPathComponent` gives it: `/a/b` → `/a`,
    /// `/a` → `/`, `a` → `` (the current folder), `a/b/` → `a`, `/` → `/`.
    package static func folder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        var folder = trimmed[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return String(folder)
    }
}
