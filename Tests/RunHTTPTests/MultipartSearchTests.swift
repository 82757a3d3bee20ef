import Foundation
@testable import RunHTTP
import Testing
import TestSupport

/// The delimiter search of a multipart body: what the standard library's `firstRange(of:)` finds,
/// on every kind of overlap, and in time linear in the body whatever boundary the client chose.
@Suite struct MultipartSearchTests {
    static func find(_ needle: [UInt8], _ haystack: [UInt8], from start: Int = 0) -> Int? {
        haystack.withUnsafeBytes { MultipartForm.find(needle, in: $0, from: start) }
    }

    /// Random bodies and needles over four bytes (many partial matches), against `firstRange(of:)`.
    @Test func findsWhatTheStandardLibraryFinds() {
        var generator = SeededGenerator(state: 16)
        let alphabet: [UInt8] = [UInt8(ascii: "-"), UInt8(ascii: "x"), 13, 10]
        for _ in 0..<20_000 {
            let haystack = (0..<Int.random(in: 0...60, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let needle = (0..<Int.random(in: 1...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let start = Int.random(in: 0...max(0, haystack.count), using: &generator)
            let expected = haystack[start...].firstRange(of: needle)?.lowerBound
            #expect(Self.find(needle, haystack, from: start) == expected, "\(needle) in \(haystack) from \(start)")
        }
    }

    /// 16 MB of `-` and a boundary of 199 `-` and an `x`, the worst case of a search that compares
    /// the needle at each occurrence of its first byte (every position here): refused as holding no
    /// delimiter, within seconds even in a debug build. (A byte-by-byte comparison at each
    /// position, as before `memcmp`, took minutes here; with `memcmp` the release build took
    /// 1.5–1.9 s for 64 MB, the linear search 0.3–0.4 s on the same loaded machine.)
    @Test(.timeLimit(.minutes(1)))
    func anAdversarialBoundaryCostsLinearTime() throws {
        let boundary = String(repeating: "-", count: 199) + "x"
        let body = [UInt8](repeating: UInt8(ascii: "-"), count: 16 << 20)
        let clock = ContinuousClock(), start = clock.now
        #expect(Self.find(Array("--\(boundary)".utf8), body) == nil)
        let error = try #require(throws: FormError.self) {
            try MultipartForm(body: body, contentType: "multipart/form-data; boundary=\(boundary)")
        }
        #expect(error.message == "the upload is not multipart/form-data")
        let elapsed = clock.now - start
        #expect(elapsed < .seconds(8), "\(elapsed)")
    }
}
