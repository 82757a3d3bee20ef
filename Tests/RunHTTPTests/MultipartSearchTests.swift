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
    /// the needle at each occurrence of its first byte (every position here: 200 comparisons a
    /// byte, minutes byte by byte, 1.5–1.9 s for 64 MB with `memcmp`): the search takes at most 2n
    /// steps for n bytes (Knuth–Morris–Pratt's bound), and the form is refused as holding no
    /// delimiter.
    @Test func anAdversarialBoundaryCostsLinearTime() throws {
        let boundary = String(repeating: "-", count: 199) + "x"
        let body = [UInt8](repeating: UInt8(ascii: "-"), count: 16 << 20)
        let search = body.withUnsafeBytes { MultipartForm.search(Array("--\(boundary)".utf8), in: $0, from: 0) }
        #expect(search.found == nil)
        #expect(search.steps <= 2 * body.count, "\(search.steps) steps for \(body.count) bytes")
        #expect(search.steps >= body.count, "every byte is looked at")
        let error = try #require(throws: FormError.self) {
            try MultipartForm(body: body, contentType: "multipart/form-data; boundary=\(boundary)")
        }
        #expect(error.message == "the upload is not multipart/form-data")
    }

    /// The step bound holds on random bodies too (and the count is not trivially small).
    @Test func randomSearchesStayWithinTwiceTheBody() {
        var generator = SeededGenerator(state: 61)
        let alphabet: [UInt8] = [UInt8(ascii: "-"), UInt8(ascii: "x")]
        for _ in 0..<2_000 {
            let haystack = (0..<Int.random(in: 1...300, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let needle = (0..<Int.random(in: 1...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let search = haystack.withUnsafeBytes { MultipartForm.search(needle, in: $0, from: 0) }
            #expect(search.steps <= 2 * haystack.count, "\(needle) in \(haystack)")
        }
    }
}
