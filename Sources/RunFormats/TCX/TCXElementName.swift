/// Local names of the TCX elements the reader understands: Training Center Database v2 and
/// ActivityExtension v2 (www8.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd,
/// ActivityExtensionv2.xsd). Matched by local name only, whatever the prefix or namespace
/// (`ns3:TPX`, `ax:LX`, or the TCX namespace itself, as COROS writes a bare `<Speed>`).
enum TCXElementName: UInt8 {
    case unknown
    // document structure
    case trainingCenterDatabase, activities, activity, multiSportSession, firstSport, nextSport, transition
    case lap, track, trackpoint, position, courses, course, coursePoint, extensions, author, creator
    // values
    case id, notes, name, time, version, versionMajor, versionMinor
    case totalTimeSeconds, distanceMeters, calories, averageHeartRateBpm, maximumHeartRateBpm, value
    case cadence, triggerMethod, latitudeDegrees, longitudeDegrees, altitudeMeters, heartRateBpm, pointType
    // ActivityExtension v2
    case tpx, lx, speed, runCadence, watts, avgRunCadence, avgWatts

    private static let maximumLength = 24

    private static let table: [[(name: [UInt8], value: TCXElementName)]] = {
        let all: [(String, TCXElementName)] = [
            ("TrainingCenterDatabase", .trainingCenterDatabase), ("Activities", .activities), ("Activity", .activity),
            ("MultiSportSession", .multiSportSession), ("FirstSport", .firstSport), ("NextSport", .nextSport),
            ("Transition", .transition), ("Lap", .lap), ("Track", .track), ("Trackpoint", .trackpoint),
            ("Position", .position), ("Courses", .courses), ("Course", .course), ("CoursePoint", .coursePoint),
            ("Extensions", .extensions), ("Author", .author), ("Creator", .creator), ("Id", .id), ("Notes", .notes),
            ("Name", .name), ("Time", .time), ("Version", .version), ("VersionMajor", .versionMajor),
            ("VersionMinor", .versionMinor), ("TotalTimeSeconds", .totalTimeSeconds), ("DistanceMeters", .distanceMeters),
            ("Calories", .calories), ("AverageHeartRateBpm", .averageHeartRateBpm),
            ("MaximumHeartRateBpm", .maximumHeartRateBpm), ("Value", .value), ("Cadence", .cadence),
            ("TriggerMethod", .triggerMethod), ("LatitudeDegrees", .latitudeDegrees),
            ("LongitudeDegrees", .longitudeDegrees), ("AltitudeMeters", .altitudeMeters), ("HeartRateBpm", .heartRateBpm),
            ("PointType", .pointType), ("TPX", .tpx), ("LX", .lx), ("Speed", .speed), ("RunCadence", .runCadence),
            ("Watts", .watts), ("AvgRunCadence", .avgRunCadence), ("AvgWatts", .avgWatts),
        ]
        var byLength = [[(name: [UInt8], value: TCXElementName)]](repeating: [], count: maximumLength)
        for (name, value) in all { byLength[name.utf8.count].append((Array(name.utf8), value)) }
        return byLength
    }()

    /// The name for a NUL-terminated local name from libxml2 (case-sensitive, as XML is).
    static func classify(_ localName: UnsafePointer<UInt8>) -> TCXElementName {
        var length = 0
        while localName[length] != 0 {
            length += 1
            if length >= maximumLength { return .unknown }
        }
        guard length > 0 else { return .unknown }
        for candidate in table[length] where candidate.name[0] == localName[0] {
            var equal = true
            for k in 1..<length where candidate.name[k] != localName[k] { equal = false; break }
            if equal { return candidate.value }
        }
        return .unknown
    }
}

/// Remembers the classification of element names by pointer: libxml2's SAX2 parser hands every
/// element name out of its per-parse dictionary, so within one parse a name is always the same
/// pointer (the same reasoning as the GPX reader's `ElementNameCache`). A collision only costs a
/// fresh classification.
struct TCXElementNameCache {
    private var pointers = [UnsafePointer<UInt8>?](repeating: nil, count: 64)
    private var names = [TCXElementName](repeating: .unknown, count: 64)

    @inline(__always)
    mutating func classify(_ localName: UnsafePointer<UInt8>) -> TCXElementName {
        let slot = Int(truncatingIfNeeded: UInt(bitPattern: localName) >> 3) & 63
        if pointers[slot] == localName { return names[slot] }
        let name = TCXElementName.classify(localName)
        pointers[slot] = localName
        names[slot] = name
        return name
    }
}
