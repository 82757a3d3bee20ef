import RunCore

/// Serialises one element subtree, as it streams past, into a self-contained ``XMLFragment``.
///
/// Each element keeps the namespace declarations it had in the source; every namespace the
/// subtree uses but does not declare itself (because the source declared it on an ancestor) is
/// declared on the fragment's root, so the fragment means the same wherever it is written. An
/// unqualified element in a document without a default namespace gets `xmlns=""` for the same
/// reason. Text and attribute values are escaped.
struct FragmentRecorder {
    private var bytes: [UInt8] = []
    private var depth = 0
    /// Prefixes declared inside the fragment, one set per open element.
    private var declaredScopes: [[String?: String]] = []
    /// Namespaces used but declared outside the fragment: prefix (nil = default) → URI.
    private var inherited: [String?: String] = [:]
    private var rootNameEnd = 0
    private var rootURI: String?
    private var rootLocalName = ""

    /// True while a subtree is being recorded.
    var isRecording: Bool { depth > 0 }

    /// Starts recording with `root` as the fragment's root element.
    mutating func begin() {
        bytes.removeAll(keepingCapacity: true)
        declaredScopes.removeAll(keepingCapacity: true)
        inherited.removeAll(keepingCapacity: true)
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
        var declared: [String?: String] = [:]
        bytes.append(UInt8(ascii: "<"))
        appendQName(localName: localName, prefix: prefix)
        if depth == 0 { rootNameEnd = bytes.count }
        for i in 0..<namespaces.count {
            let p = CString.string(namespaces.prefix(at: i))
            let u = CString.string(namespaces.uri(at: i)) ?? ""
            declared[p] = u
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
            bytes.append(UInt8(ascii: " "))
            appendQName(localName: attributes.localName(at: i), prefix: ap)
            bytes.append(contentsOf: "=\"".utf8)
            XMLEscaping.appendAttribute(attributes.text(at: i), to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: ">"))
        depth += 1
    }

    /// Ends an element; returns the finished fragment when the root element ends.
    mutating func endElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?) -> XMLFragment? {
        bytes.append(contentsOf: "</".utf8)
        appendQName(localName: localName, prefix: prefix)
        bytes.append(UInt8(ascii: ">"))
        declaredScopes.removeLast()
        depth -= 1
        guard depth == 0 else { return nil }
        var declarations: [UInt8] = []
        for (p, u) in inherited.sorted(by: { ($0.key ?? "") < ($1.key ?? "") }) {
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

    private mutating func note(prefix: String?, uri: String?, isElement: Bool) {
        // An unprefixed attribute has no namespace; only elements use the default namespace.
        guard isElement || prefix != nil else { return }
        for scope in declaredScopes.reversed() where scope[prefix] != nil { return }
        if inherited[prefix] == nil { inherited[prefix] = uri ?? "" }
    }

    private mutating func appendQName(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?) {
        if let prefix {
            bytes.append(contentsOf: UnsafeBufferPointer(start: prefix, count: CString.length(prefix)))
            bytes.append(UInt8(ascii: ":"))
        }
        bytes.append(contentsOf: UnsafeBufferPointer(start: localName, count: CString.length(localName)))
    }
}
