import Foundation

/// A form body of type `multipart/form-data` (RFC 7578): parts separated by `--boundary` lines,
/// each with its own headers. ``init(body:contentType:)`` parses a body in memory into parts with
/// their bytes copied (bounded by the server's body limit); ``scan(_:contentType:_:)`` walks the
/// parts of any bytes — a spooled upload mapped from its file — handing over where each part's
/// body lies, copying nothing.
package struct MultipartForm: Sendable {
    package struct Part: Sendable {
        /// The form field's name.
        package var name: String
        /// The file's name as the browser sent it (for file fields), without any folder.
        package var fileName: String?
        package var contentType: String?
        package var body: [UInt8]

        /// The body as text (UTF-8).
        package var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// A part's headers and where its body lies in the whole body.
    package struct PartLocation: Sendable, Equatable {
        package var name: String
        /// The file's name as the browser sent it (for file fields), without any folder.
        package var fileName: String?
        package var contentType: String?
        /// The part's body: byte offsets in the whole body.
        package var range: Range<Int>

        /// Whether it is a file field with a name (an empty file field sends `filename=""`).
        package var isFile: Bool { !(fileName ?? "").isEmpty }
    }

    package let parts: [Part]

    /// Parses a body with the boundary of its `Content-Type`.
    /// - Throws: ``FormError`` when the boundary is missing or the body is not multipart with it.
    package init(body: [UInt8], contentType: String) throws {
        var parts: [Part] = []
        try body.withUnsafeBytes { raw in
            try Self.scan(raw, contentType: contentType) { part in
                parts.append(Part(name: part.name, fileName: part.fileName, contentType: part.contentType,
                                  body: Array(raw[part.range])))
                return true
            }
        }
        self.parts = parts
    }

    /// Walks the parts of `body` in order, without copying them.
    /// - Parameter visit: gets each part's headers and the range of its body; returning false stops the walk.
    /// - Throws: ``FormError`` when the boundary is missing or the body is not multipart with it
    ///   (the parts before the fault have been visited), or what `visit` throws.
    /// - Complexity: O(n) in the body's size; memory one part's headers.
    package static func scan(_ body: UnsafeRawBufferPointer, contentType: String,
                            _ visit: (PartLocation) throws -> Bool) throws {
        guard let boundary = HeaderParameters(contentType).parameters["boundary"], !boundary.isEmpty, boundary.utf8.count <= 200 else {
            throw FormError("the upload has no multipart boundary")
        }
        let delimiter = Array("--\(boundary)".utf8)
        let closing = [13, 10] + delimiter
        guard var position = find(delimiter, in: body, from: 0) else { throw FormError("the upload is not multipart/form-data") }
        position += delimiter.count
        while true {
            // After a delimiter: "--" ends the body; else CRLF and a part.
            if body.count >= position + 2, body[position] == UInt8(ascii: "-"), body[position + 1] == UInt8(ascii: "-") { return }
            guard let lineEnd = find([13, 10], in: body, from: position) else { throw FormError("the upload ends inside a part") }
            let headersStart = lineEnd + 2
            guard let headersEnd = find([13, 10, 13, 10], in: body, from: headersStart) else {
                throw FormError("a part of the upload has no end of headers")
            }
            let bodyStart = headersEnd + 4
            guard let next = find(closing, in: body, from: bodyStart) else {
                throw FormError("a part of the upload has no closing boundary")
            }
            var part = PartLocation(name: "", range: bodyStart..<next)
            let headerText = String(decoding: UnsafeRawBufferPointer(rebasing: body[headersStart..<headersEnd]), as: UTF8.self)
            for line in headerText.split(separator: "\r\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let field = line[..<colon].lowercased(), value = String(line[line.index(after: colon)...]).trimmingSpaces
                if field == "content-disposition" {
                    let parameters = HeaderParameters(value).parameters
                    part.name = parameters["name"] ?? ""
                    part.fileName = parameters["filename"].map { String($0.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? "") }
                } else if field == "content-type" {
                    part.contentType = value
                }
            }
            guard try visit(part) else { return }
            position = next + 2 + delimiter.count
        }
    }

    /// The text of the first part with a name.
    package subscript(name: String) -> String? { parts.first { $0.name == name }?.text }

    /// The text of the first field named `name` in a body, read without copying the others; nil
    /// when there is none or the body is not multipart.
    package static func field(_ name: String, in body: UnsafeRawBufferPointer, contentType: String) -> String? {
        var found: String?
        try? scan(body, contentType: contentType) { part in
            guard part.name == name, part.fileName == nil else { return true }
            found = String(decoding: UnsafeRawBufferPointer(rebasing: body[part.range]), as: UTF8.self)
            return false
        }
        return found
    }

    /// The first occurrence of `needle` at or after `start`: Knuth–Morris–Pratt, with `memchr` to
    /// the next occurrence of the needle's first byte whenever nothing of it matches.
    /// - Complexity: O(n + m) for a haystack of n bytes and a needle of m, whatever they hold.
    ///   (It compared the needle at each occurrence of its first byte, O(n · m): the client chooses
    ///   the boundary, and a body of `-` with a boundary of 199 `-` and an `x` cost 200 compared
    ///   bytes per byte, 1.5–1.9 s for 64 MB.)
    static func find(_ needle: [UInt8], in haystack: UnsafeRawBufferPointer, from start: Int) -> Int? {
        search(needle, in: haystack, from: start).found
    }

    /// ``find(_:in:from:)`` with the number of steps of its scanning loop (each step compares one
    /// byte or skips with `memchr`), which Knuth–Morris–Pratt bounds by 2n for a haystack of n bytes:
    /// the tests check the bound instead of timing the search.
    static func search(_ needle: [UInt8], in haystack: UnsafeRawBufferPointer, from start: Int) -> (found: Int?, steps: Int) {
        guard let first = needle.first, let base = haystack.baseAddress, haystack.count >= needle.count,
              start >= 0, start <= haystack.count - needle.count else { return (nil, 0) }
        // failure[q]: the length of the longest proper prefix of needle[...q] that is also its suffix.
        var failure = [Int](repeating: 0, count: needle.count)
        var k = 0
        for q in needle.indices.dropFirst() {
            while k > 0 && needle[q] != needle[k] { k = failure[k - 1] }
            if needle[q] == needle[k] { k += 1 }
            failure[q] = k
        }
        let count = haystack.count, bytes = base.assumingMemoryBound(to: UInt8.self)
        return needle.withUnsafeBufferPointer { needle in
            failure.withUnsafeBufferPointer { failure in
                var i = start, matched = 0, steps = 0
                while i < count {
                    steps += 1
                    if matched == 0 {
                        guard let hit = memchr(base + i, Int32(first), count - i) else { return (nil, steps) }
                        i = base.distance(to: UnsafeRawPointer(hit))
                    }
                    if bytes[i] == needle[matched] {
                        matched += 1
                        i += 1
                        if matched == needle.count { return (i - matched, steps) }
                    } else if matched > 0 {
                        matched = failure[matched - 1]
                    } else {
                        i += 1
                    }
                }
                return (nil, steps)
            }
        }
    }
}

/// A form body that cannot be read.
package struct FormError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
    package init(_ message: String) { self.message = message }
}
