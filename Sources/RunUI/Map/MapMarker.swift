package import RunCore

/// A point of interest on a run's map, by category: each category is drawn with its own marker.
package struct MapMarker: Sendable, Equatable {
    package enum Kind: String, Sendable, CaseIterable {
        case start, finish, distance, pause, waypoint
    }

    package var kind: Kind
    package var coordinate: Coordinate
    /// Its text: the distance's number (`3` for the 3rd km), a waypoint's name.
    package var label: String
    /// A waypoint's GPX `<sym>` as written in the file.
    package var symbol: String?

    /// The marker's category: the kind, and for waypoints the kind of symbol (`waypoint-water`);
    /// one class name in drawings and legends.
    package var category: String {
        kind == .waypoint ? "waypoint-" + WaypointSymbol(gpxSymbol: symbol).rawValue : kind.rawValue
    }
}

/// Groups of GPX waypoint symbols (`<sym>`, free text; Garmin's names are the common ones), each
/// drawn with its own glyph.
package enum WaypointSymbol: String, Sendable, CaseIterable {
    case water, summit, parking, danger, flag, food, toilet, camp, info, pin

    /// The group of a `<sym>` text, by words in it (case-insensitive); `pin` for others and none.
    package init(gpxSymbol: String?) {
        let text = (gpxSymbol ?? "").lowercased()
        let groups: [(WaypointSymbol, [String])] = [
            (.water, ["water", "drink", "fountain"]), (.summit, ["summit", "peak", "mountain"]), (.parking, ["parking", "car"]),
            (.danger, ["danger", "hazard", "caution", "warning"]), (.flag, ["flag", "checkpoint", "finish", "start"]),
            (.food, ["food", "restaurant", "cafe", "café", "shop"]), (.toilet, ["restroom", "toilet", "wc"]),
            (.camp, ["camp", "lodging", "hut", "shelter"]), (.info, ["info", "information", "note"]),
        ]
        self = groups.first { _, words in words.contains { text.contains($0) } }?.0 ?? .pin
    }

    /// One character drawn inside the marker (ASCII, so no font is needed beyond the system's).
    package var glyph: String {
        switch self {
        case .water: return "W"
        case .summit: return "^"
        case .parking: return "P"
        case .danger: return "!"
        case .flag: return "F"
        case .food: return "R"
        case .toilet: return "T"
        case .camp: return "C"
        case .info: return "i"
        case .pin: return "•"
        }
    }
}

extension RunTrack {
    /// The map's markers: start and finish, each km or mile (by the units), pauses, and the
    /// waypoints with their symbols.
    package func markers(units: UnitSystem) -> [MapMarker] {
        guard !isEmpty else {
            return waypoints.map { MapMarker(kind: .waypoint, coordinate: $0.coordinate, label: $0.details?.name ?? "", symbol: $0.details?.symbol) }
        }
        var markers = [MapMarker(kind: .start, coordinate: coordinate(at: 0), label: "")]
        for mark in distanceMarks(every: units.metersPerDistanceUnit) {
            markers.append(MapMarker(kind: .distance, coordinate: coordinate(at: mark.index), label: "\(mark.number)"))
        }
        for index in pauseIndices { markers.append(MapMarker(kind: .pause, coordinate: coordinate(at: index), label: "")) }
        markers.append(MapMarker(kind: .finish, coordinate: coordinate(at: count - 1), label: ""))
        for waypoint in waypoints {
            markers.append(MapMarker(kind: .waypoint, coordinate: waypoint.coordinate, label: waypoint.details?.name ?? "",
                                     symbol: waypoint.details?.symbol))
        }
        return markers
    }
}

extension TrackSketch {
    /// The markers ``RunCore/RunTrack/markers(units:)`` gives for the track the sketch was made
    /// of, in the same order; nil when the sketch holds no distance markers for the units.
    package func markers(units: UnitSystem) -> [MapMarker]? {
        let places = waypoints.map { MapMarker(kind: .waypoint, coordinate: $0.coordinate, label: $0.name, symbol: $0.symbol) }
        guard let start, let finish else { return places }
        guard let marks = distanceMarks(everyMeters: units.metersPerDistanceUnit) else { return nil }
        return [MapMarker(kind: .start, coordinate: start, label: "")]
            + marks.map { MapMarker(kind: .distance, coordinate: $0.coordinate, label: "\($0.number)") }
            + pauses.map { MapMarker(kind: .pause, coordinate: $0, label: "") }
            + [MapMarker(kind: .finish, coordinate: finish, label: "")] + places
    }
}
