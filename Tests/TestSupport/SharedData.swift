package import Foundation

/// Paths to the shared, read-only test data every developer and CI run has at `../shared`
/// (override with `RUNLOG_SHARED`): the real-device corpus, its reference statistics, and the
/// bug-report cases.
package enum SharedData {
    /// The repository's root directory.
    package static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // Tests/TestSupport/SharedData.swift
        return url
    }()

    package static let root: URL = {
        if let path = ProcessInfo.processInfo.environment["RUNLOG_SHARED"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }()

    package static var corpusFiles: URL { root.appendingPathComponent("corpus/files") }
    package static var schemas: URL { root.appendingPathComponent("corpus/schemas") }

    /// The FIT and TCX corpus (files/, MANIFEST.tsv, REFERENCE.tsv, archives/).
    package static var fitTCXRoot: URL { root.appendingPathComponent("corpus-fit-tcx") }

    /// Path of a FIT or TCX corpus file by name (e.g. `10kUNLP2014-Garmin15.fit`).
    package static func fitTCX(_ name: String) -> String { fitTCXRoot.appendingPathComponent("files").appendingPathComponent(name).path }

    /// Path of a corpus file by name.
    package static func corpus(_ name: String) -> String { corpusFiles.appendingPathComponent(name).path }

    /// Path of a case input by name (e.g. `02-offsets.gpx`).
    package static func caseInput(_ name: String) -> String {
        root.appendingPathComponent("cases/inputs").appendingPathComponent(name).path
    }

    /// Path of a file in the repository (e.g. `samples/runs/morning-10k.gpx`).
    package static func repository(_ relative: String) -> String {
        repositoryRoot.appendingPathComponent(relative).path
    }

    /// Names of all GPX files in the corpus, sorted.
    package static var corpusGPXNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpusFiles.path)) ?? [])
            .filter { $0.hasSuffix(".gpx") }.sorted()
    }
}

/// A table read from a tab-separated file with a header row.
package struct TSVTable: Sendable {
    package let header: [String]
    package let rows: [[String: String]]

    package init(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let names = lines.removeFirst().components(separatedBy: "\t")
        header = names
        rows = lines.map { line in
            let cells = line.components(separatedBy: "\t")
            var row: [String: String] = [:]
            for (i, name) in names.enumerated() { row[name] = i < cells.count ? cells[i] : "" }
            return row
        }
    }

    /// The row whose `key` column equals `value`.
    package func row(where key: String, is value: String) -> [String: String]? {
        rows.first { $0[key] == value }
    }

    /// The corpus MANIFEST.tsv.
    package static func manifest() throws -> TSVTable { try TSVTable(path: SharedData.root.appendingPathComponent("corpus/MANIFEST.tsv").path) }
    /// The corpus REFERENCE.tsv (gpxpy 1.6.2 and GPSBabel 1.8.0 statistics).
    package static func reference() throws -> TSVTable { try TSVTable(path: SharedData.root.appendingPathComponent("corpus/REFERENCE.tsv").path) }
}
