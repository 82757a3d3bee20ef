import RunCore

/// One read of one TCX document (Garmin Training Center Database v2), fed in pieces: for callers
/// that also hash or store the bytes as they stream through. libxml2's SAX2 push parser reads it;
/// no tree is built, so memory grows only with what is kept (the trackpoints, laps and courses).
///
/// Safety as for GPX: no DTD is loaded, no entity is substituted, nothing is fetched from the
/// network, and a document declaring entities (or attribute defaults or elements) is refused.
/// Whitespace and byte-order marks before `<?xml` (Strava's archives) are taken off and noted.
/// Not thread-safe: one session per document, on one thread.
package final class TCXReadSession {
    private let state: TCXParseState
    private var parser: LibXMLPushParser?
    private let fileName: String
    private var head: [UInt8] = []
    private var leading = LeadingWhitespace()
    private var isFinished = false

    /// - Parameters:
    ///   - fileName: the name errors and diagnostics give for the file (a path, or `-` for standard input).
    ///   - maximumActivityBytes: the most the activity read may take in memory, estimated from its
    ///     elements as they are kept (``ActivityMemoryBudget``); a file needing more is refused with `.tooLarge`.
    package init(fileName: String, maximumActivityBytes: Int = ReadLimits.maximumActivityBytes) {
        self.fileName = fileName
        state = TCXParseState(fileName: fileName, maximumActivityBytes: maximumActivityBytes)
    }

    /// Parses the next piece of the file.
    /// - Throws: ``ReadError`` as soon as the document is known to be unusable: not XML
    ///   (`.binaryData`, `.notTCX`), not well-formed (`.notWellFormed`, with line and column),
    ///   declaring entities (`.entityDeclaration`), with a root other than
    ///   `<TrainingCenterDatabase>` (`.notTCX`), or keeping more than the activity may take (`.tooLarge`).
    package func feed(_ bytes: UnsafeRawBufferPointer) throws {
        precondition(!isFinished, "TCXReadSession.feed after finish")
        if let error = state.error { throw error }
        if let parser {
            parser.feed(bytes)
        } else {
            // Keep the first bytes until the leading whitespace is gone and there are enough to
            // recognise the format; then hand everything to the parser.
            var rest = UnsafeRawBufferPointer(rebasing: bytes[...])
            while parser == nil, !rest.isEmpty {
                let take = min(Self.headSize - head.count, rest.count)
                head.append(contentsOf: rest.prefix(take))
                rest = UnsafeRawBufferPointer(rebasing: rest[take...])
                leading.strip(&head)
                if head.count >= Self.headSize { try startParsing(isComplete: false) }
            }
            if let parser, !rest.isEmpty { parser.feed(rest) }
        }
        if let error = state.error { throw error }
    }

    /// Ends the document.
    /// - Returns: the activity (``Activity/sourceFormat`` `.tcx`: one track per `<Activity>`, one
    ///   route per `<Course>`, the courses' points as waypoints) and the diagnostics of the read.
    /// - Throws: ``ReadError``: `.emptyFile`, `.notWellFormed` (a truncated file names the line
    ///   where it stops), `.notTCX`, or what ``feed(_:)`` throws.
    package func finish() throws -> ActivityReadResult {
        precondition(!isFinished, "TCXReadSession.finish called twice")
        isFinished = true
        if parser == nil {
            leading.finish(&head)
            try startParsing(isComplete: true)
        }
        guard let parser else { throw ReadError(code: .emptyFile, message: "the file is empty", file: fileName) }
        let endLine = parser.line + state.lineOffset
        try XMLDocumentEnd.check(state, isComplete: parser.finish(), endLine: endLine, format: "TCX", fileName: fileName,
                                 missingRoot: ReadError(code: .notTCX, message: "no <TrainingCenterDatabase> element found", file: fileName))
        return state.result()
    }

    private static let headSize = 4096

    private func startParsing(isComplete: Bool) throws {
        try head.withUnsafeBytes {
            try XMLDocumentStart.check($0, isComplete: isComplete, format: "TCX", notFormat: .notTCX, fitCode: .notTCX, fileName: fileName,
                                       textLine: leading.removedLineCount + 1, textColumn: leading.removedColumnCount + 1)
        }
        state.lineOffset = leading.removedLineCount
        state.firstLineColumnOffset = leading.removedColumnCount
        if leading.removedWhitespaceCount > 0 {
            let count = leading.removedWhitespaceCount
            state.diagnostics.add("leadingWhitespace",
                                  "\(count) whitespace byte\(count == 1 ? "" : "s") before the start of the XML document "
                                    + "(as Strava's archives write TCX files) were skipped; strict XML readers refuse such files",
                                  severity: .note, line: 1, column: 1)
        }
        let parser = LibXMLPushParser(delegate: state, fileName: fileName)
        state.parser = parser
        self.parser = parser
        if !head.isEmpty { head.withUnsafeBytes { _ = parser.feed($0) } }
        head = []
        if let error = state.error { throw error }
    }
}
