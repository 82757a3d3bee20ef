/// Track points as columns: the fields the analysis reads, one array each, no per-point object.
/// `NaN` marks an absent value.
package struct PointColumns: Sendable, Equatable {
    package var latitude: [Double] = []
    package var longitude: [Double] = []
    /// Seconds since 1970 UTC.
    package var time: [Double] = []
    package var elevation: [Double] = []
    package var heartRate: [Float] = []
    package var cadence: [Float] = []

    package init() {}

    package var count: Int { latitude.count }
    package var isEmpty: Bool { latitude.isEmpty }

    package mutating func append(_ p: TrackPoint) {
        latitude.append(p.latitude)
        longitude.append(p.longitude)
        time.append(p.timeStorage)
        elevation.append(p.elevationStorage)
        heartRate.append(p.heartRateStorage)
        cadence.append(p.cadenceStorage)
    }

    /// Appends every point of `points`, each column in one pass (no point is copied whole).
    package mutating func append(contentsOf points: [TrackPoint]) {
        latitude += points.lazy.map(\.latitude)
        longitude += points.lazy.map(\.longitude)
        time += points.lazy.map(\.timeStorage)
        elevation += points.lazy.map(\.elevationStorage)
        heartRate += points.lazy.map(\.heartRateStorage)
        cadence += points.lazy.map(\.cadenceStorage)
    }

    /// Appends point `index` of `other`.
    mutating func append(from other: PointColumns, at index: Int) {
        latitude.append(other.latitude[index])
        longitude.append(other.longitude[index])
        time.append(other.time[index])
        elevation.append(other.elevation[index])
        heartRate.append(other.heartRate[index])
        cadence.append(other.cadence[index])
    }

    /// Appends all of `other`, with `times` in place of its times.
    mutating func append(contentsOf other: PointColumns, times: [Double]) {
        latitude += other.latitude
        longitude += other.longitude
        time += times
        elevation += other.elevation
        heartRate += other.heartRate
        cadence += other.cadence
    }

    /// The points in the opposite order.
    mutating func reverse() {
        latitude.reverse(); longitude.reverse(); time.reverse()
        elevation.reverse(); heartRate.reverse(); cadence.reverse()
    }

    package mutating func removeAll() {
        latitude.removeAll(keepingCapacity: true)
        longitude.removeAll(keepingCapacity: true)
        time.removeAll(keepingCapacity: true)
        elevation.removeAll(keepingCapacity: true)
        heartRate.removeAll(keepingCapacity: true)
        cadence.removeAll(keepingCapacity: true)
    }

    mutating func reserveCapacity(_ n: Int) {
        latitude.reserveCapacity(n); longitude.reserveCapacity(n); time.reserveCapacity(n)
        elevation.reserveCapacity(n); heartRate.reserveCapacity(n); cadence.reserveCapacity(n)
    }
}
