public import RunCore
import Foundation

/// Reads GPX 1.0 and 1.1 with libxml2's SAX2 push parser, streaming: the file goes through in
/// chunks and track points reach a ``GPXContentHandler`` one by one.
///
/// Lenient where the meaning is clear (GPX 1.0 elements in 1.1 files and the reverse, files without
/// the GPX namespace, zone-less times, longitudes beyond ±180, vendor heart-rate and power elements),
/// strict where it is not: XML that is not well-formed, a root other than `<gpx>`, a missing,
/// non-numeric or non-finite `lat`/`lon`, or a latitude outside [-90, 90] refuse the whole file
/// with a ``GPXError`` naming the line and column — unless ``Options/skipsInvalidPoints`` is set,
/// in which case invalid points are left out and listed in the diagnostics. Documents declaring
/// entities are refused; no DTD is loaded and nothing is fetched from the network.
public struct GPXReader: Sendable {
    public struct Options: Sendable {
        /// Leave out points with an invalid position instead of refusing the file (reported).
        public var skipsInvalidPoints: Bool

        public init(skipsInvalidPoints: Bool = false) {
            self.skipsInvalidPoints = skipsInvalidPoints
        }
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// Reads a whole GPX file into an ``Activity``.
    /// - Parameter path: the file's path; `fileName` in errors is the path as given.
    /// - Throws: ``GPXError`` (`.io` when the file cannot be opened or read).
    public func read(fileAt path: String) throws -> GPXReadResult {
        let builder = ActivityBuilder()
        let diagnostics = try read(fileAt: path, into: builder)
        return GPXReadResult(activity: builder.activity, diagnostics: diagnostics)
    }

    /// Reads GPX from bytes in memory into an ``Activity``.
    /// - Throws: ``GPXError``.
    public func read(_ bytes: some Collection<UInt8>, fileName: String) throws -> GPXReadResult {
        let builder = ActivityBuilder()
        let session = GPXReadSession(fileName: fileName, options: options, handler: builder)
        let array = Array(bytes)
        try array.withUnsafeBytes { try session.feed($0) }
        let diagnostics = try session.finish()
        return GPXReadResult(activity: builder.activity, diagnostics: diagnostics)
    }

    /// Streams a GPX file into `handler`.
    /// - Returns: the diagnostics of the read.
    /// - Throws: ``GPXError``.
    /// - Complexity: O(n) in the file's size; memory independent of it beyond what `handler` keeps.
    public func read(fileAt path: String, into handler: any GPXContentHandler) throws -> [Diagnostic] {
        let session = GPXReadSession(fileName: path, options: options, handler: handler)
        try ChunkedFile.forEachChunk(ofFileAt: path) { try session.feed($0) }
        return try session.finish()
    }
}

/// One read of one document, fed in pieces (for callers that also hash or store the bytes as
/// they stream through).
public final class GPXReadSession {
    private let state: GPXParseState
    private var parser: LibXMLPushParser?
    private let fileName: String
    private var head: [UInt8] = []

    /// - Parameters:
    ///   - fileName: the name errors give for the file (a path, or `-` for standard input).
    public init(fileName: String, options: GPXReader.Options = GPXReader.Options(), handler: any GPXContentHandler) {
        self.fileName = fileName
        state = GPXParseState(options: options, fileName: fileName, handler: handler)
    }

    /// Parses the next piece of the file.
    /// - Throws: ``GPXError`` as soon as the document is known to be unusable.
    public func feed(_ bytes: UnsafeRawBufferPointer) throws {
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
    /// - Throws: ``GPXError`` when the document was incomplete, not well-formed or not GPX.
    public func finish() throws -> [Diagnostic] {
        if parser == nil { try startParsing(isComplete: true) }
        let complete = parser!.finish()
        if let error = state.error { throw error }
        if !complete {
            throw GPXError(code: .notWellFormed, message: "not well-formed XML: the document ends too early (truncated file?)",
                           file: fileName, line: parser!.line)
        }
        if !state.hasReadRoot {
            throw GPXError(code: .notGPX, message: "no <gpx> element found", file: fileName)
        }
        return state.diagnostics.diagnostics
    }

    private static let headSize = 4096

    private func startParsing(isComplete: Bool) throws {
        let format = head.withUnsafeBytes { FileFormat.sniff($0) }
        switch format {
        case .empty where isComplete:
            throw GPXError(code: .emptyFile, message: "the file is empty", file: fileName)
        case .fit:
            throw GPXError(code: .unsupportedFormat, message: "this is a FIT file; FIT is not supported yet (GPX only for now)",
                           file: fileName)
        case .binary:
            throw GPXError(code: .binaryData, message: "binary data, not a GPX file", file: fileName)
        case .text:
            throw GPXError(code: .notGPX, message: "not XML (a GPX file starts with '<'); is this a GPX file?",
                           file: fileName, line: 1, column: 1)
        case .xml, .empty:
            break
        }
        let parser = LibXMLPushParser(delegate: state, fileName: fileName)
        state.parser = parser
        self.parser = parser
        if !head.isEmpty { head.withUnsafeBytes { _ = parser.feed($0) } }
        head = []
        if let error = state.error { throw error }
    }
}
