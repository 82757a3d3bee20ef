import RunCore
import RunFormats
import RunStore

/// The formats `runlog export` writes.
enum ExportFormat: String, CaseIterable {
    /// GPX 1.1, streamed from the stored segments.
    case gpx
    /// GeoJSON (RFC 7946), see ``GeoJSONWriter``.
    case geojson
    /// The track points as CSV (RFC 4180), see ``CSVSampleWriter``.
    case csv

    var fileExtension: String { rawValue }

    /// The format a file name's extension names (`.gpx`; `.geojson` or `.json`; `.csv`), if any.
    init?(fileName: String) {
        let lowered = fileName.lowercased()
        if lowered.hasSuffix(".gpx") { self = .gpx
        } else if lowered.hasSuffix(".geojson") || lowered.hasSuffix(".json") { self = .geojson
        } else if lowered.hasSuffix(".csv") { self = .csv
        } else { return nil }
    }

    /// Writes run `id` in the format.
    /// - Returns: what was left out, as warnings.
    func write(runID id: Int64, from library: any RunLibrary, to output: any ByteOutput) throws -> [String] {
        switch self {
        case .gpx: return try library.exportGPX(id: id, to: output).map(\.description)
        case .geojson: return try GeoJSONWriter.write(try library.exportActivity(id: id), to: output).map(\.description)
        case .csv:
            try CSVSampleWriter.write(try library.exportActivity(id: id), to: output)
            return []
        }
    }
}
