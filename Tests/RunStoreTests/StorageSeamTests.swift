import Foundation
import Testing
import TestSupport

/// Nothing above storage sees SQLite or PostgreSQL (issues 13 and 14): measured in the tree.
/// Modules other than the implementations (and the `runlog` executable, which chooses one) import
/// neither them nor their C modules, and their code names no engine's type, result code or
/// SQLSTATE, `data_version`, `Library(path:)` or libpq call; and the two implementations stand
/// beside each other, neither naming the other.
struct StorageSeamTests {
    /// Where an engine may be named: its implementation, its C module, and the entry point.
    static let allowed: Set<String> = ["RunStoreSQLite", "CSQLite", "RunStorePostgres", "CLibPQ", "runlog"]
    static let forbidden = ["import RunStoreSQLite", "import CSQLite", "SQLiteError", "SQLiteValue", "data_version", "Library(path:",
                            "SharedStore(", "LiveStore(", "StoreObserver(", "sqlite3_", "primaryCode",
                            "import RunStorePostgres", "import CLibPQ", "PostgresError", "PostgresConnection", "PostgresLibrary",
                            "PostgresSharedStore", "PQexec", "PQconnect", "SQLSTATE", "sqlState"]
    /// What each implementation may not name of the other.
    static let crossings = [
        "RunStoreSQLite": ["import RunStorePostgres", "import CLibPQ", "Postgres"],
        "RunStorePostgres": ["import RunStoreSQLite", "import CSQLite", "SQLiteError", "sqlite3_", "SQLiteStorage"],
    ]

    /// The code lines of a Swift file: comments left out.
    static func codeLines(_ text: String) -> [(number: Int, text: String)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("//") { return nil }
            let code = line.range(of: " //").map { String(line[..<$0.lowerBound]) } ?? String(line)
            return (index + 1, code)
        }
    }

    static func offences(in modules: URL) throws -> [String] {
        var found: [String] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: modules.path).sorted() {
            let words = allowed.contains(module) ? crossings[module] ?? [] : forbidden
            guard !words.isEmpty, let files = FileManager.default.enumerator(atPath: modules.appendingPathComponent(module).path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: modules.appendingPathComponent(module).appendingPathComponent(file), encoding: .utf8)
                for (number, line) in codeLines(text) {
                    for word in words where line.contains(word) { found.append("\(module)/\(file):\(number): \(word)") }
                }
            }
        }
        return found
    }

    @Test func noModuleAboveStorageSeesSQLite() throws {
        let offences = try Self.offences(in: SharedData.repositoryRoot.appendingPathComponent("Sources"))
        #expect(offences.isEmpty, "\(offences.joined(separator: "\n"))")
    }

    /// The scan finds what it looks for (a test that cannot fail is a defect).
    @Test func theScanFindsAnOffence() throws {
        let folder = TemporaryDirectory("runlog-seam")
        let module = folder.url.appendingPathComponent("RunWeb")
        try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
        try "import Foundation\n/// SQLiteError in a comment is fine\nlet x = error as? SQLiteError // a code line\nimport CLibPQ\n"
            .write(to: module.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        let postgres = folder.url.appendingPathComponent("RunStorePostgres")
        try FileManager.default.createDirectory(at: postgres, withIntermediateDirectories: true)
        try "import CLibPQ\nimport RunStoreSQLite\n".write(to: postgres.appendingPathComponent("B.swift"), atomically: true, encoding: .utf8)
        #expect(try Self.offences(in: folder.url) == ["RunStorePostgres/B.swift:2: import RunStoreSQLite", "RunWeb/A.swift:3: SQLiteError",
                                                      "RunWeb/A.swift:4: import CLibPQ"])
    }

    /// Package.swift: no target but the SQLite implementation, the executable, the tests, the
    /// benchmark and the store probe depends on RunStoreSQLite or CSQLite; none but the PostgreSQL
    /// implementation (and tests) on RunStorePostgres or CLibPQ.
    @Test func onlyTheEntryPointDependsOnTheImplementations() throws {
        let manifest = try String(contentsOf: SharedData.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\.(target|executableTarget)\(name: "([A-Za-z-]+)", dependencies: \[([^\]]*)\]"#)
        var dependents: [String] = [], postgresDependents: [String] = []
        for match in pattern.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
            let name = String(manifest[Range(match.range(at: 2), in: manifest)!])
            let dependencies = String(manifest[Range(match.range(at: 3), in: manifest)!])
            if dependencies.contains("\"RunStoreSQLite\"") || dependencies.contains("\"CSQLite\"") { dependents.append(name) }
            if dependencies.contains("\"RunStorePostgres\"") || dependencies.contains("\"CLibPQ\"") { postgresDependents.append(name) }
        }
        #expect(Set(dependents) == ["RunStoreSQLite", "runlog", "runlog-bench", "runlog-store-probe"], "\(dependents)")
        #expect(Set(postgresDependents) == ["RunStorePostgres", "runlog"], "\(postgresDependents)")
    }
}
