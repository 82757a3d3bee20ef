import Foundation
import RunStore
import Testing
import TestSupport

/// API tokens: their shape, their digest (SHA-256 as Python's hashlib computes it) and the
/// `Authorization` header's Bearer scheme (RFC 6750 §2.1).
struct APITokenTests {
    @Test func aTokenIsThePrefixAnd256RandomBits() throws {
        let made = (0..<50).map { _ in APIToken.make() }
        #expect(Set(made.map(\.token)).count == 50)
        for (token, digest, hint) in made {
            #expect(token.hasPrefix("runlog_") && token.count == 7 + 43)
            let random = String(token.dropFirst(7)).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            #expect(Data(base64Encoded: random + "=")?.count == 32)
            #expect(hint == String(token.prefix(13)))
            #expect(APIToken.digest(of: token) == digest)
        }
        let python = try ExternalTools.run("/usr/bin/python3", ["-c", "import hashlib,sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())"],
                                           stdin: Array(made[0].token.utf8))
        #expect(made[0].digest.map { String(format: "%02x", $0) }.joined() == python.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test(arguments: ["", "runlog_", "runlog_abc", "github_" + String(repeating: "a", count: 43), "runlog_" + String(repeating: "a", count: 42),
                      "runlog_" + String(repeating: "a", count: 44), "runlog_" + String(repeating: "a", count: 42) + "=",
                      "runlog_" + String(repeating: "a", count: 42) + "é", "RUNLOG_" + String(repeating: "a", count: 43)])
    func aMalformedTokenHasNoDigest(_ token: String) {
        #expect(APIToken.digest(of: token) == nil)
    }

    @Test func theBearerScheme() {
        let token = APIToken.make().token
        #expect(APIToken.bearerToken(fromAuthorization: "Bearer \(token)") == token)
        #expect(APIToken.bearerToken(fromAuthorization: "bearer \(token)") == token, "the scheme's case does not matter (RFC 9110 §11.1)")
        #expect(APIToken.bearerToken(fromAuthorization: "  BEARER   \(token)  ") == token)
        #expect(APIToken.bearerToken(fromAuthorization: "Basic \(token)") == nil)
        #expect(APIToken.bearerToken(fromAuthorization: "Bearer") == nil)
        #expect(APIToken.bearerToken(fromAuthorization: "Bearer ") == nil)
        #expect(APIToken.bearerToken(fromAuthorization: token) == nil)
    }
}
