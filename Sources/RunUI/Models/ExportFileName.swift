package import RunStore
import RunCore
package import Foundation

/// The file name a run is exported or attached under: its start day and name,
/// `2026-05-01 Morning Run.gpx`, made safe for file systems (``FileNameText``). The day is in the
/// calendar's time zone and written the same in every language (it sorts). A run without times
/// is `Morning Run.gpx`; a name with nothing usable left becomes `Run 12`.
package enum ExportFileName {
    /// - Parameter fileExtension: without the dot (`gpx`, `geojson`, `csv`).
    package static func name(for run: RunRecord, timeZone: TimeZone, fileExtension: String) -> String {
        var stem = FileNameText.sanitizedStem(run.name) ?? "Run \(run.id)"
        if let start = run.startTimeSeconds, abs(start) < 1e12 {
            let c = ProlepticCalendar.components(start, in: timeZone)
            stem = String(format: "%04d-%02d-%02d ", c.year, c.month, c.day) + stem
        }
        return stem + "." + fileExtension
    }

    /// Names for several runs in one folder: the second run with the same name gets ` (2)`, and so on.
    package static func uniqueNames(for runs: [RunRecord], timeZone: TimeZone, fileExtension: String) -> [String] {
        var used: Set<String> = []
        return runs.map { run in
            let name = Self.name(for: run, timeZone: timeZone, fileExtension: fileExtension)
            var candidate = name
            var n = 2
            while used.contains(candidate.lowercased()) {
                candidate = String(name.dropLast(fileExtension.count + 1)) + " (\(n))." + fileExtension
                n += 1
            }
            used.insert(candidate.lowercased())
            return candidate
        }
    }
}
