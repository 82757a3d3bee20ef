/// What a SAX reader's state tells about a document once the parser has finished: the error it
/// stopped on, the first problem libxml2 reported, and whether the expected root was read.
protocol XMLReadState: AnyObject {
    var error: ReadError? { get }
    var firstError: XMLProblem? { get }
    var hasReadRoot: Bool { get }
}

/// The end of an XML document, the same for every format read with ``LibXMLPushParser``: the
/// reader's error (said as a truncation when it sits at the very end), an incomplete document, or
/// a document without the format's root element.
enum XMLDocumentEnd {
    /// - Parameters:
    ///   - isComplete: what the parser's `finish()` said.
    ///   - endLine: the last line the parser reached.
    ///   - format: the format's name in messages (`GPX`, `TCX`).
    ///   - missingRoot: the error when the root element was never read.
    /// - Throws: ``ReadError``.
    static func check(_ state: any XMLReadState, isComplete: Bool, endLine: Int, format: String, fileName: String,
                      missingRoot: @autoclosure () -> ReadError) throws {
        if var error = state.error {
            // An XML error at the very end of the input means the document stops before it is complete.
            if error.code == .notWellFormed, let line = error.line, line >= endLine - 1 {
                error.message = "the file ends before the \(format) document is complete (truncated? download or export it again); "
                    + error.message
            }
            throw error
        }
        if !isComplete {
            if let problem = state.firstError {
                throw ReadError(code: .notWellFormed, message: "not well-formed XML: \(problem.message)", file: fileName,
                                line: problem.line > 0 ? problem.line : nil, column: problem.column > 0 ? problem.column : nil)
            }
            throw ReadError(code: .notWellFormed, message: "not well-formed XML: the document ends too early (truncated file?)",
                            file: fileName, line: endLine)
        }
        if !state.hasReadRoot { throw missingRoot() }
    }
}

/// The start of a document, the same for every format read with ``LibXMLPushParser``: what its
/// first bytes (``FileFormat``) say it cannot be.
enum XMLDocumentStart {
    /// - Parameters:
    ///   - format: the format's name in messages (`GPX`, `TCX`).
    ///   - notFormat: the code for text that is not XML; `fitCode` for a FIT file.
    ///   - textLine, textColumn: where text that is not XML starts.
    /// - Throws: ``ReadError`` unless the head can be XML (or an empty file not yet complete).
    static func check(_ head: UnsafeRawBufferPointer, isComplete: Bool, format: String, notFormat: ReadError.Code,
                      fitCode: ReadError.Code, fileName: String, textLine: Int = 1, textColumn: Int = 1) throws {
        switch FileFormat.sniff(head) {
        case .empty where isComplete:
            throw ReadError(code: .emptyFile, message: "the file is empty", file: fileName)
        case .fit:
            throw ReadError(code: fitCode, message: "this is a FIT file, not \(format)", file: fileName)
        case .binary:
            throw ReadError(code: .binaryData, message: "binary data, not a \(format) file", file: fileName)
        case .utf32:
            throw ReadError(code: .notWellFormed, message: "the file is in UTF-32, which XML readers do not support; save it as UTF-8",
                            file: fileName)
        case .text:
            throw ReadError(code: notFormat, message: "not XML (a \(format) file starts with '<'); is this a \(format) file?",
                            file: fileName, line: textLine, column: textColumn)
        case .xml, .empty:
            break
        }
    }
}

/// Why a document declaring entities or attribute defaults is refused, the same for every format.
enum DTDRefusal {
    /// - Parameters:
    ///   - kind: `entity`, `attribute list`, `element` … as the SAX delegate reports it.
    static func message(kind: String, name: String) -> String {
        let why = kind == "entity" ? "they can read local files or expand without bound"
            : "DTD defaults would change the data without it being in the file"
        return "the document declares the \(kind == "attribute list" ? "attribute" : kind) '\(name)' in a DTD; documents with DTD declarations are refused "
            + "(\(why)). Remove the <!DOCTYPE …> block."
    }
}
