/// A value's decoder: its node, and the coding path as a chain (made into an array only when asked).
final class TapeDecoder: Decoder, SingleValueDecodingContainer {
    let tape: JSONTape
    let node: Int
    let parent: TapeDecoder?
    let key: (any CodingKey)?

    init(tape: JSONTape, node: Int, parent: TapeDecoder?, key: (any CodingKey)?) {
        self.tape = tape
        self.node = node
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var decoder: TapeDecoder? = self
        while let current = decoder {
            if let key = current.key { path.append(key) }
            decoder = current.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let value = tape.nodes[node]
        guard value.kind == .object else { throw Primitive.mismatch([String: Any].self, value, codingPath) }
        return KeyedDecodingContainer(TapeKeyedContainer<Key>(decoder: self, object: node))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let value = tape.nodes[node]
        guard value.kind == .array else { throw Primitive.mismatch([Any].self, value, codingPath) }
        return TapeUnkeyedContainer(decoder: self, array: node)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { tape.nodes[node].kind == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try Primitive.bool(tape, node, Location(decoder: self, key: nil)) }
    func decode(_ type: String.Type) throws -> String { try Primitive.string(tape, node, Location(decoder: self, key: nil)) }
    func decode(_ type: Double.Type) throws -> Double { try Primitive.double(tape, node, Location(decoder: self, key: nil)) }
    func decode(_ type: Float.Type) throws -> Float { try Primitive.float(tape, node, Location(decoder: self, key: nil)) }
    func decode(_ type: Int.Type) throws -> Int { try Primitive.integer(type, tape, node, Location(decoder: self, key: nil)) }
    func decode(_ type: Int8.Type) throws -> Int8 { try Primitive.integer(type, tape, node, Location(decoder: self, key: nil)) }
    func decode(_ type: Int16.Type) throws -> Int16 { try Primitive.integer(type, tape, node, Location(decoder: self, key: nil)) }
    func decode(_ type: Int32.Type) throws -> Int32 { try Primitive.integer(type, tape, node, Location(decoder: self, key: nil)) }
    func decode(_ type: Int64.Type) throws -> Int64 { try Primitive.integer(type, tape, node, Location(decoder: self, key: nil)) }
    func decode(_ type: UInt.Type) throws -> UInt { try Primitive.integer(type, tape, node, Location(decoder: self, key: nil)) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try Primitive.integer(type, tape, node, Location(decoder: self, key: nil)) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try Primitive.integer(type, tape, node, Location(decoder: self, key: nil)) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try Primitive.integer(type, tape, node, Location(decoder: self, key: nil)) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try Primitive.integer(type, tape, node, Location(decoder: self, key: nil)) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }

    /// A child value's decoder.
    func child(_ node: Int, key: any CodingKey) -> TapeDecoder { TapeDecoder(tape: tape, node: node, parent: self, key: key) }

    /// A value of type `T` at `node`: read straight from the text when `readable` (`T` as a
    /// ``StoredJSONReadable`` type) is given, else through its `Decodable` conformance.
    func value<T: Decodable>(_ type: T.Type, at node: Int, key: any CodingKey, readable: (any StoredJSONReadable.Type)? = nil) throws -> T {
        let decoder = child(node, key: key)
        if let readable {
            guard tape.nodes[node].kind == .object else { throw Primitive.mismatch([String: Any].self, tape.nodes[node], decoder.codingPath) }
            return try readable.init(stored: StoredJSONObject(decoder: decoder)) as! T
        }
        return try T(from: decoder)
    }
}

/// An index as a coding key (an array's element in a coding path).
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TapeDecoder
    let object: Int
    private var tape: JSONTape { decoder.tape }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        var keys: [Key] = []
        let nodes = tape.nodes
        var index = object + 1
        for _ in 0..<nodes[object].start {
            if let name = try? tape.string(nodes[index]), let key = Key(stringValue: name) { keys.append(key) }
            index = nodes[index + 1].next
        }
        return keys
    }

    /// The value node of `name`; the first of equal keys, as `JSONDecoder` takes.
    private func find(_ name: String) -> Int? {
        tape.nodes.withUnsafeBufferPointer { nodes in
            var index = object + 1
            for _ in 0..<nodes[object].start {
                if tape.keyMatches(nodes[index], name) { return index + 1 }
                index = nodes[index + 1].next
            }
            return nil
        }
    }

    private func node(_ key: Key) throws -> Int {
        guard let node = find(key.stringValue) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath,
                                                                      debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return node
    }

    private func at(_ key: Key) -> Location { Location(decoder: decoder, key: key) }

