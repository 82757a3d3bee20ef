/// An indexed 4-ary min-heap of the inner points of a line keyed by effective area, for
/// Visvalingam–Whyatt: the smallest area first, the smaller index first among equal areas (so the
/// order of elimination is deterministic). A point's area can be changed in place.
struct AreaHeap {
    private struct Entry {
        var area: Double
        var index: Int

        @inline(__always)
        func precedes(_ other: Entry) -> Bool {
            area != other.area ? area < other.area : index < other.index
        }
    }

    private var entries: [Entry]
    /// For each point index, its position in `entries`, or −1.
    private var positions: [Int]

    /// Builds the heap of points `1 ..< areas.count − 1` (all but the ends) with their areas.
    /// O(*n*) (Floyd's heap construction).
    init(innerPointAreas areas: [Double]) {
        let count = areas.count
        entries = (1..<max(1, count - 1)).map { Entry(area: areas[$0], index: $0) }
        positions = [Int](repeating: -1, count: count)
        guard entries.count > 1 else {
            if let only = entries.first { positions[only.index] = 0 }
            return
        }
        for position in stride(from: (entries.count - 2) / 4, through: 0, by: -1) {
            siftDown(from: position)
        }
        for (position, entry) in entries.enumerated() { positions[entry.index] = position }
    }

    /// Removes the point with the smallest area and returns it with its area, or `nil` when
    /// empty. O(log *n*).
    mutating func popFirst() -> (index: Int, area: Double)? {
        guard let last = entries.popLast() else { return nil }
        let top = entries.first ?? last
        positions[top.index] = -1
        if !entries.isEmpty {
            entries[0] = last
            positions[last.index] = 0
            siftDown(from: 0)
        }
        return (top.index, top.area)
    }

    /// Changes the area of a point still in the heap. O(log *n*).
    mutating func update(_ index: Int, area: Double) {
        let position = positions[index]
        precondition(position >= 0, "point \(index) is not in the heap")
        let wasSmaller = area < entries[position].area
        entries[position].area = area
        if wasSmaller { siftUp(from: position) } else { siftDown(from: position) }
    }

    private mutating func siftUp(from start: Int) {
        entries.withUnsafeMutableBufferPointer { entries in
            positions.withUnsafeMutableBufferPointer { positions in
                let moving = entries[start]
                var position = start
                while position > 0 {
                    let parent = (position - 1) / 4
                    guard moving.precedes(entries[parent]) else { break }
                    entries[position] = entries[parent]
                    positions[entries[position].index] = position
                    position = parent
                }
                entries[position] = moving
                positions[moving.index] = position
            }
        }
    }

    private mutating func siftDown(from start: Int) {
        entries.withUnsafeMutableBufferPointer { entries in
            positions.withUnsafeMutableBufferPointer { positions in
                let count = entries.count
                let moving = entries[start]
                var position = start
                while true {
                    let firstChild = 4 * position + 1
                    guard firstChild < count else { break }
                    var best = firstChild
                    var child = firstChild + 1
                    let end = min(firstChild + 4, count)
                    while child < end {
                        if entries[child].precedes(entries[best]) { best = child }
                        child += 1
                    }
                    guard entries[best].precedes(moving) else { break }
                    entries[position] = entries[best]
                    positions[entries[position].index] = position
                    position = best
                }
                entries[position] = moving
                positions[moving.index] = position
            }
        }
    }
}
