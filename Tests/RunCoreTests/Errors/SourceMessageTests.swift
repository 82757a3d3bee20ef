import Foundation
import Testing
import TestSupport

/// No text written below the front ends names a command or flag of runlog: the sentences and
/// hints are the front ends' (RunUI's `Errors/`). Every string literal in the sources of RunCore,
/// RunFormats, RunStore, RunStoreSQLite, RunStorePostgres, RunLive, RunApp and RunHTTP — comments left out — is checked for "runlog " and "--" before a letter; the few
/// literals that are no message (file contents) are listed with the reason.
@Suite struct SourceMessageTests {
    static let modules = ["RunCore", "RunFormats", "RunStore", "RunStoreSQLite", "RunStorePostgres", "RunLive", "RunApp", "RunHTTP"]

    /// Literals that are not messages for people, by file and text.
    static let notMessages: [(file: String, text: String, why: String)] = [
        ("RunLive/Recorder/RecordingArchive.swift", "runlog ", "the GPX creator attribute of a recording: `runlog 0.1.0`"),
    ]

    /// A literal's text names a command ("runlog ") or a flag ("--" and a letter: not a MIME
    /// boundary's `--`, an XML comment's `-->`, a date pattern's `--::`).
    static func isOffending(_ text: String) -> Bool {
        text.contains("runlog ") || text.firstRange(of: /--[A-Za-z]/) != nil
    }

    static func offenders(in source: String) -> [SwiftStringLiterals.Literal] {
        SwiftStringLiterals(source).literals.filter { isOffending($0.text) }
    }

    @Test func noMessageBelowTheFrontEndsNamesACommandOrFlag() throws {
        var found: [String] = []
        var scanned = 0
        for module in Self.modules {
            let root = SharedData.repository("Sources/\(module)")
            let files = try #require(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            for file in files.sorted() {
                let source = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
                scanned += 1
                for literal in Self.offenders(in: source)
                where !Self.notMessages.contains(where: { "\(module)/\(file)" == $0.file && literal.text == $0.text }) {
                    found.append("\(module)/\(file):\(literal.line): \"\(literal.text)\"")
                }
            }
        }
        #expect(scanned > 100, "the sources were found")
        let report = "\(found.count) literals name a command or flag:\n" + found.joined(separator: "\n")
        #expect(found.isEmpty, "\(report)")
    }

    /// The rule catches what it is meant to, in code as written in these modules, and only that.
    @Test func theRuleCatchesMessagesAndPassesCommentsAndMarkup() {
        let source = #"""
            /// A doc comment may say `runlog import --skip-invalid-points`.
            // So may a comment: runlog reads, --flag.
            /* and a block /* nested */ runlog --x */
            func f(limit: Int) throws {
                throw ReadError(code: .io, message: "larger than \(limit) MB; pass --skip-invalid-points", file: "x")
                let note = "the file \(name.isEmpty ? "runlog here" : "x") is read"
                let raw = #"a "quoted" runlog --raw"#
                let block = """
                    see 'runlog search-sets'
                    """
                let markup = "<!-- -->", boundary = "--" + b, path = "runlog.gpx", text = "the runlog", date = "--::"
            }
            """#
        let offending = SourceMessageTests.offenders(in: source).map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(offending == [" MB; pass --skip-invalid-points".trimmingCharacters(in: .whitespaces), "runlog here",
                              "a \"quoted\" runlog --raw", "see 'runlog search-sets'"])
        #expect(SourceMessageTests.offenders(in: source).map(\.line) == [5, 6, 7, 8])
    }
}
