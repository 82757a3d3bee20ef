/// A run's name as the library keeps it: one line, no control characters (a file named
/// `morning\nrun.gpx` or a GPX `<name>` with a tab would otherwise break every table), spaces
/// collapsed; at most 200 characters (``maximumLength``).
enum RunName {
    static let maximumLength = 200

    static func clean(_ text: String) -> String {
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
}
