/// File names made from text people wrote (a run's name), safe on Linux and on the file systems
/// files are copied to (FAT and NTFS on USB sticks, SMB shares), and shown as they are.
///
/// Every name made from a run's name goes through ``sanitizedStem(_:)`` (RunUI's `ExportFileName`:
/// `runlog export`, `runlog share`'s attachment, the web's download and share button), so none
/// holds a bidirectional-text control (``removingBidiControls(_:)``): `invoice\u{202E}xpg.exe`
/// shows as `invoiceexe.gpx` in a file manager or a download bar, hiding what the name ends in
/// (bidirectional spoofing, Unicode Technical Report #36, "Unicode Security Considerations").
package enum FileNameText {
    /// The most bytes of UTF-8 a stem keeps (file systems allow 255 for the whole name; the rest
    /// leaves room for ` (2)` and an extension).
    package static let maximumStemBytes = 200

    /// `text` with `/ \ :` as `-`, the characters Windows refuses (`* ? " < > |`), control
    /// characters and bidirectional-text controls removed, runs of white space as one space, and no spaces or dots at either end
    /// (a leading dot hides a file; Windows drops trailing ones); cut at a character to
    /// ``maximumStemBytes``. Nil when nothing is left.
    package static func sanitizedStem(_ text: String) -> String? {
        var result = ""
        var pendingSpace = false
        for character in removingBidiControls(text) {
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

    /// `text` without the scalars of Unicode's `Bidi_Control` property (UAX #9 §2: ALM U+061C,
    /// LRM and RLM U+200E–U+200F, the embeddings and overrides U+202A–U+202E, the isolates
    /// U+2066–U+2069), which change the order characters are shown in: the one rule for every
    /// file name runlog makes or sends. Other format characters stay (joiners build emoji and
    /// some scripts' letters).
    /// - Complexity: O(n) in the text's scalars.
    package static func removingBidiControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.isBidiControl }) else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.lazy.filter { !$0.properties.isBidiControl })
        return String(scalars)
    }
}
