/// What the GPS clean-up left out of the numbers, by kind: how many and where (the first few).
package struct CleanupReport: Sendable, Hashable, Codable {
    package enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case standingTimestamps, reversedOrder, duplicatePoints, timeBackwards, timeFarOff, spikes, jumps, fastStretches
        case elevationOutOfRange

        /// What a count of this kind is, in English: the singular for 1, the plural otherwise.
        package func description(count: Int) -> String {
            let one = count == 1
            switch self {
            case .standingTimestamps: return one ? "point whose clock stood still (time not used)" : "points whose clock stood still (times not used)"
            case .duplicatePoints: return one ? "duplicate point left out" : "duplicate points left out"
            case .reversedOrder: return one ? "segment stored newest first, read in time order" : "segments stored newest first, read in time order"
            case .timeBackwards:
                return one ? "time out of order repaired from the times around it (the position counts)"
                    : "times out of order repaired from the times around them (the positions count)"
            case .timeFarOff:
                return one ? "time over a day from the rest repaired from the times around it (the position counts)"
                    : "times over a day from the rest repaired from the times around them (the positions count)"
            case .spikes: return one ? "GPS spike (implausibly fast out and back) left out" : "GPS spikes (implausibly fast out and back) left out"
            case .jumps: return one ? "implausible jump not counted as distance" : "implausible jumps not counted as distance"
            case .fastStretches:
                return one ? "stretch faster than plausible for the sport (travelled by other means?): its distance counts; best efforts, maximum speed and best pace leave it out"
                    : "stretches faster than plausible for the sport (travelled by other means?): their distance counts; best efforts, maximum speed and best pace leave them out"
            case .elevationOutOfRange:
                return one ? "elevation outside −500…9,000 m left out (a sensor's −9999, or feet?)"
                    : "elevations outside −500…9,000 m left out (a sensor's −9999, or feet?)"
            }
        }
    }

    package struct Entry: Sendable, Hashable, Codable {
        package var kind: Kind
        package var count: Int
        /// Up to ``CleanupReport/examplesKept`` places, e.g. "track 1, segment 1, point 6 (2024-06-05T16:15:55Z)".
        package var places: [String]

        package init(kind: Kind, count: Int, places: [String]) {
            self.kind = kind
            self.count = count
            self.places = places
        }
    }

    package private(set) var entries: [Entry] = []
    package static let examplesKept = 5

    package init() {}

    /// A report of these entries (a stored one read back).
    package init(entries: [Entry]) { self.entries = entries }

    package var isEmpty: Bool { entries.isEmpty }

    /// How many points or intervals of a kind.
    package func count(_ kind: Kind) -> Int { entries.first { $0.kind == kind }?.count ?? 0 }

    mutating func note(_ kind: Kind, count: Int = 1, at place: String, time: Double) {
        let where_ = time.isNaN ? place : "\(place) (\(UTCDateTime.format(seconds: time)))"
        if let index = entries.firstIndex(where: { $0.kind == kind }) {
            entries[index].count += count
            if entries[index].places.count < Self.examplesKept { entries[index].places.append(where_) }
        } else {
            entries.append(Entry(kind: kind, count: count, places: [where_]))
        }
    }

    mutating func merge(_ other: CleanupReport) {
        for entry in other.entries {
            if let index = entries.firstIndex(where: { $0.kind == entry.kind }) {
                entries[index].count += entry.count
                entries[index].places = Array((entries[index].places + entry.places).prefix(Self.examplesKept))
            } else {
                entries.append(entry)
            }
        }
    }

    /// The report as diagnostics for people and JSON.
    package var diagnostics: [Diagnostic] {
        entries.map { entry in
            var message = "\(entry.count) \(entry.kind.description(count: entry.count)): \(entry.places.joined(separator: "; "))"
            if entry.count > entry.places.count { message += "; …" }
            return Diagnostic(code: "cleanup.\(entry.kind.rawValue)", message: message)
        }
    }
}
