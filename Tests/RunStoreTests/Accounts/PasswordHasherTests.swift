import Foundation
import RunStore
import Testing
import TestSupport

/// Argon2id as runlog hashes passwords, checked against outside truth: RFC 9106's test vector, and
/// Debian's `argon2` command-line tool (the reference implementation's own program) both ways.
struct PasswordHasherTests {
    static let argon2 = "/usr/bin/argon2"
    /// Skipped only without the tool outside CI (scripts/install-deps.sh installs the `argon2` package).
    static let canRun = FileManager.default.isExecutableFile(atPath: argon2) || ProcessInfo.processInfo.environment["CI"] != nil
    static let skipNote: Comment = "no /usr/bin/argon2 (Debian's argon2 package; scripts/install-deps.sh installs it)"

    /// RFC 9106 §5.3: Argon2id, version 0x13, 32 KiB, 3 passes, 4 lanes, password 32 × 0x01,
    /// salt 16 × 0x02, secret 8 × 0x03, associated data 12 × 0x04; the tag from the RFC's text.
    @Test func rfc9106TestVector() throws {
        let hasher = PasswordHasher(parameters: .init(memoryKiB: 32, iterations: 3, lanes: 4, tagBytes: 32))
        let tag = try hasher.rawTag(password: [UInt8](repeating: 1, count: 32), salt: [UInt8](repeating: 2, count: 16),
                                    secret: [UInt8](repeating: 3, count: 8), associatedData: [UInt8](repeating: 4, count: 12))
        let expected = "0d 64 0d f5 8d 78 76 6c 08 c0 37 a3 4a 8b 53 c9 d0 1e f0 45 2d 75 b6 5e b5 25 20 e9 6b 01 e6 59"
        #expect(tag.map { String(format: "%02x", $0) }.joined(separator: " ") == expected)
    }

    /// runlog's hash of a password equals what the reference tool computes from the same password,
    /// salt and parameters (the tool takes the salt as an argument: printable bytes, drawn at random).
    @Test(.enabled(if: canRun, skipNote)) func aHashOfRunlogIsTheReferenceToolsHash() throws {
        var generator = SystemRandomNumberGenerator()
        for password in ["correct horse battery staple", "pässwörd mit Ümlauten ✓", String(repeating: "x", count: 127)] {   // the tool reads at most 127 bytes
            let salt = (0..<16).map { _ in UInt8.random(in: 0x21...0x7e, using: &generator) }
            let ours = try PasswordHasher().hash(password, salt: salt)
            let p = PasswordHasher.Parameters.owasp
            let tool = try ExternalTools.run(Self.argon2, [String(decoding: salt, as: UTF8.self), "-id", "-t", "\(p.iterations)",
                                                          "-k", "\(p.memoryKiB)", "-p", "\(p.lanes)", "-l", "32", "-e"],
                                             stdin: Array(password.utf8))
            #expect(tool.status == 0, "salt \(String(decoding: salt, as: UTF8.self)): \(tool.error)")
            #expect(ours == tool.output.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(ours.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
        }
    }

    /// A hash the reference tool made — with other parameters than runlog's — verifies in runlog;
    /// a wrong password, a changed tag and a hash of another variant do not.
    @Test(.enabled(if: canRun, skipNote)) func aHashOfTheReferenceToolVerifies() throws {
        let password = "a long passphrase of five words"
        let tool = try ExternalTools.run(Self.argon2, ["somesaltsomesalt", "-id", "-t", "3", "-k", "4096", "-p", "2", "-e"],
                                         stdin: Array(password.utf8))
        let encoded = tool.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(encoded.hasPrefix("$argon2id$v=19$m=4096,t=3,p=2$"), "\(encoded) \(tool.error)")
        let hasher = PasswordHasher()
        #expect(try hasher.verify(password, against: encoded))
        #expect(try !hasher.verify(password + " ", against: encoded))
        #expect(try !hasher.verify("a long passphrase of five word", against: encoded))
        var changed = Array(encoded.utf8)
        changed[changed.count - 2] = changed[changed.count - 2] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        #expect(try !hasher.verify(password, against: String(decoding: changed, as: UTF8.self)))
        let argon2i = try ExternalTools.run(Self.argon2, ["somesaltsomesalt", "-i", "-e"], stdin: Array(password.utf8))
        #expect(try !hasher.verify(password, against: argon2i.output.trimmingCharacters(in: .whitespacesAndNewlines)),
                "only Argon2id hashes are taken")
        #expect(hasher.needsRehash(encoded), "other parameters than the current: stored again at the next login")
    }

    @Test func hashesHaveANewSaltEachTimeAndVerify() throws {
        let hasher = PasswordHasher()
        let first = try hasher.hash("correct horse"), second = try hasher.hash("correct horse")
        #expect(first != second)
        for hash in [first, second] {
            let parts = hash.split(separator: "$")
            #expect(parts.count == 5 && parts[0] == "argon2id" && parts[1] == "v=19" && parts[2] == "m=19456,t=2,p=1")
            // 16 bytes of salt and 32 of tag, in unpadded base64.
            #expect(Data(base64Encoded: String(parts[3]) + "==")?.count == 16)
            #expect(Data(base64Encoded: String(parts[4]) + "=")?.count == 32)
            #expect(try hasher.verify("correct horse", against: hash))
            #expect(try !hasher.verify("Correct horse", against: hash))
            #expect(!hasher.needsRehash(hash))
        }
        #expect(try !hasher.verify("anything", against: ""), "no password set: nothing verifies")
        #expect(try !hasher.verify("anything", against: "$argon2id$v=19$garbage"))
        #expect { try hasher.hash(String(repeating: "x", count: PasswordHasher.maximumPasswordBytes + 1)) } throws: {
            ($0 as? AccountError)?.code == .passwordTooLong
        }
    }
}
