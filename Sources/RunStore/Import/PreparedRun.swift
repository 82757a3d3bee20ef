package import Foundation
package import RunCore
import RunFormats

/// An activity file (GPX, FIT or TCX, plain or compressed) read, hashed, compressed, cut into the
/// activities it holds (``ActivitySplitter`` for GPX; one run per session for FIT and TCX) and each analysed, ready to be stored by ``RunImporter/store(_:)``. Preparing touches no
/// library, so files are prepared on several threads at once while one thread stores them.
package struct PreparedRun: Sendable {
    package let original: StoredOriginal
    package let parts: [StoredPart]
    /// The file's last path component (`stdin` for standard input).
    package let sourceName: String
    /// The original's size in bytes.
    package var originalSize: Int { original.size }
    /// The format the file was read as.
    package let format: ActivityFileFormat
    /// What an export says of the file's activity, if it came from one.
    package let metadata: ExportMetadata?

    /// The runs the file holds: more than one when it held several activities.
    package var partCount: Int { parts.count }
    /// The first run's name (the file's `<name>`, cleaned to one line, else the file name).
    package var name: String { parts.first?.name ?? sourceName }
    /// The first run's numbers.
    package var summary: ActivitySummary { parts.first?.content.summary ?? ActivitySummary() }
}

extension RunImporter {
    /// Reads one file (`-` reads standard input) into a ``PreparedRun``.
    /// - Throws: ``ReadError`` when the file cannot be read (as GPX, FIT or TCX); ``LibraryError``
    ///   `.noTrackPoints` when it has no records, `.tooManyRuns` when it holds more activities than
    ///   ``ImportOptions/maximumRunsPerFile``.
    package static func prepareFile(atPath path: String, displayName: String? = nil, options: ImportOptions,
                                   metadata: ExportMetadata? = nil) throws -> PreparedRun {
        let sourceName = path == "-" ? "stdin" : (path as NSString).lastPathComponent
        return try prepare(displayName: displayName ?? path, sourceName: sourceName, options: options, metadata: metadata) { consume in
            try ChunkedFile.forEachChunk(ofFileAt: path, consume)
        }
    }

    /// Reads a file held in memory (an upload) into a ``PreparedRun``.
    /// - Throws: as ``prepareFile(atPath:displayName:options:)``.
    /// - Parameter sourceName: the name stored with the original (default: `fileName`'s last component).
    package static func prepareBytes(_ bytes: [UInt8], fileName: String, sourceName: String? = nil, options: ImportOptions,
                                    metadata: ExportMetadata? = nil) throws -> PreparedRun {
        let sourceName = sourceName ?? (fileName as NSString).lastPathComponent
        return try prepare(displayName: fileName, sourceName: sourceName.isEmpty ? "upload" : sourceName, options: options,
                           metadata: metadata) { consume in
            let chunkSize = 256 * 1024
            var start = 0
            repeat {
                let end = min(start + chunkSize, bytes.count)
                try bytes[start..<end].withUnsafeBytes { try consume($0) }
                start = end
            } while start < bytes.count
        }
    }

    /// Reads a file held in `Data` (mapped, not copied) into a ``PreparedRun``.
    /// - Throws: as ``prepareFile(atPath:displayName:options:)``.
    package static func prepareData(_ data: Data, fileName: String, options: ImportOptions) throws -> PreparedRun {
        let sourceName = (fileName as NSString).lastPathComponent
        return try prepare(displayName: fileName, sourceName: sourceName.isEmpty ? "upload" : sourceName, options: options,
                           metadata: nil) { consume in
            try data.withUnsafeBytes { (whole: UnsafeRawBufferPointer) in
                let chunkSize = 256 * 1024
                var start = 0
                repeat {
                    let end = min(start + chunkSize, whole.count)
                    try consume(UnsafeRawBufferPointer(rebasing: whole[start..<end]))
                    start = end
                } while start < whole.count
            }
        }
    }

