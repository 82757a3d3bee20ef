import Foundation
import RunCore
import RunStore

/// Runs, originals and edits.
enum LibraryConformance {
    static let checks: [StorageConformance.Check] = [
        .init(name: "a missing library is not created by reading") { backend in
            try require(!backend.libraryExists, "a fresh backend has no library")
            try requireThrows("opening without creating", { ($0 as? StorageOpenError)?.code == .noLibrary }) {
                _ = try backend.openLibrary(creating: false)
            }
            try require(!backend.libraryExists, "a library appeared by reading")
        },
        .init(name: "originals come back byte for byte") { backend in
            let library = try backend.openLibrary(creating: true)
            try ConformanceFixtures.fill(library)
            try require(try library.count() == ConformanceFixtures.samples.count, "runs stored: \(try library.count())")
            for path in ConformanceFixtures.samples {
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
                let ids = try library.runIDs(contentSHA256: SHA256.hash(bytes))
                try require(ids.count == 1, "\(path): runs by its SHA-256: \(ids)")
                try require(try library.original(id: ids[0]) == bytes, "\(path): the original differs from the file")
            }
        },
        .init(name: "a second import of a file is a duplicate, nothing stored") { backend in
            let library = try backend.openLibrary(creating: true)
            try ConformanceFixtures.fill(library)
            let before = try library.count()
            let again = try RunImporter(library: library).importFile(atPath: ConformanceFixtures.samples[0])
            try require(again.outcomes.allSatisfy { if case .duplicate = $0 { true } else { false } }, "outcomes: \(again.outcomes)")
            try require(try library.count() == before, "runs after a duplicate: \(try library.count()), before \(before)")
        },
        .init(name: "the list is newest first, and each run reads back") { backend in
            let library = try backend.openLibrary(creating: true)
            try ConformanceFixtures.fill(library, corpus: 12)
            let runs = try library.runs()
            let starts = runs.compactMap(\.startTimeSeconds)
            try require(starts == starts.sorted(by: >), "dated runs are not newest first")
            try require(runs.firstIndex { $0.startTimeSeconds == nil }.map { index in runs[index...].allSatisfy { $0.startTimeSeconds == nil } } ?? true,
                        "undated runs are not last")
            for run in runs {
                try require(try library.run(id: run.id) == run, "run \(run.id) reads back differently")
                let activity = try library.activity(id: run.id)
                let points = activity.tracks.flatMap(\.segments).reduce(0) { $0 + $1.points.count }
                try require(points == run.summary.trackPointCount, "run \(run.id): \(points) points, the summary says \(run.summary.trackPointCount)")
            }
        },
        .init(name: "a run's page sketch is stored with its numbers and follows a reanalysis") { backend in
            let library = try backend.openLibrary(creating: true)
            try ConformanceFixtures.fill(library, corpus: 6)
            let ids = try library.runIDs()
            var changed = 0
            for id in ids {
                // What was stored at import is what the run's points and parameters give now.
                let run = try library.run(id: id)
                let stored = try library.sketch(id: id)
                try require(stored == TrackSketch(activity: try library.activity(id: id), parameters: run.summary.parameters),
                            "run \(id): the stored sketch is not the one its points give")
                // Recomputed as a ride: other numbers, and the sketch that goes with them, written together.
                let ride = AnalysisParameters(sport: .cycling)
                try RunReanalyzer(library: library, parameters: ride).reanalyze(id: id)
                let again = try library.sketch(id: id)
                try require(try library.run(id: id).summary.parameters == ride, "run \(id): the ride's parameters were not stored")
                try require(again == TrackSketch(activity: try library.activity(id: id), parameters: ride),
                            "run \(id): after the reanalysis the sketch is not the one its points give")
                if again != stored { changed += 1 }
                // A page's sketch from the points is kept only for a run without one of this version.
                if let again {
                    try require(try !library.keepSketch(again, id: id, parameters: ride), "run \(id): a sketch was kept over a current one")
                    try require(try library.sketch(id: id) == again, "run \(id): keeping a sketch changed the stored one")
                }
            }
            try require(changed > 0, "no run's sketch changed with its sport (pauses and pace follow the moving speed)")
            try library.delete(id: ids[0])
            try requireThrows("the sketch of a deleted run", { ($0 as? LibraryError)?.code == .runNotFound }) { _ = try library.sketch(id: ids[0]) }
            try requireThrows("keeping the sketch of a deleted run", { ($0 as? LibraryError)?.code == .runNotFound }) {
                _ = try library.keepSketch(TrackSketch(activity: Activity(), parameters: AnalysisParameters()), id: ids[0],
                                           parameters: AnalysisParameters())
            }
            try requireThrows("the sketch of a run that never was", { ($0 as? LibraryError)?.code == .runNotFound }) { _ = try library.sketch(id: 99_999) }
        },
        .init(name: "a run's analysis reads back as computed, with one unit's splits or both") { backend in
            let library = try backend.openLibrary(creating: true)
            try ConformanceFixtures.fill(library, corpus: 6)
            let ids = try library.runIDs()
            for id in ids {
                // The analysis as computed in memory, and then stored.
                let computed = try RunReanalyzer(library: library).reanalyze(id: id)
                try require(try library.analysis(id: id) == computed, "run \(id): the stored analysis reads back differently")
                let record = try library.run(id: id)
                for (units, perKilometer, perMile) in [(SplitUnits.perKilometer, computed.splitsPerKilometer, [Split]()),
                                                       (.perMile, [], computed.splitsPerMile), ([], [], [])] {
                    let (read, analysis) = try library.runWithAnalysis(id: id, splits: units)
                    var expected = computed
                    (expected.splitsPerKilometer, expected.splitsPerMile) = (perKilometer, perMile)
                    try require(read == record, "run \(id): the record read with the analysis differs")
                    try require(analysis == expected, "run \(id): the analysis with splits \(units.rawValue) differs")
                }
            }
            try require(try ids.contains { try !(library.analysis(id: $0)?.splitsPerMile.isEmpty ?? true) }, "no run has splits")
            try requireThrows("the analysis of a run that never was", { ($0 as? LibraryError)?.code == .runNotFound }) {
                _ = try library.runWithAnalysis(id: 99_999, splits: .all)
            }
        },
        .init(name: "rename, notes and delete") { backend in
            let library = try backend.openLibrary(creating: true)
            try ConformanceFixtures.fill(library)
            let id = try library.runIDs()[0]
            try library.rename(id: id, to: "  Zürich Seelauf  ")
            try require(try library.run(id: id).name == "Zürich Seelauf", "renamed: '\(try library.run(id: id).name)'")
            try library.setNotes(id: id, to: "windy")
            try require(try library.run(id: id).notes == "windy", "notes not kept")
            try requireThrows("an empty name", { ($0 as? LibraryError)?.code == .invalidEdit }) { try library.rename(id: id, to: "  ") }
            try requireThrows("a run that is not there", { ($0 as? LibraryError)?.code == .runNotFound }) { try library.rename(id: 99_999, to: "x") }
            let original = try library.original(id: id)
            try library.delete(id: id)
            try requireThrows("reading a deleted run", { ($0 as? LibraryError)?.code == .runNotFound }) { _ = try library.run(id: id) }
            try require(try library.runIDs(contentSHA256: SHA256.hash(original)).isEmpty, "the original outlived its only run")
        },
    ]
}
