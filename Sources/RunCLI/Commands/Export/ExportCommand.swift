import Foundation
import RunCore
import RunFormats
import RunStore
import RunUI

/// `runlog export RUN… [--ids-from FILE|-] [-o FILE|DIR/] [--format gpx|geojson|csv]`
enum ExportCommand: Command {
    static let name = "export"
    static let summary = "write runs as GPX 1.1, GeoJSON or CSV (or their original files)"
    static let overview = """
        Writes run RUN as GPX 1.1, valid against the official schema: times in UTC, at most 15
        significant digits, longitudes in [-180, 180), heart rate, cadence and temperature as Garmin
        TrackPointExtension v2, power as Garmin PowerExtension, other extensions as they were.
        Values GPX 1.1 cannot hold are left out with a warning (the original keeps them).

        --format geojson writes RFC 7946 GeoJSON: a FeatureCollection with the waypoints as Points
        and each route and track as a LineString (a MultiLineString for several segments or one
        crossing the antimeridian), positions [longitude, latitude, elevation], and the points'
        times in the property coordTimes (ISO 8601 UTC, the same shape as the coordinates).
        --format csv writes the track points (RFC 4180): trackIndex, segmentIndex, pointIndex,
        time (ISO 8601 UTC), latitudeDegrees, longitudeDegrees, elevationMeters,
        heartRateBeatsPerMinute, cadenceRevolutionsPerMinute, airTemperatureCelsius, powerWatts.
        Without --format, the extension of -o FILE chooses (.gpx, .geojson or .json, .csv); else GPX.

        Several runs (RUN... or --ids-from) go into a folder, -o DIR/, one file each, named by
        start day and name: "2026-05-01 Morning Run.gpx" (characters file systems refuse are
        replaced; the same name twice gets " (2)"). The folder is created when missing; a file of
        the same name already in it is replaced, as cp does, and the message says so.
        --ids-from reads run numbers one per line from FILE or standard input (-), as
        'runlog search --ids' prints them; none is not an error.
        """
    enum Options {
        static let output = Option("--output", short: "-o", .required("FILE|DIR/", .anyFile), help: """
            write to FILE (replaced only when complete) or into folder DIR
            instead of standard output
            """)
        static let format = Option("--format", .required("FORMAT", .words(ExportFormat.allCases.map(\.rawValue))),
                                   help: "gpx (default), geojson or csv")
        static let idsFrom = Option("--ids-from", .required("FILE|-", .anyFile), help: "also export the runs numbered in FILE (- for standard input)")
        static let original = Option("--original", help: "write the files exactly as they were imported instead")
    }
    static let shape = CommandShape(
        options: [Options.output, Options.format, Options.idsFrom, Options.original], positionals: [runs],
        usage: [[.text("[options]"), .positional(runs.required)],
                [.text("[options]"), .option(Options.idsFrom), .optionAs(Options.output, "DIR/")]])
    private static let runs = Positional("RUN", .runIDs, optional: true, repeats: true)

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        var ids = try arguments.positionals.map { try context.runID($0, command: name) }
        if let source = arguments.value(Options.idsFrom) { ids += try RunIDList.read(source, console: context.console, command: name) }
        else if ids.isEmpty { throw UsageError("missing argument: the run to export (RUN, or --ids-from FILE|-)", command: name) }
        let destination = arguments.value(Options.output)
        let format = try chooseFormat(arguments, destination: destination)
        if let destination, !arguments.has(Options.original), arguments.value(Options.format) == nil, !isFolder(destination), destination != "-",
           ExportFormat(fileName: destination) == nil, !(destination as NSString).pathExtension.isEmpty {
            context.console.error("runlog: warning: \(destination): .\((destination as NSString).pathExtension) is not a format runlog writes; "
                                  + "writing GPX (--format gpx|geojson|csv chooses)")
        }
        let intoFolder = destination.map(isFolder) ?? false
        if ids.isEmpty {
            context.console.error("runlog: note: no runs to export")
            return ExitCode.success
        }
        if ids.count > 1 && !intoFolder {
            throw UsageError("\(ids.count) runs go into a folder: give -o DIR/ (a folder, or a path ending in /)", command: name)
        }
        let library = try context.library()
        let runs = try ids.map { try library.run(id: $0) }
        let original = arguments.has(Options.original)
        guard let destination, intoFolder else {
            try export(runs[0], format: format, original: original, library: library, to: destination, context: context)
            return ExitCode.success
        }
        do {
            try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("cannot create the folder \(destination): \(error.localizedDescription)")
        }
        let names = ExportFileName.uniqueNames(for: runs, timeZone: context.timeZone, fileExtension: original ? "gpx" : format.fileExtension)
        for (run, fileName) in zip(runs, names) {
            try export(run, format: format, original: original, library: library,
                       to: (destination as NSString).appendingPathComponent(fileName), context: context)
        }
        return ExitCode.success
    }

    private static func export(_ run: RunRecord, format: ExportFormat, original: Bool, library: any RunLibrary, to path: String?,
                               context: CommandContext) throws {
        let replacing = path.map { $0 != "-" && FileManager.default.fileExists(atPath: $0) } ?? false
        let warnings: [String] = try OutputFile.write(to: path, console: context.console) { output in
            if original {
                try library.forEachOriginalChunk(id: run.id) { try output.write($0) }
                return []
            }
            return try format.write(runID: run.id, from: library, to: output)
        }
        for warning in warnings { context.console.error("runlog: warning: run \(run.id): \(warning)") }
        if let path, path != "-" {
            let notes = [original ? "the original file" : nil, replacing ? "replacing the file there" : nil].compactMap { $0 }
            context.console.print("exported run \(run.id) to \(path)" + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))"))
        }
    }

    private static func chooseFormat(_ arguments: ParsedArguments, destination: String?) throws -> ExportFormat {
        if let given = arguments.value(Options.format) {
            guard let format = ExportFormat(rawValue: given.lowercased()) else {
                throw UsageError("--format cannot be '\(given)': it takes gpx, geojson or csv", command: name)
            }
            if arguments.has(Options.original) && format != .gpx {
                throw UsageError("--original gives back the imported GPX file; it does not go with --format \(format.rawValue)", command: name)
            }
            return format
        }
        return destination.flatMap { isFolder($0) ? nil : ExportFormat(fileName: $0) } ?? .gpx
    }

    /// Whether `-o` names a folder: it ends in `/` or is an existing folder.
    private static func isFolder(_ path: String) -> Bool {
        if path.hasSuffix("/") { return true }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
