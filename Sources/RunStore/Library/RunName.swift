import Foundation
import RunFormats

/// A run's name as the library keeps it: one line, no control characters (a file named
/// `morning\nrun.gpx` or a GPX `<name>` with a tab would otherwise break every table), spaces
/// collapsed; at most 200 characters (``maximumLength``).
package enum RunName {
    package static let maximumLength = 200

    /// The name of a run whose file names none: the file's name without its extensions
    /// (`morning.gpx` → `morning`, `123.fit.gz` → `123`), cleaned.
    package static func fromFile(_ sourceName: String) -> String {
        var base = (sourceName as NSString).deletingPathExtension
        if Compression.allCases.contains(where: { sourceName.lowercased().hasSuffix("." + $0.fileExtension) }) {
            base = (base as NSString).deletingPathExtension
        }
        return clean(base)
    }

    package static func clean(_ text: String) -> String {
        var out = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control || scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.unicodeScalars.append(" "); pendingSpace = false }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// The names of the runs cut from one file: each part's first track's name when every part
    /// has one of its own ("Tag 1", "Tag 2"…), else the file's name numbered ("Logger dump (2/6)").
    /// One part keeps `baseName`.
    package static func partNames(_ firstTrackNames: [String?], baseName: String) -> [String] {
        guard firstTrackNames.count > 1 else { return [String(baseName.prefix(maximumLength))] }
        let own = firstTrackNames.map { clean($0 ?? "") }
        if !own.contains(""), Set(own).count == own.count { return own.map { String($0.prefix(maximumLength)) } }
        let count = firstTrackNames.count
        return (1...count).map { k in
            let suffix = " (\(k)/\(count))"
            return String(baseName.prefix(maximumLength - suffix.count)) + suffix
        }
    }
}
