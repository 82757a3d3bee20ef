import Foundation

/// Checks of e-mail addresses given on the command line.
package enum MailAddress {
    /// Whether `text` is a plain address `local@domain` (RFC 5322 §3.4.1 `addr-spec` with a
    /// dot-atom on both sides): letters, digits and ``atomCharacters``, dots between atoms; no
    /// spaces, quotes, angle brackets or line breaks, so it cannot inject a header.
    package static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, text.utf8.count <= 254 else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { atom in
                !atom.isEmpty && atom.unicodeScalars.allSatisfy {
                    ($0.isASCII && (CharacterSet.alphanumerics.contains($0) || atomCharacters.unicodeScalars.contains($0)))
                }
            }
        }
    }

    /// The characters besides letters and digits an atom may hold (RFC 5322 §3.2.3 `atext`).
    package static let atomCharacters = "!#$%&'*+-/=?^_`{|}~"
}
