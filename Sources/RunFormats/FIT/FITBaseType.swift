/// The FIT base types (FIT Protocol, "Base Types"; profile type `fit_base_type`): the number in
/// the low 5 bits of a field definition's base type byte, its size, and its invalid value — the
/// sentinel a device writes for "no value", never read as a value.
enum FITBaseType: UInt8, Sendable {
    case `enum` = 0, sint8 = 1, uint8 = 2, sint16 = 3, uint16 = 4, sint32 = 5, uint32 = 6, string = 7
    case float32 = 8, float64 = 9, uint8z = 10, uint16z = 11, uint32z = 12, byte = 13
    case sint64 = 14, uint64 = 15, uint64z = 16

    /// The base type of a definition's base type byte (endian-ability bit ignored); nil for
    /// numbers the protocol does not define.
    init?(definitionByte: UInt8) {
        self.init(rawValue: definitionByte & 0x1F)
    }

    /// Size of one element in bytes.
    var size: Int {
        switch self {
        case .enum, .sint8, .uint8, .string, .uint8z, .byte: 1
        case .sint16, .uint16, .uint16z: 2
        case .sint32, .uint32, .float32, .uint32z: 4
        case .float64, .sint64, .uint64, .uint64z: 8
        }
    }

    /// The profile's name of the type (`uint16`, `string` …).
    var name: String {
        switch self {
        case .enum: "enum"
        case .sint8: "sint8"
        case .uint8: "uint8"
        case .sint16: "sint16"
        case .uint16: "uint16"
        case .sint32: "sint32"
        case .uint32: "uint32"
        case .string: "string"
        case .float32: "float32"
        case .float64: "float64"
        case .uint8z: "uint8z"
        case .uint16z: "uint16z"
        case .uint32z: "uint32z"
        case .byte: "byte"
        case .sint64: "sint64"
        case .uint64: "uint64"
        case .uint64z: "uint64z"
        }
    }

    /// The element at `pointer` as a number, NaN when it is the type's invalid value (or a float
    /// that is not finite). Strings are not numbers (NaN). Unaligned loads; byte order as the
    /// definition's architecture says.
    @inline(__always)
    func number(at pointer: UnsafeRawPointer, bigEndian: Bool) -> Double {
        switch self {
        case .enum, .uint8, .byte:
            let value = pointer.load(as: UInt8.self)
            return value == 0xFF ? .nan : Double(value)
        case .uint8z:
            let value = pointer.load(as: UInt8.self)
            return value == 0 ? .nan : Double(value)
        case .sint8:
            let value = pointer.load(as: Int8.self)
            return value == 0x7F ? .nan : Double(value)
        case .sint16:
            let value = Int16(bitPattern: Self.load16(pointer, bigEndian))
            return value == 0x7FFF ? .nan : Double(value)
        case .uint16:
            let value = Self.load16(pointer, bigEndian)
            return value == 0xFFFF ? .nan : Double(value)
        case .uint16z:
            let value = Self.load16(pointer, bigEndian)
            return value == 0 ? .nan : Double(value)
        case .sint32:
            let value = Int32(bitPattern: Self.load32(pointer, bigEndian))
            return value == 0x7FFF_FFFF ? .nan : Double(value)
        case .uint32:
            let value = Self.load32(pointer, bigEndian)
            return value == 0xFFFF_FFFF ? .nan : Double(value)
        case .uint32z:
            let value = Self.load32(pointer, bigEndian)
            return value == 0 ? .nan : Double(value)
        case .float32:
            let bits = Self.load32(pointer, bigEndian)
            let value = Float(bitPattern: bits)
            return bits == 0xFFFF_FFFF || !value.isFinite ? .nan : Double(value)
        case .float64:
            let bits = Self.load64(pointer, bigEndian)
            let value = Double(bitPattern: bits)
            return bits == .max || !value.isFinite ? .nan : value
        case .sint64:
            let value = Int64(bitPattern: Self.load64(pointer, bigEndian))
            return value == .max ? .nan : Double(value)
        case .uint64:
            let value = Self.load64(pointer, bigEndian)
            return value == .max ? .nan : Double(value)
        case .uint64z:
            let value = Self.load64(pointer, bigEndian)
            return value == 0 ? .nan : Double(value)
        case .string:
            return .nan
        }
    }

    @inline(__always)
    static func load16(_ pointer: UnsafeRawPointer, _ bigEndian: Bool) -> UInt16 {
        let raw = pointer.loadUnaligned(as: UInt16.self)
        return bigEndian ? UInt16(bigEndian: raw) : UInt16(littleEndian: raw)
    }

    @inline(__always)
    static func load32(_ pointer: UnsafeRawPointer, _ bigEndian: Bool) -> UInt32 {
        let raw = pointer.loadUnaligned(as: UInt32.self)
        return bigEndian ? UInt32(bigEndian: raw) : UInt32(littleEndian: raw)
    }

    @inline(__always)
    static func load64(_ pointer: UnsafeRawPointer, _ bigEndian: Bool) -> UInt64 {
        let raw = pointer.loadUnaligned(as: UInt64.self)
        return bigEndian ? UInt64(bigEndian: raw) : UInt64(littleEndian: raw)
    }
}
