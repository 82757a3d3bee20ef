import Foundation

/// Run numbers read from a file or standard input (`--ids-from FILE|-`): one per line, as
/// `runlog list --ids` and `runlog search --ids` print them. Blank lines are skipped; anything
/// else is an error naming the file and line.
enum RunIDList {
    /// The most bytes read.
    static let limit = 16 * 1024 * 1024

    static func read(_ path: String, console: Console, command: String) throws -> [Int64] {
        let bytes: [UInt8]
        if path == "-" {
            bytes = try console.readInput(limit: limit)
        } else {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandFailure("cannot read \(path): \(FileManager.default.fileExists(atPath: path) ? "permission denied or a folder" : "no such file")")
            }
            bytes = Array(data)
        }
        let name = path == "-" ? "standard input" : path
        var ids: [Int64] = []
        for (index, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty { continue }
            guard let id = Int64(text), id > 0 else {
                throw CommandFailure("\(name):\(index + 1): '\(text.prefix(40))' is not a run number (one per line, as 'runlog search --ids' prints them)")
            }
            ids.append(id)
        }
        return ids
    }
}
