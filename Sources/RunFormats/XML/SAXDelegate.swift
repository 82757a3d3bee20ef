/// The events of a streaming XML parse, as the GPX reader consumes them. Pointers are valid only
/// during the call.
protocol SAXDelegate: AnyObject {
    /// An element starts. `uri` is the element's namespace URI (nil when unqualified).
    func startElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, uri: UnsafePointer<UInt8>?,
                      namespaces: SAXNamespaces, attributes: SAXAttributes)
    func endElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, uri: UnsafePointer<UInt8>?)
    /// Character data (text, CDATA, entity replacement text); may arrive in several pieces.
    func characters(_ bytes: UnsafeBufferPointer<UInt8>)
    /// The document's DTD declares something (`<!ENTITY …>`, `<!ATTLIST …>`, `<!ELEMENT …>`):
    /// runlog refuses such documents (entities can read files or explode; attribute defaults would
    /// change the data).
    func declarationFound(kind: String, name: String)
    /// libxml2 reported an error or warning.
    func parserReported(_ problem: XMLProblem)
    /// The document passed a bound that keeps libxml2's work in proportion to its size
    /// (``XMLLimit``); the delegate refuses it and stops the parser.
    func limitPassed(_ limit: XMLLimit)
}

/// A bound on what one document may make libxml2 do, where libxml2 2.9 takes time growing with the
/// square of a count (``ReadLimits/maximumNames``, ``ReadLimits/maximumAttributes``).
enum XMLLimit: Sendable, Equatable {
    /// More different names than ``ReadLimits/maximumNames``.
    case names
    /// A tag with more attributes than ``ReadLimits/maximumAttributes``.
    case attributes

    /// The refusal, for a reader to throw.
    func error(file: String, line: Int?, column: Int?) -> ReadError {
        switch self {
        case .names:
            let limit = ReadLimits.maximumNames
            return ReadError(code: .tooManyNames, message: "the document uses more than \(limit) different names of elements and attributes, "
                             + "more than this version reads (activity files use a few dozen)", file: file, line: line, column: column,
                             limitNames: limit)
        case .attributes:
            let limit = ReadLimits.maximumAttributes
            return ReadError(code: .tooManyAttributes, message: "a tag holds more than \(limit) attributes (counted as '=' signs between "
                             + "two '>'), more than this version reads", file: file, line: line, column: column, limitAttributes: limit)
        }
    }
}

/// An error or warning reported by libxml2.
struct XMLProblem: Sendable {
    var message: String
    var line: Int
    var column: Int
    /// True for errors that make the document unusable (not well-formed, not namespace-well-formed).
    var isFatal: Bool
    /// True for errors (as opposed to warnings), fatal or not.
    var isError = true
}

/// Namespace declarations made on one element: `xmlns:prefix="uri"` pairs (prefix nil for `xmlns=`).
struct SAXNamespaces {
    let base: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    let count: Int

    func prefix(at index: Int) -> UnsafePointer<UInt8>? { base![2 * index] }
    func uri(at index: Int) -> UnsafePointer<UInt8>? { base![2 * index + 1] }
}

/// The attributes of one element, as libxml2's SAX2 hands them over: five pointers per attribute
/// (local name, prefix, URI, value start, value end). Values are not NUL-terminated.
struct SAXAttributes {
    let base: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    let count: Int

    func localName(at index: Int) -> UnsafePointer<UInt8> { base![5 * index]! }
    func prefix(at index: Int) -> UnsafePointer<UInt8>? { base![5 * index + 1] }
    func uri(at index: Int) -> UnsafePointer<UInt8>? { base![5 * index + 2] }
    /// The raw value as libxml2 hands it over. Without entity substitution, libxml2 keeps a `&`
    /// that came from `&amp;` as the character reference `&#38;`; ``text(at:)`` decodes it.
    func value(at index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = base![5 * index + 3]!
        let end = base![5 * index + 4]!
        return UnsafeBufferPointer(start: start, count: end - start)
    }

    /// The attribute's value as the document means it (`&#38;` decoded to `&`).
    func text(at index: Int) -> String {
        SAXAttributes.decode(value(at: index))
    }

    /// Decodes libxml2's `&#38;` in an attribute value (the only reference it leaves there: the
    /// reader refuses documents that declare other entities).
    static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            if raw[i] == UInt8(ascii: "&"), i + 4 < raw.count, raw[i + 1] == UInt8(ascii: "#"), raw[i + 2] == UInt8(ascii: "3"),
               raw[i + 3] == UInt8(ascii: "8"), raw[i + 4] == UInt8(ascii: ";") {
                bytes.append(UInt8(ascii: "&"))
                i += 5
            } else {
                bytes.append(raw[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text of the unqualified attribute `name`, if present.
    func text(ofUnqualified name: StaticString) -> String? {
        value(ofUnqualified: name).map(SAXAttributes.decode)
    }

    /// The raw value of the unqualified attribute `name`, if present (numbers: no `&` possible).
    func value(ofUnqualified name: StaticString) -> UnsafeBufferPointer<UInt8>? {
        for i in 0..<count where uri(at: i) == nil && CString.equals(localName(at: i), name) {
            return value(at: i)
        }
        return nil
    }
}

/// Helpers for NUL-terminated UTF-8 strings from libxml2.
enum CString {
    @inline(__always)
    static func equals(_ s: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
        let p = literal.utf8Start
        let n = literal.utf8CodeUnitCount
        for i in 0..<n where s[i] != p[i] { return false }
        return s[n] == 0
    }

    static func string(_ s: UnsafePointer<UInt8>?) -> String? {
        guard let s else { return nil }
        return String(cString: s)
    }

    @inline(__always)
    static func length(_ s: UnsafePointer<UInt8>) -> Int {
        var n = 0
        while s[n] != 0 { n += 1 }
        return n
    }
}
