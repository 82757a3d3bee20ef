import RunCore

/// What the activity read from a FIT file may take in memory, counted as its messages decode.
///
/// A FIT message can be a single byte (a record whose definition has no field, or only a
/// compressed-timestamp header), and each record becomes a ``TrackPoint`` (56 bytes), kept twice
/// while the tracks are made, plus its details: a 10 MB file of such records took 1.5 GB, so the
/// 512 MB the read session accepts (or a few hundred kilobytes of gzip inflating to it) could ask
/// for 80 GB. Each data message the activity keeps is charged what it adds — records, laps,
/// sessions (a track each), timer events, developer field descriptions — and the file is refused
/// (``ReadError`` `.tooLarge`) when the sum passes ``FITReader/Options/maximumActivityBytes``.
/// The charges are estimates from the model's layout, on the high side (a record's details are
/// counted whenever its definition has a field that may make them).
enum FITMemoryBudget {
    /// A record: its ``TrackPoint`` in the decoded records and again in its track.
    static let recordBytes = 2 * MemoryLayout<TrackPoint>.stride
    /// A record's ``PointDetails`` (boxed: a heap object's header and the value).
    static let detailsBytes = 16 + MemoryLayout<PointDetails>.stride
    /// Each developer field value of a record.
    static let developerValueBytes = MemoryLayout<DeveloperValue>.stride + 16
    static let lapBytes = 2 * MemoryLayout<Lap>.stride
    /// A session: its totals as read, and the ``Track`` made of it.
    static let sessionBytes = MemoryLayout<DeviceTotals>.stride + 2 * MemoryLayout<Track>.stride
    /// A timer event: a start after a stop begins a segment (its entry and an array of its own).
    static let eventBytes = MemoryLayout<TrackSegment>.stride + 64
    /// A developer field's description: the entry and its name and units (up to 255 bytes each).
    static let fieldDescriptionBytes = MemoryLayout<DeveloperFieldDescription>.stride + 2 * 256

    /// What one data message of a definition adds to the activity.
    /// - Parameters:
    ///   - kind: the definition's message.
    ///   - makesDetails: whether a record of it has a field kept in ``PointDetails`` (speed, distance, power).
    ///   - developerFields: its developer fields.
    static func bytes(of kind: FITMessageKind, makesDetails: Bool, developerFields: Int) -> Int {
        switch kind {
        case .record:
            let hasDetails = makesDetails || developerFields > 0
            return recordBytes + (hasDetails ? detailsBytes : 0) + developerFields * developerValueBytes
        case .lap: return lapBytes
        case .session: return sessionBytes
        case .event: return eventBytes
        case .fieldDescription: return fieldDescriptionBytes
        case .fileID, .deviceInfo, .developerDataID, .other: return 0  // kept once, or at most 256 application IDs
        }
    }
}
