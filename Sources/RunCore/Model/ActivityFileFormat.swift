/// The file format an activity was read from. Chosen by the file's content, never by its name.
package enum ActivityFileFormat: String, Sendable, Codable, CaseIterable {
    /// GPS Exchange Format 1.0 / 1.1 (topografix.com/GPX).
    case gpx
    /// Garmin's Flexible and Interoperable Data Transfer protocol (binary; developer.garmin.com/fit).
    case fit
    /// Garmin Training Center Database v2 (XML; www8.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd).
    case tcx
    /// runlog's summary of an activity without a recording (``RunFormats/ManualActivity``): entered
    /// by hand on a service, or an export's row whose file is missing or cannot be read.
    case manual

    /// The upper-case name reports use ("GPX", "FIT", "TCX").
    package var displayName: String { self == .manual ? "summary only" : rawValue.uppercased() }
}
