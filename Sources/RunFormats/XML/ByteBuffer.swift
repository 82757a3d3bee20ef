/// A growable byte buffer for text collected between SAX events: appends are a `memcpy`, clearing
/// keeps the storage. Owns its memory; one owner, one thread.
final class ByteBuffer {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    deinit { storage.deallocate() }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let needed = count + bytes.count
        if needed > capacity { grow(to: needed) }
        (storage + count).update(from: bytes.baseAddress!, count: bytes.count)
        count = needed
    }

    @inline(__always)
    func removeAll() { count = 0 }

    /// The bytes, valid until the next change.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: count) }

    private func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.update(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }
}
