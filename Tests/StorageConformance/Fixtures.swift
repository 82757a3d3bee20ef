import Foundation
import RunCore
import RunStore
import TestSupport

/// Real files to fill a library with: the repository's samples and the smaller corpus GPX files
/// (varied names, places, sports, with and without heart rate and times).
enum ConformanceFixtures {
    static let samples = ["long-run-no-hr.gpx", "lunch-intervals.gpx", "morning-10k.gpx", "trail-hill-run.gpx"]
        .map { SharedData.repository("samples/runs/" + $0) }

    /// Corpus GPX files under 400 kB, by name, at most `limit`.
    static func corpusFiles(limit: Int) -> [String] {
        let folder = SharedData.corpusFiles.path
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".gpx") }.sorted()
        return names.map { folder + "/" + $0 }.filter { path in
            ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? .max) < 400_000
        }.prefix(limit).map { $0 }
    }

    /// A library with the samples and up to `corpus` corpus files imported (files that do not read are skipped).
    @discardableResult
    static func fill(_ library: any RunLibrary, corpus: Int = 0) throws -> [String] {
        let importer = RunImporter(library: library)
        var imported: [String] = []
        for path in samples + corpusFiles(limit: corpus) {
            guard let result = try? importer.importFile(atPath: path) else { continue }
            if result.outcomes.contains(where: { if case .imported = $0 { true } else { false } }) { imported.append(path) }
        }
        return imported
    }
}
