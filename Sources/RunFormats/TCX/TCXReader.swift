package import RunCore

/// Reads Garmin Training Center Database v2 files (TCX, with ActivityExtension v2) with libxml2's
/// SAX2 push parser, streaming, through a ``TCXReadSession``.
///
/// What the file holds becomes (schema: TrainingCenterDatabasev2.xsd, ActivityExtensionv2.xsd):
/// - each `<Activity>`, also inside `<MultiSportSession><FirstSport>`/`<NextSport>`, a ``Track``:
///   `type` the `Sport` attribute as written (`Running`, `Biking`, `Other`), `description` its
///   `<Notes>`, `laps` its `<Lap>`s (`StartTime`, `TotalTimeSeconds` as timer time,
///   `DistanceMeters`, average and maximum heart rate, `TriggerMethod`; `MaximumSpeed` is not read:
///   Strava writes it ×3600), `deviceTotals` summed from the laps (``DeviceTotals``; TCX has no
///   session record and no elapsed time);
/// - trackpoints with a `<Position>` into segments (a second `<Track>` in one lap — a pause in
///   Garmin Training Center — starts a new one), trackpoints without into
///   ``Track/recordsWithoutPosition``: none is dropped. Fields: `Time` (zone-less taken as UTC,
///   noted), position ([-90, 90]; longitude normalised to [-180, 180)), `AltitudeMeters`,
///   `DistanceMeters` (``PointDetails/distanceMeters``), `HeartRateBpm/Value`, `Cadence` (bike,
///   rpm) or TPX `RunCadence` (strides per minute) as ``TrackPoint/cadenceRPM``, TPX `Speed`
///   (m/s) and `Watts`;
/// - each `<Course>` a ``Route`` (`Name`, `Notes`, its tracks' positioned points) and its
///   `<CoursePoint>`s waypoints: a course is not an activity;
/// - `Activity/Creator` (`Name`, `Version` major.minor) and the root's `Author/Name` the
///   ``Activity/device``; ``Activity/creator`` its description.
///
/// Elements are matched by local name, so every namespace prefix reads. Lenient where the meaning
/// is clear (whitespace before `<?xml`, trackpoints without `<Track>`, times going back — kept in
/// file order and noted), strict where it is not: XML that is not well-formed, entity declarations
/// and a root other than `<TrainingCenterDatabase>` are refused with a ``ReadError`` naming the
/// line and column.
package struct TCXReader: ActivityFileReader {
    package static let format: ActivityFileFormat = .tcx

    /// The most the activity read may take in memory (``TCXReadSession/init(fileName:maximumActivityBytes:)``).
    package var maximumActivityBytes: Int

    package init(maximumActivityBytes: Int = ReadLimits.maximumActivityBytes) {
        self.maximumActivityBytes = maximumActivityBytes
    }

    /// Reads a whole TCX file held in memory.
    /// - Throws: ``ReadError`` (see ``TCXReadSession/feed(_:)`` and ``TCXReadSession/finish()``).
    /// - Complexity: O(n) in the file's size.
    package func read(_ bytes: UnsafeRawBufferPointer, fileName: String) throws -> ActivityReadResult {
        let session = TCXReadSession(fileName: fileName, maximumActivityBytes: maximumActivityBytes)
        try session.feed(bytes)
        return try session.finish()
    }

    /// Reads a TCX file from disk in chunks (`-` reads standard input, named `stdin` in errors).
    /// - Throws: ``ReadError`` (`.io` when the file cannot be opened or read).
    package func read(fileAt path: String) throws -> ActivityReadResult {
        let session = TCXReadSession(fileName: path == "-" ? "stdin" : path, maximumActivityBytes: maximumActivityBytes)
        try ChunkedFile.forEachChunk(ofFileAt: path) { try session.feed($0) }
        return try session.finish()
    }
}
