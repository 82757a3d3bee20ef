import RunCore

/// Serialises one element subtree, as it streams past, into a self-contained ``XMLFragment``.
///
/// Each element keeps the namespace declarations it had in the source; every namespace the
/// subtree uses but does not declare itself (because the source declared it on an ancestor) is
/// declared on the fragment's root, so the fragment means the same wherever it is written. "Uses"
/// covers element and attribute names, and prefixes in attribute values written as QNames
/// (`xsi:type="xsd:int"`). An unqualified element in a document without a default namespace gets
/// `xmlns=""` for the same reason. Text and attribute values are escaped.
struct FragmentRecorder {
    private var bytes: [UInt8] = []
    private var depth = 0
    /// Declarations made inside the fragment, per open element, and how many are in force per prefix.
    private var declaredScopes: [[String?]] = []
    private var declaredCounts: [String?: Int] = [:]
    /// Namespaces used but declared outside the fragment: prefix (nil = default) → URI.
    private var inherited: [String?: String] = [:]
    /// Prefixes seen at the start of attribute values (possible QNames), not declared inside.
    private var valuePrefixes: Set<String> = []
    private var rootNameEnd = 0
    private var rootURI: String?
    private var rootLocalName = ""

    /// True while a subtree is being recorded.
    var isRecording: Bool { depth > 0 }
    /// Elements open in the fragment (its root is 1).
    var openElements: Int { depth }
    /// Bytes recorded so far (escaped, without the declarations added at the end).
    var byteCount: Int { bytes.count }
    /// The fragment's root element as written (`prefix:name`).
    var rootName: String { String(decoding: bytes[1..<max(1, rootNameEnd)], as: UTF8.self) }

    /// Starts recording a new fragment.
    mutating func begin() {
        bytes.removeAll(keepingCapacity: true)
        declaredScopes.removeAll(keepingCapacity: true)
        declaredCounts.removeAll(keepingCapacity: true)
        inherited.removeAll(keepingCapacity: true)
        valuePrefixes.removeAll(keepingCapacity: true)
        depth = 0
    }

    mutating func startElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, uri: UnsafePointer<UInt8>?,
                               namespaces: SAXNamespaces, attributes: SAXAttributes) {
        let prefixString = CString.string(prefix)
        let uriString = CString.string(uri)
        if depth == 0 {
            rootURI = uriString
            rootLocalName = String(cString: localName)
        }
        var declared: [String?] = []
        bytes.append(UInt8(ascii: "<"))
        appendQName(localName: localName, prefix: prefix)
        if depth == 0 { rootNameEnd = bytes.count }
        for i in 0..<namespaces.count {
            let p = CString.string(namespaces.prefix(at: i))
            let u = CString.string(namespaces.uri(at: i)) ?? ""
            declared.append(p)
            declaredCounts[p, default: 0] += 1
            bytes.append(contentsOf: " xmlns".utf8)
            if let p { bytes.append(UInt8(ascii: ":")); bytes.append(contentsOf: p.utf8) }
            bytes.append(contentsOf: "=\"".utf8)
            XMLEscaping.appendAttribute(u, to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        declaredScopes.append(declared)
        note(prefix: prefixString, uri: uriString, isElement: true)
        for i in 0..<attributes.count {
            let ap = attributes.prefix(at: i)
            if ap != nil { note(prefix: CString.string(ap), uri: CString.string(attributes.uri(at: i)), isElement: false) }
            let value = attributes.text(at: i)
            if let qnamePrefix = Self.qnamePrefix(value), (declaredCounts[qnamePrefix] ?? 0) == 0 {
                valuePrefixes.insert(qnamePrefix)
            }
            bytes.append(UInt8(ascii: " "))
            appendQName(localName: attributes.localName(at: i), prefix: ap)
            bytes.append(contentsOf: "=\"".utf8)
            XMLEscaping.appendAttribute(value, to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: ">"))
        depth += 1
    }

    /// Ends an element; returns the finished fragment when the root element ends.
    /// - Parameter resolve: the URI a prefix is bound to outside the fragment (for QNames in values).
    mutating func endElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?,
                             resolve: (String) -> String?) -> XMLFragment? {
        bytes.append(contentsOf: "</".utf8)
        appendQName(localName: localName, prefix: prefix)
        bytes.append(UInt8(ascii: ">"))
        for p in declaredScopes.removeLast() { declaredCounts[p]! -= 1 }
        depth -= 1
        guard depth == 0 else { return nil }
        for p in valuePrefixes where inherited[p] == nil {
            if let uri = resolve(p) { inherited[p] = uri }
        }
        var declarations: [UInt8] = []
        for (p, u) in inherited.sorted(by: { ($0.key ?? "") < ($1.key ?? "") }) where p != "xml" {
            declarations.append(contentsOf: " xmlns".utf8)
            if let p { declarations.append(UInt8(ascii: ":")); declarations.append(contentsOf: p.utf8) }
            declarations.append(contentsOf: "=\"".utf8)
            XMLEscaping.appendAttribute(u, to: &declarations)
            declarations.append(UInt8(ascii: "\""))
        }
        bytes.insert(contentsOf: declarations, at: rootNameEnd)
        return XMLFragment(namespaceURI: rootURI, localName: rootLocalName, xml: String(decoding: bytes, as: UTF8.self))
    }

    mutating func characters(_ text: UnsafeBufferPointer<UInt8>) {
        XMLEscaping.appendText(text, to: &bytes)
    }

    /// Records a namespace the fragment uses; O(1).
    private mutating func note(prefix: String?, uri: String?, isElement: Bool) {
        // An unprefixed attribute has no namespace; only elements use the default namespace.
        guard isElement || prefix != nil else { return }
        if (declaredCounts[prefix] ?? 0) > 0 { return }
        if inherited[prefix] == nil { inherited[prefix] = uri ?? "" }
    }

    /// The prefix of a value that has the form of a QName (`xsd:int`), if any; URIs (`http://…`) are not.
    static func qnamePrefix(_ value: String) -> String? {
        guard let colon = value.firstIndex(of: ":"), colon != value.startIndex else { return nil }
        let prefix = value[..<colon]
        let rest = value[value.index(after: colon)...]
        guard !rest.hasPrefix("/"), let first = prefix.first, first.isLetter || first == "_",
              prefix.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }),
              let local = rest.first, local.isLetter || local == "_"
        else { return nil }
        return String(prefix)
    }

    private mutating func appendQName(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?) {
        if let prefix {
            bytes.append(contentsOf: UnsafeBufferPointer(start: prefix, count: CString.length(prefix)))
            bytes.append(UInt8(ascii: ":"))
        }
        bytes.append(contentsOf: UnsafeBufferPointer(start: localName, count: CString.length(localName)))
    }
}
