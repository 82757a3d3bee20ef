package import RunCore

/// One read of one document, fed in pieces (for callers that also hash or store the bytes as
/// they stream through).
package final class GPXReadSession {
    private let state: GPXParseState
    private var parser: LibXMLPushParser?
    private let fileName: String
    private var head: [UInt8] = []

    /// - Parameters:
    ///   - fileName: the name errors give for the file (a path, or `-` for standard input).
    package init(fileName: String, options: GPXReader.Options = GPXReader.Options(), handler: any GPXContentHandler) {
        self.fileName = fileName
        state = GPXParseState(options: options, fileName: fileName, handler: handler)
    }

    /// Parses the next piece of the file.
    /// - Throws: ``ReadError`` as soon as the document is known to be unusable.
    package func feed(_ bytes: UnsafeRawBufferPointer) throws {
        if let parser {
            parser.feed(bytes)
        } else {
            // Keep the first bytes until there are enough to recognise the format.
            let take = min(Self.headSize - head.count, bytes.count)
            head.append(contentsOf: bytes.prefix(take))
            guard head.count == Self.headSize else { return }
            try startParsing(isComplete: false)
            if take < bytes.count { parser!.feed(UnsafeRawBufferPointer(rebasing: bytes[take...])) }
        }
        if let error = state.error { throw error }
    }

    /// Ends the document.
    /// - Returns: the diagnostics of the read.
    /// - Throws: ``ReadError`` when the document was incomplete, not well-formed or not GPX.
    package func finish() throws -> [Diagnostic] {
        if parser == nil { try startParsing(isComplete: true) }
        let endLine = parser!.line
        try XMLDocumentEnd.check(state, isComplete: parser!.finish(), endLine: endLine, format: "GPX", fileName: fileName,
                                 missingRoot: ReadError(code: .notGPX, message: "no <gpx> element found", file: fileName))
        return state.diagnostics.diagnostics
    }

    private static let headSize = 4096

    private func startParsing(isComplete: Bool) throws {
        try head.withUnsafeBytes {
            try XMLDocumentStart.check($0, isComplete: isComplete, format: "GPX", notFormat: .notGPX, fitCode: .unsupportedFormat,
                                       fileName: fileName)
        }
        let parser = LibXMLPushParser(delegate: state, fileName: fileName)
        state.parser = parser
        self.parser = parser
        if !head.isEmpty { head.withUnsafeBytes { _ = parser.feed($0) } }
        head = []
        if let error = state.error { throw error }
    }
}
