import CLibXML2

/// Owner of one libxml2 SAX2 push-parser context: bytes go in with ``feed(_:)``, events come out
/// through a ``SAXDelegate``. The only type in runlog that touches `xmlParserCtxtPtr`.
///
/// Safety settings (never changed): no DTD loading, no entity substitution (`XML_PARSE_NOENT` is
/// not set), no network (`XML_PARSE_NONET`); entity declarations are reported to the delegate,
/// which refuses the document. Where libxml2 2.9's work grows with the square of a count, the
/// count is bounded (``XMLLimit``): the different names in its dictionary, checked at each start
/// tag, and the attributes of one tag, counted in the bytes before libxml2 sees them (it parses
/// a whole tag before any callback). Not thread-safe: one parse per instance, on one thread.
final class LibXMLPushParser {
    private let context: xmlParserCtxtPtr
    private var handler: xmlSAXHandler
    private let box: Unmanaged<DelegateBox>
    private var isStarted = false
    private var attributeSigns = AttributeSignCounter()

    /// Creates a parser. `fileName` appears in libxml2's own messages only.
    init(delegate: any SAXDelegate, fileName: String) {
        Self.initializeLibrary
        runlog_xml_silence_generic_errors()
        handler = xmlSAXHandler()
        handler.initialized = UInt32(truncatingIfNeeded: XML_SAX2_MAGIC)
        handler.startElementNs = saxStartElement
        handler.endElementNs = saxEndElement
        handler.characters = saxCharacters
        handler.cdataBlock = saxCharacters
        handler.entityDecl = saxEntityDecl
        handler.attributeDecl = saxAttributeDecl
        handler.elementDecl = saxElementDecl
        handler.serror = saxStructuredError
        box = Unmanaged.passRetained(DelegateBox(delegate))
        context = xmlCreatePushParserCtxt(&handler, box.toOpaque(), nil, 0, fileName)
        let options = Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_NOCDATA.rawValue)
        xmlCtxtUseOptions(context, options)
        box.takeUnretainedValue().dictionary = context.pointee.dict
    }

    deinit {
        if let doc = context.pointee.myDoc { xmlFreeDoc(doc) }
        xmlFreeParserCtxt(context)
        box.release()
    }

    private static let initializeLibrary: Void = { xmlInitParser() }()

    /// Largest piece handed to libxml2 at once. `xmlParseChunk` takes the length as a C `int` (a
    /// buffer over 2 GiB would not fit) and, without `XML_PARSE_HUGE`, refuses to hold more than
    /// 10,000,000 bytes of unparsed input ("Huge input lookup"); pieces of 256 KiB — what
    /// ``ChunkedFile`` reads — keep every caller on the path an import takes, whatever it holds.
    static let maximumPieceBytes = 256 * 1024

    /// Parses the next piece of the document, in pieces of at most ``maximumPieceBytes``.
    /// Returns false once parsing has stopped (an error, or the delegate called ``stop()``).
    @discardableResult
    func feed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !bytes.isEmpty else { return isRunning }
        isStarted = true
        var start = 0
        while start < bytes.count {
            let end = min(start + Self.maximumPieceBytes, bytes.count)
            if attributeSigns.add(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), limit: ReadLimits.maximumAttributes) {
                box.takeUnretainedValue().delegate.limitPassed(.attributes)  // it stops the parser
                return false
            }
            let status = withErrorsRouted {
                UnsafeRawBufferPointer(rebasing: bytes[start..<end]).withMemoryRebound(to: CChar.self) { chars in
                    xmlParseChunk(context, chars.baseAddress, Int32(chars.count), 0)
                }
            }
            guard status == 0 && isRunning else { return false }
            start = end
        }
        return true
    }

    /// Signals the end of the document; returns true when it was complete and well-formed.
    @discardableResult
    func finish() -> Bool {
        let status = withErrorsRouted { xmlParseChunk(context, nil, 0, 1) }
        return status == 0 && context.pointee.wellFormed != 0 && isRunning
    }

    /// Runs `body` with libxml2's per-thread structured error handler pointing at the delegate:
    /// some errors (an input encoding conversion that fails) are raised without the parser context
    /// and would otherwise be lost.
    private func withErrorsRouted<T>(_ body: () -> T) -> T {
        xmlSetStructuredErrorFunc(box.toOpaque(), saxStructuredError)
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        return body()
    }

    /// Stops the parse from inside a delegate callback.
    func stop() { xmlStopParser(context) }

    /// Whether the parser will still deliver events.
    var isRunning: Bool { context.pointee.disableSAX == 0 }

    /// Current 1-based line of the parser in the input.
    var line: Int { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer(context))) }
    /// Current 1-based column of the parser in the input.
    var column: Int { Int(xmlSAX2GetColumnNumber(UnsafeMutableRawPointer(context))) }
}

/// Holds the delegate for the C callbacks; retained by the parser (the delegate must not own the
/// parser, or they would keep each other alive).
private final class DelegateBox {
    let delegate: any SAXDelegate
    /// The parser's dictionary of names (owned by the parser context).
    var dictionary: xmlDictPtr?
    init(_ delegate: any SAXDelegate) { self.delegate = delegate }
}

/// Counts the `=` signs since the last `>` in the bytes fed, to refuse a tag with more attributes
/// than ``ReadLimits/maximumAttributes`` before libxml2 parses it. A count, not a parse: text or a
/// comment with that many `=` between two `>` is refused too (no real file comes near).
struct AttributeSignCounter {
    /// `=` signs after the last `>` fed so far.
    private(set) var signsSinceTagEnd = 0