    func contains(_ key: Key) -> Bool { find(key.stringValue) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { tape.nodes[try node(key)].kind == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try Primitive.bool(tape, node(key), at(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try Primitive.string(tape, node(key), at(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try Primitive.double(tape, node(key), at(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try Primitive.float(tape, node(key), at(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try Primitive.integer(type, tape, node(key), at(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try Primitive.integer(type, tape, node(key), at(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try Primitive.integer(type, tape, node(key), at(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try Primitive.integer(type, tape, node(key), at(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try Primitive.integer(type, tape, node(key), at(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try Primitive.integer(type, tape, node(key), at(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try Primitive.integer(type, tape, node(key), at(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try Primitive.integer(type, tape, node(key), at(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try Primitive.integer(type, tape, node(key), at(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try Primitive.integer(type, tape, node(key), at(key)) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder.value(type, at: node(key), key: key) }

    /// Missing or null: nil (one search of the keys, where the protocol's default makes three).
    private func present(_ key: Key) -> Int? {
        guard let node = find(key.stringValue), tape.nodes[node].kind != .null else { return nil }
        return node
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(key).map { try Primitive.bool(tape, $0, at(key)) } }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(key).map { try Primitive.string(tape, $0, at(key)) } }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(key).map { try Primitive.double(tape, $0, at(key)) } }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try present(key).map { try Primitive.float(tape, $0, at(key)) } }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(key).map { try Primitive.integer(type, tape, $0, at(key)) } }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try present(key).map { try Primitive.integer(type, tape, $0, at(key)) }
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try present(key).map { try decoder.value(type, at: $0, key: key) }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(node(key), key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(node(key), key: key).unkeyedContainer()
    }

    /// The value under the key `super` (runlog's types use no superclass decoding).
    func superDecoder() throws -> any Decoder {
        guard let node = find("super") else {
            throw DecodingError.keyNotFound(IndexKey(0), DecodingError.Context(codingPath: codingPath, debugDescription: "No value for super."))
        }
        return decoder.child(node, key: IndexKey(0))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { decoder.child(try node(key), key: key) }
}

private struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: TapeDecoder
    let array: Int
    /// The next element's node.
    private var position: Int
    private(set) var currentIndex = 0
    /// The type of the elements decoded last, and whether it is ``StoredJSONReadable``.
    private var elementType: ObjectIdentifier?
    private var readableElement: (any StoredJSONReadable.Type)?

    init(decoder: TapeDecoder, array: Int) {
        self.decoder = decoder
        self.array = array
        position = array + 1
    }

    private var tape: JSONTape { decoder.tape }
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { tape.nodes[array].start }
    var isAtEnd: Bool { currentIndex >= tape.nodes[array].start }

    /// The next element's node; moves past it.
    private mutating func next(_ type: Any.Type) throws -> (node: Int, at: Location) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(codingPath: codingPath + [IndexKey(currentIndex)],
                                                                          debugDescription: "Unkeyed container is at end."))
        }
        let node = position, index = currentIndex
        position = tape.nodes[position].next
        currentIndex += 1
        return (node, Location(decoder: decoder, key: IndexKey(index)))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, tape.nodes[position].kind == .null else {
            if isAtEnd { _ = try next(Never.self) }
            return false
        }
        position = tape.nodes[position].next
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { let (node, at) = try next(type); return try Primitive.bool(tape, node, at) }
    mutating func decode(_ type: String.Type) throws -> String { let (node, at) = try next(type); return try Primitive.string(tape, node, at) }
    mutating func decode(_ type: Double.Type) throws -> Double { let (node, at) = try next(type); return try Primitive.double(tape, node, at) }
    mutating func decode(_ type: Float.Type) throws -> Float { let (node, at) = try next(type); return try Primitive.float(tape, node, at) }
    mutating func decode(_ type: Int.Type) throws -> Int { let (node, at) = try next(type); return try Primitive.integer(type, tape, node, at) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        let (node, at) = try next(type)
        return try Primitive.integer(type, tape, node, at)
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let index = currentIndex
        let (node, _) = try next(type)
        // Whether the elements are StoredJSONReadable is asked once per array (a conformance check costs thousands of instructions).
        if elementType != ObjectIdentifier(type) {
            elementType = ObjectIdentifier(type)
            readableElement = type as? any StoredJSONReadable.Type
        }
        return try decoder.value(type, at: node, key: IndexKey(index), readable: readableElement)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let index = currentIndex
        return try decoder.child(try next(type).node, key: IndexKey(index)).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let index = currentIndex
        return try decoder.child(try next([Any].self).node, key: IndexKey(index)).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let index = currentIndex
        return decoder.child(try next(Any.self).node, key: IndexKey(index))
    }
}
