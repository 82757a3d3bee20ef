import Foundation
import Testing
import TestSupport

/// runlog's only product is an executable: what crosses modules is `package`, nothing is `public`
/// (issue 13). Measured in the tree: no declaration in Sources/ or Fuzz/ is `public` or `open`.
struct AccessLevelTests {
    static let declaration = try! NSRegularExpression(pattern:
        #"(^|[\s)])(public|open)(\((set)\))?\s+(import|struct|enum|class|actor|protocol|extension|typealias|func|var|let|init|subscript|static|final|private|internal|convenience|required|override|nonisolated|mutating|nonmutating|indirect|lazy|case|associatedtype|dynamic|prefix|postfix|infix|operator)\b"#)

    /// The `public`/`open` declarations in a Swift source: comments left out.
    static func offences(in source: String) -> [Int] {
        source.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("//") { return nil }
            let text = String(line)
            return declaration.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil ? nil : index + 1
        }
    }

    @Test func nothingIsPublic() throws {
        var found: [String] = [], scanned = 0
        for folder in ["Sources", "Fuzz"] {
            let root = SharedData.repository(folder)
            let files = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            for file in files.sorted() {
                scanned += 1
                let source = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
                found += Self.offences(in: source).map { "\(folder)/\(file):\($0)" }
            }
        }
        #expect(scanned > 300, "the sources were found")
        #expect(found.isEmpty, "\(found.count) public or open declarations:\n\(found.joined(separator: "\n"))")
    }

    /// The rule catches declarations, not the word in comments or texts.
    @Test func theRuleCatchesDeclarationsOnly() {
        let source = """
            public struct A {}
            /// a public API
            let header = "Cache-Control: public, max-age=3600"
            @inlinable public func f() {}
                public private(set) var x = 1
            open class B {}
            package struct C {}
            """
        #expect(Self.offences(in: source) == [1, 4, 5, 6])
    }
}