    /// Takes the next bytes of the document.
    /// - Returns: true when some stretch without `>` now holds more than `limit` `=` signs.
    /// - Complexity: O(n); a second pass only over a piece that holds more than `limit` signs in all.
    mutating func add(_ bytes: UnsafeRawBufferPointer, limit: Int) -> Bool {
        let equals = UInt8(ascii: "="), greater = UInt8(ascii: ">")
        var total = 0
        for byte in bytes { total &+= byte == equals ? 1 : 0 }  // vectorised: no branch
        if signsSinceTagEnd + total <= limit {
            // No stretch can pass the limit; carry the signs after the last '>'.
            var index = bytes.count
            while index > 0, bytes[index - 1] != greater { index -= 1 }
            if index == 0 {
                signsSinceTagEnd += total
            } else {
                signsSinceTagEnd = 0
                for byte in bytes[index...] where byte == equals { signsSinceTagEnd += 1 }
            }
            return false
        }
        var run = signsSinceTagEnd
        for byte in bytes {
            if byte == greater {
                run = 0
            } else if byte == equals {
                run += 1
                if run > limit { return true }
            }
        }
        signsSinceTagEnd = run
        return false
    }
}

/// Calls `body` with the delegate behind a callback's context, without reference counting
/// (the parser keeps the box alive for the whole parse).
@inline(__always)
private func withDelegate(_ ctx: UnsafeMutableRawPointer?, _ body: (any SAXDelegate) -> Void) {
    Unmanaged<DelegateBox>.fromOpaque(ctx!)._withUnsafeGuaranteedRef { body($0.delegate) }
}

private func saxStartElement(
    _ ctx: UnsafeMutableRawPointer?, _ localname: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ nbNamespaces: Int32, _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    _ nbAttributes: Int32, _ nbDefaulted: Int32, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    // Attributes defaulted from a DTD come last; runlog refuses DTD declarations and never uses them.
    let box = Unmanaged<DelegateBox>.fromOpaque(ctx!)
    let isPastNameLimit = box._withUnsafeGuaranteedRef { box in
        box.dictionary.map { xmlDictSize($0) > ReadLimits.maximumNames } ?? false
    }
    if isPastNameLimit {
        withDelegate(ctx) { $0.limitPassed(.names) }
        return
    }
    withDelegate(ctx) {
        $0.startElement(localName: localname!, prefix: prefix, uri: uri,
                        namespaces: SAXNamespaces(base: namespaces, count: Int(nbNamespaces)),
                        attributes: SAXAttributes(base: attributes, count: Int(nbAttributes - nbDefaulted)))
    }
}

private func saxEndElement(
    _ ctx: UnsafeMutableRawPointer?, _ localname: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
) {
    withDelegate(ctx) { $0.endElement(localName: localname!, prefix: prefix, uri: uri) }
}

private func saxCharacters(_ ctx: UnsafeMutableRawPointer?, _ ch: UnsafePointer<xmlChar>?, _ len: Int32) {
    guard let ch, len > 0 else { return }
    withDelegate(ctx) { $0.characters(UnsafeBufferPointer(start: ch, count: Int(len))) }
}

private func saxEntityDecl(
    _ ctx: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ type: Int32,
    _ publicId: UnsafePointer<xmlChar>?, _ systemId: UnsafePointer<xmlChar>?, _ content: UnsafeMutablePointer<xmlChar>?
) {
    withDelegate(ctx) { $0.declarationFound(kind: "entity", name: name.map { String(cString: $0) } ?? "") }
}

private func saxAttributeDecl(
    _ ctx: UnsafeMutableRawPointer?, _ elem: UnsafePointer<xmlChar>?, _ fullname: UnsafePointer<xmlChar>?, _ type: Int32,
    _ def: Int32, _ defaultValue: UnsafePointer<xmlChar>?, _ tree: xmlEnumerationPtr?
) {
    if let tree { xmlFreeEnumeration(tree) }  // the callback owns the enumeration (libxml2 SAX2 contract)
    withDelegate(ctx) { $0.declarationFound(kind: "attribute list", name: fullname.map { String(cString: $0) } ?? "") }
}

private func saxElementDecl(
    _ ctx: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ type: Int32, _ content: xmlElementContentPtr?
) {
    withDelegate(ctx) { $0.declarationFound(kind: "element", name: name.map { String(cString: $0) } ?? "") }
}

private func saxStructuredError(_ ctx: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let ctx, let error else { return }
    let e = error.pointee
    var message = e.message.map { String(cString: $0) } ?? "XML error \(e.code)"
    while message.last == "\n" || message.last == " " { message.removeLast() }
    if message.contains("Huge input lookup") || message.contains("huge") && message.contains("limit") {
        message = "a single text, comment or tag is larger than libxml2's 10 MB safety limit (\(message))"
    }
    let isFatal = e.level == XML_ERR_FATAL || (e.level == XML_ERR_ERROR && e.domain == Int32(XML_FROM_NAMESPACE.rawValue))
        || (e.level == XML_ERR_ERROR && e.domain == Int32(XML_FROM_PARSER.rawValue))
    withDelegate(ctx) {
        $0.parserReported(XMLProblem(message: message, line: Int(e.line), column: Int(e.int2), isFatal: isFatal,
                                     isError: e.level != XML_ERR_WARNING))
    }
}
