/// File names made from text people wrote (a run's name), safe on Linux and on the file systems
/// files are copied to (FAT and NTFS on USB sticks, SMB shares).
package enum FileNameText {
    /// The most bytes of UTF-8 a stem keeps (file systems allow 255 for the whole name; the rest
    /// leaves room for ` (2)` and an extension).
    package static let maximumStemBytes = 200

    /// `text` with `/ \ :` as `-`, the characters Windows refuses (`* ? " < > |`) and control
    /// characters removed, runs of white space as one space, and no spaces or dots at either end
    /// (a leading dot hides a file; Windows drops trailing ones); cut at a character to
    /// ``maximumStemBytes``. Nil when nothing is left.
    package static func sanitizedStem(_ text: String) -> String? {
        var result = ""
        var pendingSpace = false
        for character in text {
            if character.isWhitespace || character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }) {
                pendingSpace = !result.isEmpty
                continue
            }
            if "*?\"<>|".contains(character) { continue }
            let replaced: Character = "/\\:".contains(character) ? "-" : character
            if pendingSpace { result.append(" "); pendingSpace = false }
            if result.utf8.count + String(replaced).utf8.count > maximumStemBytes { break }
            result.append(replaced)
        }
        while let last = result.last, last == "." || last == " " { result.removeLast() }
        while let first = result.first, first == "." || first == " " { result.removeFirst() }
        return result.isEmpty ? nil : result
    }
}
