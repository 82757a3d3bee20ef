import Foundation

/// API tokens for scripts and devices (`Authorization: Bearer …`, RFC 6750): 256 random bits from
/// the system's cryptographic generator, written as `runlog_` and 43 characters of unpadded
/// base64url (RFC 4648 §5). The prefix makes a token recognisable (secret scanners, logs); the
/// token is shown once when made and stored only as its SHA-256 digest — for a random 256-bit
/// value a fast hash is right (no guessing to slow down, unlike a password), and a lookup by
/// digest needs no per-token salt.
package enum APIToken {
    package static let prefix = "runlog_"
    /// Random bytes in a token.
    package static let randomBytes = 32
    /// Characters after the prefix: 32 bytes in unpadded base64url.
    package static let encodedLength = 43
    /// Characters of a token kept in the clear to tell tokens apart in a list (the prefix and the
    /// first 6 random characters: 36 of 256 bits).
    package static let hintLength = prefix.count + 6

    /// A new token, its digest to store and its hint.
    package static func make() -> (token: String, digest: [UInt8], hint: String) {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<randomBytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let token = prefix + Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return (token, SHA256.hash(Array(token.utf8)), String(token.prefix(hintLength)))
    }

    /// The digest a token is stored under; nil when `token` is not shaped like one (it then
    /// matches nothing and costs no lookup).
    package static func digest(of token: String) -> [UInt8]? {
        let utf8 = Array(token.utf8)
        guard utf8.count == prefix.utf8.count + encodedLength, token.hasPrefix(prefix),
              utf8.dropFirst(prefix.utf8.count).allSatisfy(isBase64URL) else { return nil }
        return SHA256.hash(utf8)
    }

    /// The token of an `Authorization` header's value: `Bearer TOKEN` (RFC 6750 §2.1; the scheme's
    /// case does not matter, RFC 9110 §11.1); nil for any other value.
    package static func bearerToken(fromAuthorization value: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard let space = trimmed.firstIndex(of: " "), trimmed[..<space].lowercased() == "bearer" else { return nil }
        let token = trimmed[space...].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"): return true
        default: return false
        }
    }
}

/// What is kept of an API token: never the token, only its number, its label, its hint and its times.
package struct APITokenInfo: Sendable, Equatable {
    /// The token's number (unique in the store).
    package var id: Int64
    /// What the user called it (`"watch"`, `"backup script"`); may be empty.
    package var label: String
    /// The token's first characters (``APIToken/hintLength``), to recognise it.
    package var hint: String
    /// When it was made, in seconds since 1970 UTC.
    package var createdAtSeconds: Double
    /// When it was last accepted, in seconds since 1970 UTC; nil: never.
    package var lastUsedAtSeconds: Double?

    package init(id: Int64, label: String, hint: String, createdAtSeconds: Double, lastUsedAtSeconds: Double?) {
        self.id = id
        self.label = label
        self.hint = hint
        self.createdAtSeconds = createdAtSeconds
        self.lastUsedAtSeconds = lastUsedAtSeconds
    }
}
