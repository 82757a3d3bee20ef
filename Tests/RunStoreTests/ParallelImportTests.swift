import Foundation
import RunCore
import RunStore
import RunStoreSQLite
import TestSupport
import Testing

/// `RunImporter.importFiles` reads files on several threads and stores them in the order given:
/// the library it builds must be the one importing the files one by one builds.
@Suite struct ParallelImportTests {
    let directory = TemporaryDirectory()

    /// Corpus runs, a file that is not GPX, a file with no track points and the same bytes twice.
    var files: [(path: String, displayName: String)] {
        get throws {
            let names = LibraryTests.sampleFiles + ["gpxpod-testFile3Route.gpx"]
            var paths = names.map { SharedData.corpus($0) }
            paths.insert(try directory.write("broken.gpx", "<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"1\""), at: 3)
            paths.append(SharedData.corpus(LibraryTests.sampleFiles[0]))
            return paths.map { (path: $0, displayName: ($0 as NSString).lastPathComponent) }
        }
    }

    /// What happened to each file: the run number it got, "duplicate of N", or the error's type.
    func outcomes(width: Int, library name: String) throws -> [String] {
        let library = try Library(path: directory.file("\(name)/library.sqlite"))
        var seen: [String] = []
        try RunImporter(library: library).importFiles(try files, width: width) { index, result in
            #expect(index == seen.count, "outcomes are handed over in order")
            switch result {
            case .success(let file):
                seen.append(file.outcomes.map { outcome in
                    switch outcome {
                    case .imported(let run): "run \(run.id) \(run.summary.distanceMeters)"
                    case .duplicate(let existing): "duplicate of \(existing.id)"
                    case .probableDuplicate(let existing): "probable duplicate of \(existing.id)"
                    }
                }.joined(separator: ", "))
            case .failure(let error): seen.append("\(type(of: error))")
            }
        }
        return seen
    }

    @Test func severalThreadsGiveWhatOneGives() throws {
        let one = try outcomes(width: 1, library: "one")
        let fileCount = try files.count
        #expect(one.count == fileCount)
        // Every sample file, and the route (a file of routes only, kept as a route).
        #expect(one.filter { $0.hasPrefix("run ") }.count == LibraryTests.sampleFiles.count + 1)
        #expect(one[3] == "ReadError" && one.last == "duplicate of 1")
        for width in [2, 3, 8] {
            #expect(try outcomes(width: width, library: "w\(width)") == one, "width \(width)")
        }
    }

    @Test func anErrorFromTheConsumerStopsTheImportAfterTheRunsStored() throws {
        let library = try Library(path: directory.file("stop/library.sqlite"))
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try RunImporter(library: library).importFiles(try files, width: 3) { index, _ in
                if index == 1 { throw Stop() }
            }
        }
        #expect(try library.count() == 2)
    }
}
