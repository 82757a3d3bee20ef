/// One field of a definition runlog reads: where it is in the data message and which slot its value goes to.
struct FITFieldRead: Sendable {
    /// Offset from the first content byte of the data message (after the record header).
    var offset: Int
    var size: Int
    var baseType: FITBaseType
    var decoding: FITFieldDecoding
    var slot: Int
}

/// One developer field of a definition: where its bytes are and which description they belong to.
struct FITDeveloperRead: Sendable {
    var offset: Int
    var size: Int
    /// `developer_data_index` and `field_definition_number` of the field (FIT Protocol, "Developer Data").
    var developerIndex: UInt8
    var fieldNumber: UInt8
    /// Index of its description in ``FITActivityAssembler/developerDescriptions``, -1 when none was seen.
    var descriptionIndex: Int
}

/// A definition message compiled once into what decoding its data messages needs (FIT Protocol,
/// "Definition Message"): byte order, content size, and the fields to read with their offsets.
/// Fields runlog does not use are skipped by size alone. Plain values only, so the decoding loop
/// copies no reference and takes no lock.
struct FITMessagePlan: Sendable {
    var globalNumber: UInt16
    var kind: FITMessageKind
    /// Architecture byte 1: multi-byte values are big-endian.
    var isBigEndian: Bool
    /// Bytes after the record header: every field's size plus every developer field's size.
    var contentSize: Int
    /// The plan's reads in the plan table, `readsStart ..< readsStart + readsCount`.
    var readsStart: Int
    var readsCount: Int
    var developerStart: Int
    var developerCount: Int
    /// What each data message of this definition adds to the activity in memory (``FITMemoryBudget``).
    var keptBytes: Int
}

/// The 16 local message types of one FIT file and their compiled plans. Storage is fixed when the
/// table is made (each local type owns a region of the read arrays), so redefining a local type a
/// million times allocates nothing.
struct FITPlanTable {
    static let localTypes = 16
    /// At most this many used fields per definition (every used field once, with room for repeats).
    static let readsPerType = 32
    /// A definition holds at most 255 developer fields (one count byte).
    static let developerReadsPerType = 255

    var plans: [FITMessagePlan?] = Array(repeating: nil, count: localTypes)
    var reads: [FITFieldRead]
    var developerReads: [FITDeveloperRead]

    init() {
        reads = Array(repeating: FITFieldRead(offset: 0, size: 0, baseType: .byte, decoding: .number, slot: 0),
                      count: Self.localTypes * Self.readsPerType)
        developerReads = Array(repeating: FITDeveloperRead(offset: 0, size: 0, developerIndex: 0, fieldNumber: 0, descriptionIndex: -1),
                               count: Self.localTypes * Self.developerReadsPerType)
    }

    /// Forgets every definition (a new FIT file of a chain starts).
    mutating func reset() {
        for index in plans.indices { plans[index] = nil }
    }
}

/// What compiling a definition noticed, for the diagnostics.
struct FITDefinitionNotes {
    /// Used fields whose size is not a multiple of their base type's size (read as bytes, so not used).
    var misalignedFields = 0
    /// Fields with a base type number the protocol does not define (skipped by size).
    var unknownBaseTypes = 0
}

extension FITPlanTable {
    /// Compiles the definition message whose record header is at `position`.
    /// - Returns: the offset just past the definition.
    /// - Throws: ``FITDecodeFailure`` `.truncated` when the definition runs past `end`.
    mutating func define(_ bytes: UnsafeRawBufferPointer, at position: Int, end: Int, notes: inout FITDefinitionNotes,
                         describe: (UInt8, UInt8) -> Int) throws(FITDecodeFailure) -> Int {
        let header = bytes[position]
        let local = Int(header & 0x0F)
        guard end - position >= 6 else { throw FITDecodeFailure(kind: .truncated, offset: position) }
        let isBigEndian = bytes[position + 2] != 0
        let low = UInt16(bytes[position + 3]), high = UInt16(bytes[position + 4])
        let global = isBigEndian ? low << 8 | high : high << 8 | low
        let fieldCount = Int(bytes[position + 5])
        var cursor = position + 6
        guard end - cursor >= fieldCount * 3 else { throw FITDecodeFailure(kind: .truncated, offset: position) }
        let kind = FITMessageKind(globalNumber: global)
        let readsStart = local * Self.readsPerType
        var readsCount = 0
        var contentSize = 0
        var makesDetails = false
        for _ in 0..<fieldCount {
            let number = bytes[cursor], size = Int(bytes[cursor + 1]), typeByte = bytes[cursor + 2]
            cursor += 3
            defer { contentSize += size }
            guard size > 0, let (slot, decoding) = FITProfile.slot(field: number, of: kind) else { continue }
            guard let baseType = FITBaseType(definitionByte: typeByte) else { notes.unknownBaseTypes += 1; continue }
            switch decoding {
            case .number:
                guard size % baseType.size == 0 else { notes.misalignedFields += 1; continue }
            case .packedBytes:
                guard size <= 7 else { continue }
            case .text:
                break
            }
            guard readsCount < Self.readsPerType else { continue }
            if kind == .record, FITSlot.Record.detailSlots.contains(slot) { makesDetails = true }
            reads[readsStart + readsCount] = FITFieldRead(offset: contentSize, size: size, baseType: baseType,
                                                          decoding: decoding, slot: slot)
            readsCount += 1
        }
        let developerStart = local * Self.developerReadsPerType
        var developerCount = 0
        if header & 0x20 != 0 {
            guard end - cursor >= 1 else { throw FITDecodeFailure(kind: .truncated, offset: position) }
            let count = Int(bytes[cursor])
            cursor += 1
            guard end - cursor >= count * 3 else { throw FITDecodeFailure(kind: .truncated, offset: position) }
            for _ in 0..<count {
                let number = bytes[cursor], size = Int(bytes[cursor + 1]), index = bytes[cursor + 2]
                cursor += 3
                if size > 0 {
                    developerReads[developerStart + developerCount] = FITDeveloperRead(
                        offset: contentSize, size: size, developerIndex: index, fieldNumber: number,
                        descriptionIndex: describe(index, number))
                    developerCount += 1
                }
                contentSize += size
            }
        }
        plans[local] = FITMessagePlan(globalNumber: global, kind: kind, isBigEndian: isBigEndian, contentSize: contentSize,
                                      readsStart: readsStart, readsCount: readsCount,
                                      developerStart: developerStart, developerCount: developerCount,
                                      keptBytes: FITMemoryBudget.bytes(of: kind, makesDetails: makesDetails,
                                                                       developerFields: developerCount))
        return cursor
    }
}
