import RunCore

/// What an activity read from a GPX or TCX file takes in memory, counted as its elements are kept
/// (the FIT reader counts its messages the same way: ``FITMemoryBudget``).
///
/// An element can be a few bytes and become a model value of a few hundred: `<trk/>` (6 bytes) a
/// ``Track``, so a 10 MB GPX file of them took 760 MB (75 times its size), and TCX's empty
/// `<Activity>`s and `<Trackpoint/>`s 7 to 11 times. GPX and TCX are streamed, so the file's size
/// alone bounds nothing. Each element the activity keeps is charged what it adds — twice its
/// value's size (the value, and the room its array may keep for as many again: Swift's arrays
/// double as they grow), a point's details, the text and extensions kept — and the file is refused
/// (``ReadError`` `.tooLarge` with ``ReadError/limitBytes``) when the sum passes the limit,
/// ``ReadLimits/maximumActivityBytes`` unless a reader is given another. The charges are
/// estimates from the model's layout, on the high side.
struct ActivityMemoryBudget {
    /// The most the activity may take, bytes.
    let limitBytes: Int
    /// What it is charged so far.
    private(set) var keptBytes = 0

    init(limitBytes: Int) {
        self.limitBytes = limitBytes
    }

    /// Adds `bytes` to what the activity keeps.
    /// - Returns: false when the activity then takes more than ``limitBytes``.
    mutating func charge(_ bytes: Int) -> Bool {
        keptBytes += bytes
        return keptBytes <= limitBytes
    }

    /// A track (GPX `<trk>`, a TCX `<Activity>`).
    static let trackBytes = 2 * MemoryLayout<Track>.stride
    /// A track segment (GPX `<trkseg>`, a TCX pause).
    static let segmentBytes = 2 * MemoryLayout<TrackSegment>.stride
    /// A route (GPX `<rte>`, a TCX `<Course>`).
    static let routeBytes = 2 * MemoryLayout<Route>.stride
    /// A track point, route point or waypoint.
    static let pointBytes = 2 * MemoryLayout<TrackPoint>.stride
    /// A point's ``PointDetails`` (boxed: a heap object's header and the value).
    static let detailsBytes = 16 + MemoryLayout<PointDetails>.stride
    /// A link (GPX `<link>`, `<url>`).
    static let linkBytes = 2 * MemoryLayout<Link>.stride
    /// A lap (TCX `<Lap>`).
    static let lapBytes = 2 * MemoryLayout<Lap>.stride
    /// A track's device totals (TCX: summed from its laps).
    static let deviceTotalsBytes = MemoryLayout<DeviceTotals>.stride

    /// A string of `count` bytes of UTF-8: nothing up to 15 bytes (Swift keeps those inline), else
    /// a heap object's header and the bytes.
    static func textBytes(_ count: Int) -> Int { count > 15 ? 32 + count : 0 }

    /// An extension element kept verbatim: the ``XMLFragment`` and its strings.
    static func fragmentBytes(_ fragment: XMLFragment) -> Int {
        2 * MemoryLayout<XMLFragment>.stride + textBytes(fragment.xml.utf8.count) + textBytes(fragment.localName.utf8.count)
            + textBytes(fragment.namespaceURI?.utf8.count ?? 0)
    }
}
