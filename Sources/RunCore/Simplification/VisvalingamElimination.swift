/// The state of a Visvalingam–Whyatt elimination: the remaining points as a doubly linked list
/// over the input (one node per point, holding what the area of its triangle needs) and the heap
/// of effective areas.
struct VisvalingamElimination {
    private struct Node {
        var latitude: Double
        /// Unwrapped along the track.
        var longitude: Double
        /// Metres per degree east and north at the point's latitude.
        var eastScale: Double
        var northScale: Double
        var previous: Int
        var next: Int
    }

    private var nodes: [Node]
    private var heap: AreaHeap

    init(_ coordinates: [Coordinate]) {
        let count = coordinates.count
        let longitudes = TrackSimplifier.unwrappedLongitudes(coordinates)
        nodes = coordinates.indices.map { index in
            let latitude = coordinates[index].latitude
            let scale = MetersPerDegree(latitude: latitude)
            return Node(latitude: latitude, longitude: longitudes[index], eastScale: scale.east,
                        northScale: scale.north, previous: index - 1, next: index + 1)
        }
        var areas = [Double](repeating: .infinity, count: count)
        nodes.withUnsafeBufferPointer { nodes in
            for index in 1..<(count - 1) { areas[index] = Self.triangleArea(at: index, in: nodes) }
        }
        heap = AreaHeap(innerPointAreas: areas)
    }

    /// The points not eliminated, in order: the linked list from the first point.
    var keptIndices: [Int] {
        var kept: [Int] = []
        var index = 0
        while index < nodes.count {
            kept.append(index)
            index = nodes[index].next
        }
        return kept
    }

    /// Eliminates points in order of effective area while it is below `minimumArea`.
    mutating func eliminate(below minimumArea: Double) {
        let last = nodes.count - 1
        while let (index, area) = heap.popFirst(), area < minimumArea {
            let (before, after) = nodes.withUnsafeMutableBufferPointer { nodes in
                let before = nodes[index].previous, after = nodes[index].next
                nodes[before].next = after
                nodes[after].previous = before
                return (before, after)
            }
            nodes.withUnsafeBufferPointer { nodes in
                if before > 0 { heap.update(before, area: max(Self.triangleArea(at: before, in: nodes), area)) }
                if after < last { heap.update(after, area: max(Self.triangleArea(at: after, in: nodes), area)) }
            }
        }
    }

    /// The area in m² of the triangle of the point at `index` and its current neighbours.
    @inline(__always)
    private static func triangleArea(at index: Int, in nodes: UnsafeBufferPointer<Node>) -> Double {
        let node = nodes[index]
        let before = nodes[node.previous], after = nodes[node.next]
        let x1 = (before.longitude - node.longitude) * node.eastScale
        let y1 = (before.latitude - node.latitude) * node.northScale
        let x2 = (after.longitude - node.longitude) * node.eastScale
        let y2 = (after.latitude - node.latitude) * node.northScale
        return abs(x1 * y2 - y1 * x2) / 2
    }
}
