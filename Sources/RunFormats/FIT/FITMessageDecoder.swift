/// Why the data records of a FIT file could not be decoded to their end.
struct FITDecodeFailure: Error {
    enum Kind { case truncated, undefinedMessage, tooLarge }
    var kind: Kind
    /// Offset of the record header of the message that failed.
    var offset: Int
}

/// A data message as the assembler sees it: the values of its used fields in their slots (NaN
/// when absent or invalid), the raw content for text and developer fields.
struct FITDecodedMessage {
    let plan: FITMessagePlan
    let values: UnsafeMutablePointer<Double>
    let content: UnsafeRawPointer
    /// Offset of the message's record header in the file.
    let offset: Int

    @inline(__always)
    subscript(_ slot: Int) -> Double { values[slot] }

    /// The value in `slot` when it is valid.
    @inline(__always)
    func value(_ slot: Int) -> Double? {
        let value = values[slot]
        return value.isNaN ? nil : value
    }

    /// The value in `slot` as an integer, nil when invalid or not a whole number in range (a
    /// field defined with another base type than the profile's can hold anything).
    @inline(__always)
    func integer(_ slot: Int) -> Int? {
        Int(exactly: values[slot])
    }

    /// The raw bytes of a `.text` field.
    func bytes(_ slot: Int) -> UnsafeRawBufferPointer? {
        let code = values[slot]
        guard !code.isNaN else { return nil }
        let packed = Int(code)
        return UnsafeRawBufferPointer(start: content + packed >> 8, count: packed & 0xFF)
    }

    /// A string field: UTF-8 up to the first NUL or the field's end (strings need not be
    /// terminated: FIT Protocol, "string"); nil when empty or not UTF-8.
    func text(_ slot: Int) -> String? {
        guard let raw = bytes(slot) else { return nil }
        let length = raw.firstIndex(of: 0) ?? raw.count
        guard length > 0 else { return nil }
        return String(validating: UnsafeRawBufferPointer(rebasing: raw[..<length]), as: UTF8.self)
    }
}

/// Walks the data records of one FIT file (FIT Protocol, "Data Records"): definition messages
/// are compiled into ``FITMessagePlan``s, data messages decoded by their plan into slots and
/// handed to the assembler. Normal and compressed-timestamp record headers; both byte orders.
struct FITMessageDecoder {
    var table = FITPlanTable()
    /// The last full timestamp (field 253) seen, the reference of compressed timestamps.
    var lastTimestamp: UInt32?
    var notes = FITDefinitionNotes()
    /// Compressed-timestamp messages before any full timestamp (their time is unknown).
    var compressedWithoutReference = 0
    /// What the messages decoded so far add to the activity in memory (``FITMemoryBudget``), every file of a chain.
    var keptBytes = 0
    /// Decoding stops (``FITDecodeFailure/Kind/tooLarge``) when ``keptBytes`` passes this.
    var keptBytesLimit = Int.max

    /// Forgets definitions and the timestamp reference (a new FIT file of a chain starts).
    mutating func startFile() {
        table.reset()
        lastTimestamp = nil
    }

    /// Decodes the records in `start ..< end`.
    /// - Throws: ``FITDecodeFailure`` at the first message that runs past `end` or uses an undefined
    ///   local type, or whose message would take the activity past ``keptBytesLimit``.
    /// - Complexity: O(n) in the bytes; no allocation per message.
    mutating func decode(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int,
                         into assembler: inout FITActivityAssembler) throws(FITDecodeFailure) {
        guard let base = bytes.baseAddress else { return }
        let values = UnsafeMutablePointer<Double>.allocate(capacity: FITSlot.count)
        defer { values.deallocate() }
        var position = start
        while position < end {
            let header = bytes[position]
            if header & 0xC0 == 0x40 {
                position = try table.define(bytes, at: position, end: end, notes: &notes) { index, number in
                    assembler.developerDescriptionIndex(developerIndex: index, fieldNumber: number)
                }
                continue
            }
            let local: Int
            var compressedTime: UInt32?
            let isCompressed = header & 0x80 != 0
            if isCompressed {
                // Compressed timestamp header: bits 5–6 local type, bits 0–4 seconds past the last
                // full timestamp's 32 s window, rolled over when smaller (FIT Protocol, "Compressed
                // Timestamp Header").
                local = Int((header >> 5) & 0x03)
                let offset = UInt32(header & 0x1F)
                if let last = lastTimestamp {
                    var time = (last & ~0x1F) &+ offset
                    if offset < last & 0x1F { time = time &+ 0x20 }
                    compressedTime = time
                } else {
                    compressedWithoutReference += 1
                }
            } else {
                local = Int(header & 0x0F)
            }
            guard let plan = table.plans[local] else { throw FITDecodeFailure(kind: .undefinedMessage, offset: position) }
            guard end - position - 1 >= plan.contentSize else { throw FITDecodeFailure(kind: .truncated, offset: position) }
            let content = base + position + 1
            values.update(repeating: .nan, count: FITSlot.count)
            let bigEndian = plan.isBigEndian
            for index in plan.readsStart..<(plan.readsStart + plan.readsCount) {
                let read = table.reads[index]
                switch read.decoding {
                case .number:
                    values[read.slot] = read.baseType.number(at: content + read.offset, bigEndian: bigEndian)
                case .packedBytes:
                    var packed: UInt64 = 0
                    var allInvalid = true
                    for byte in 0..<read.size {
                        let value = content.load(fromByteOffset: read.offset + byte, as: UInt8.self)
                        if value != 0xFF { allInvalid = false }
                        packed |= UInt64(value) << (8 * UInt64(byte))
                    }
                    values[read.slot] = allInvalid ? .nan : Double(packed)
                case .text:
                    values[read.slot] = Double(read.offset << 8 | read.size)
                }
            }
            if isCompressed, values[FITSlot.timestamp].isNaN, let compressedTime {
                values[FITSlot.timestamp] = Double(compressedTime)
            }
            if let time = UInt32(exactly: values[FITSlot.timestamp]) {
                lastTimestamp = time
            } else {
                values[FITSlot.timestamp] = .nan
            }
            keptBytes &+= plan.keptBytes
            if keptBytes > keptBytesLimit { throw FITDecodeFailure(kind: .tooLarge, offset: position) }
            let message = FITDecodedMessage(plan: plan, values: values, content: content, offset: position)
            if plan.developerCount > 0 {
                table.developerReads.withUnsafeBufferPointer { all in
                    let range = plan.developerStart..<(plan.developerStart + plan.developerCount)
                    assembler.take(message, developerReads: UnsafeBufferPointer(rebasing: all[range]))
                }
            } else {
                assembler.take(message, developerReads: UnsafeBufferPointer(start: nil, count: 0))
            }
            position += 1 + plan.contentSize
        }
    }
}
