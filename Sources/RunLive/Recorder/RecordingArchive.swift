package import RunCore
package import RunStore
import RunFormats
import Foundation

/// Stores a finished recording in the library exactly as an imported file: the recording is
/// written as GPX 1.1 in memory (`recording-TIME.gpx`), then imported from those bytes with the
/// same importer and analysis as any file, so the run has an original, the same numbers and the
/// same export. No file is written on the way.
package struct RecordingArchive {
    package let storage: any StorageBackend
    package let preferences: AnalysisPreferences

    package init(storage: any StorageBackend, preferences: AnalysisPreferences) {
        self.storage = storage
        self.preferences = preferences
    }

    /// - Returns: the run stored (or, for a replay of a file the library holds, the run already
    ///   there), or nil when nothing was recorded.
    /// - Throws: storage and I/O errors; the recording's points stay in the shared store then.
    package func store(_ session: RecordingSession, setup: RecordingSetup) throws -> StoredRecording? {
        guard session.pointCount > 0 else { return nil }
        let activity = session.activity(name: setup.name, type: setup.type, creator: "runlog \(runlogVersion)")
        let stamp = session.startTime.map { UTCDateTime.format(seconds: $0).replacingOccurrences(of: ":", with: "") }
            ?? UUID().uuidString.lowercased()
        let output = MemoryOutput()
        _ = try GPXWriter.write(activity, to: output)
        var options = ImportOptions()
        options.analysisPreferences = preferences
        // A live recording is always stored (a phone and a watch may record the same run); a
        // replay of a file the library holds is a duplicate, as an import of that file is. A
        // recording is one run, whatever its pauses.
        options.importsProbableDuplicates = !setup.isReplay
        options.splitsActivities = false
        let library = try storage.openLibrary(creating: true)
        let result = try RunImporter(library: library, options: options).importBytes(output.bytes, fileName: "recording-\(stamp).gpx")
        switch result.outcomes.first {
        case .imported(let run): return StoredRecording(runID: run.id, alreadyStored: false)
        case .duplicate(let run), .probableDuplicate(let run): return StoredRecording(runID: run.id, alreadyStored: true)
        case nil: return nil
        }
    }

    /// The version written into the GPX `creator`.
    package static let defaultVersion = "0.1.0"
    private var runlogVersion: String { Self.defaultVersion }
}

/// Where a finished recording went.
package struct StoredRecording: Sendable, Equatable {
    package var runID: Int64
    /// The library held it already (a replay of a file imported before): nothing new was stored.
    package var alreadyStored: Bool

    package init(runID: Int64, alreadyStored: Bool) {
        self.runID = runID
        self.alreadyStored = alreadyStored
    }
}

/// Stores a finished recording (``RecordingArchive/store(_:setup:)``).
package typealias RecordingArchiver = (RecordingSession, RecordingSetup) throws -> StoredRecording?
