import CArgon2
import Foundation

/// Passwords hashed with Argon2id (RFC 9106) by Debian's libargon2, the one place runlog hashes or
/// checks a password.
///
/// A hash is kept as the PHC string libargon2 writes, `$argon2id$v=19$m=19456,t=2,p=1$SALT$TAG`
/// (salt and tag in unpadded base64), so it carries its own parameters: a hash made with other
/// parameters (older ones, or the `argon2` command-line tool's) still verifies, and
/// ``needsRehash(_:)`` tells a login to store it again with the current ones.
///
/// **Parameters** (``Parameters/owasp``): OWASP's Password Storage Cheat Sheet, Argon2id with
/// m = 19 MiB (19,456 KiB), t = 2 passes, p = 1 lane — the first of its equivalent configurations;
/// a 16-byte salt (RFC 9106 §3.1 recommends 128 bits) and a 32-byte tag. Chosen over RFC 9106 §4's
/// second recommendation (m = 64 MiB, t = 3, p = 4) because every login of a server computes one
/// hash on a thread of the server's pool: on the 2-core machine runlog is built on, OWASP's costs
/// 0.13 s and 20 MB of memory, the RFC's 0.45 s and 67 MB (`argon2 … -e`, `/usr/bin/time`), and one
/// lane keeps one login on one core while others are served. Login throttling, not a slower hash,
/// is what bounds guessing through the server; the hash's cost is what protects a stolen table.
///
/// **Salt**: 16 bytes from the system's cryptographic generator (`SystemRandomNumberGenerator`,
/// `getrandom(2)` on Linux). **Verification** is libargon2's `argon2id_verify`: it recomputes the tag
/// from the stored parameters and salt and compares the tags in constant time (`argon2_compare`).
///
/// Thread-safe: every call works on its own memory (libargon2 allocates `m` KiB per call).
package struct PasswordHasher: Sendable {
    /// Argon2id's cost parameters.
    package struct Parameters: Sendable, Equatable {
        /// Memory in KiB (libargon2's `m_cost`).
        package var memoryKiB: UInt32
        /// Passes over the memory (`t_cost`).
        package var iterations: UInt32
        /// Lanes (`p`); each hash runs on one thread (libargon2's threads = lanes).
        package var lanes: UInt32
        /// Salt length in bytes.
        package var saltBytes: Int
        /// Tag (hash output) length in bytes.
        package var tagBytes: Int

        package init(memoryKiB: UInt32, iterations: UInt32, lanes: UInt32, saltBytes: Int = 16, tagBytes: Int = 32) {
            self.memoryKiB = memoryKiB
            self.iterations = iterations
            self.lanes = lanes
            self.saltBytes = saltBytes
            self.tagBytes = tagBytes
        }

        /// OWASP Password Storage Cheat Sheet, Argon2id: m = 19 MiB, t = 2, p = 1 (see the type's notes).
        package static let owasp = Parameters(memoryKiB: 19_456, iterations: 2, lanes: 1)

        /// `$argon2id$v=19$m=…,t=…,p=…$`: how a PHC string made with these parameters begins.
        var phcPrefix: String { "$argon2id$v=19$m=\(memoryKiB),t=\(iterations),p=\(lanes)$" }
    }

    package let parameters: Parameters

    package init(parameters: Parameters = .owasp) {
        self.parameters = parameters
    }

    /// The longest password accepted, in bytes of UTF-8: a bound on the work one request can ask
    /// for (Argon2 reads the whole password once), far above any passphrase.
    package static let maximumPasswordBytes = 4_096

    /// Hashes `password` with a new random salt.
    /// - Returns: the PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…$…`), ASCII.
    /// - Throws: ``AccountError`` `.hashingFailed` when libargon2 fails (memory), `.passwordTooLong`.
    package func hash(_ password: String) throws -> String {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<parameters.saltBytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return try hash(password, salt: salt)
    }

    /// Hashes `password` with `salt` (tests, and the command-line tool's comparisons).
    package func hash(_ password: String, salt: [UInt8]) throws -> String {
        let passwordBytes = Array(password.utf8)
        guard passwordBytes.count <= Self.maximumPasswordBytes else { throw AccountError.passwordTooLong(limitBytes: Self.maximumPasswordBytes) }
        let length = argon2_encodedlen(parameters.iterations, parameters.memoryKiB, parameters.lanes, UInt32(salt.count),
                                       UInt32(parameters.tagBytes), Argon2_id)
        var encoded = [UInt8](repeating: 0, count: length)
        let status = encoded.withUnsafeMutableBytes { out in
            argon2id_hash_encoded(parameters.iterations, parameters.memoryKiB, parameters.lanes, passwordBytes, passwordBytes.count,
                                  salt, salt.count, parameters.tagBytes, out.baseAddress?.assumingMemoryBound(to: CChar.self), out.count)
        }
        guard status == ARGON2_OK.rawValue else { throw AccountError.hashingFailed(Self.message(status)) }
        return String(decoding: encoded.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// Whether `password` is the one `encoded` was made from, whatever Argon2id parameters it holds.
    /// The tags are compared in constant time. An `encoded` that is not an Argon2id PHC string
    /// (damaged, or no password set) verifies nothing.
    /// - Throws: ``AccountError`` `.hashingFailed` when libargon2 cannot compute (memory).
    package func verify(_ password: String, against encoded: String) throws -> Bool {
        let passwordBytes = Array(password.utf8)
        guard passwordBytes.count <= Self.maximumPasswordBytes, encoded.hasPrefix("$argon2id$") else { return false }
        let status = argon2id_verify(encoded, passwordBytes, passwordBytes.count)
        switch status {
        case ARGON2_OK.rawValue: return true
        case ARGON2_VERIFY_MISMATCH.rawValue, ARGON2_DECODING_FAIL.rawValue, ARGON2_DECODING_LENGTH_FAIL.rawValue: return false
        case ARGON2_MEMORY_ALLOCATION_ERROR.rawValue: throw AccountError.hashingFailed(Self.message(status))
        default: return false
        }
    }

    /// Whether a stored hash was made with other parameters than these (a login then stores the
    /// password's hash again).
    package func needsRehash(_ encoded: String) -> Bool { !encoded.hasPrefix(parameters.phcPrefix) }

    /// Argon2id's raw mode (RFC 9106 §3.1: password, salt, secret key, associated data), for the
    /// RFC's test vectors; runlog's own hashes use neither secret nor associated data.
    /// - Returns: the tag of `tagBytes` bytes.
    package func rawTag(password: [UInt8], salt: [UInt8], secret: [UInt8], associatedData: [UInt8]) throws -> [UInt8] {
        var tag = [UInt8](repeating: 0, count: parameters.tagBytes)
        var (password, salt, secret, associatedData) = (password, salt, secret, associatedData)
        let status = tag.withUnsafeMutableBufferPointer { out in
            password.withUnsafeMutableBufferPointer { pwd in
                salt.withUnsafeMutableBufferPointer { salt in
                    secret.withUnsafeMutableBufferPointer { secret in
                        associatedData.withUnsafeMutableBufferPointer { ad in
                            var context = argon2_context(
                                out: out.baseAddress, outlen: UInt32(out.count), pwd: pwd.baseAddress, pwdlen: UInt32(pwd.count),
                                salt: salt.baseAddress, saltlen: UInt32(salt.count), secret: secret.baseAddress, secretlen: UInt32(secret.count),
                                ad: ad.baseAddress, adlen: UInt32(ad.count), t_cost: parameters.iterations, m_cost: parameters.memoryKiB,
                                lanes: parameters.lanes, threads: parameters.lanes, version: UInt32(ARGON2_VERSION_13.rawValue),
                                allocate_cbk: nil, free_cbk: nil, flags: 0)   // ARGON2_DEFAULT_FLAGS: nothing wiped but libargon2's own memory
                            return argon2id_ctx(&context)
                        }
                    }
                }
            }
        }
        guard status == ARGON2_OK.rawValue else { throw AccountError.hashingFailed(Self.message(status)) }
        return tag
    }

    private static func message(_ status: Int32) -> String { String(cString: argon2_error_message(status)) }
}