    /// One pass over the bytes `forEachChunk` hands over in order feeds the reader (chosen by the
    /// content), the SHA-256 of the original and its compressed copy; then the activity is analysed
    /// and encoded. The original is kept as given, compressed or not.
    private static func prepare(displayName name: String, sourceName: String, options: ImportOptions, metadata: ExportMetadata?,
                                forEachChunk: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws -> PreparedRun {
        let session = ActivityReadSession(fileName: name, options: ReadOptions(isLenient: options.skipsInvalidPoints))
        var hasher = SHA256()
        // zlib level 3: 7.8 % of a GPX file at 160 MB/s (level 6: 6.5 % at 87 MB/s, on this machine).
        let deflater = Deflater(level: 3)
        var size = 0
        try forEachChunk { chunk in
            size += chunk.count
            hasher.update(chunk)
            deflater.append(chunk)
            try session.feed(chunk)
        }
        let read = try session.finish()
        let (activity, diagnostics) = (read.activity, read.diagnostics)
        guard activity.recordCount > 0 || activity.routePointCount > 0 || activity.tracks.contains(where: { $0.deviceTotals != nil }) else {
            var contents: [String] = []
            if activity.routes.count > 0 { contents.append("\(activity.routes.count) route\(activity.routes.count == 1 ? "" : "s")") }
            if activity.waypoints.count > 0 { contents.append("\(activity.waypoints.count) waypoint\(activity.waypoints.count == 1 ? "" : "s")") }
            let holds = contents.isEmpty ? "nothing but metadata" : contents.joined(separator: " and ")
            var error = LibraryError(.noTrackPoints, "no track points or records (the file holds \(holds)), so it is not a run")
            (error.routes, error.waypoints) = (activity.routes.count, activity.waypoints.count)
            throw error
        }
        let named = RunName.clean(metadata?.name ?? activity.displayName ?? "")
        let baseName = named.isEmpty ? RunName.fromFile(sourceName) : named
        let selections = activity.format != .gpx
            ? ActivitySplitter.sessions(of: activity)
            : options.splitsActivities
            ? ActivitySplitter(gapSeconds: options.analysisPreferences.splitGapSeconds).parts(of: activity)
            : [ActivitySplitter.whole(activity)]
        guard selections.count <= options.maximumRunsPerFile else {
            var error = LibraryError(.tooManyRuns, "the file holds \(selections.count) activities, more than the "
                                     + "\(options.maximumRunsPerFile) this version imports from one file")
            (error.runs, error.maximumRuns) = (selections.count, options.maximumRunsPerFile)
            throw error
        }
        let activities = selections.count == 1 ? [activity] : selections.map { activity.selecting($0) }
        let names = metadata?.name != nil && activities.count == 1 ? [baseName]
            : RunName.partNames(activities.map { $0.tracks.first?.name }, baseName: baseName)
        var parts: [StoredPart] = []
        for (k, selection) in selections.enumerated() {
            // An export's sport is the runner's word for the whole activity: given to a single run.
            let sport = selections.count == 1 ? metadata?.sport : nil
            let (analysis, sketch) = ActivityAnalyzer.analyzeWithSketch(activities[k], parameters: options.analysisParameters,
                                                                        preferences: options.analysisPreferences, sport: sport,
                                                                        fileName: sourceName)
            parts.append(StoredPart(content: try StoredRunContent(activity: activities[k], analysis: analysis, sketch: sketch,
                                                                  diagnostics: diagnostics),
                                    name: names[k], kind: selection.isRoute ? .route : .activity,
                                    selection: selections.count == 1 ? nil : selection,
                                    notes: metadata?.notes ?? "", gear: metadata?.gear ?? "", chosenSport: sport))
        }
        return PreparedRun(original: StoredOriginal(contentSHA256: hasher.finalize(), sourceName: sourceName, size: size,
                                                    compressed: deflater.finish(), skipsInvalidPoints: options.skipsInvalidPoints),
                           parts: parts, sourceName: sourceName, format: activity.format, metadata: metadata)
    }
}
