/// A form body of type `multipart/form-data` (RFC 7578): parts separated by `--boundary` lines,
/// each with its own headers. Parsed from the whole body in memory (bounded by the server's
/// body limit).
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

    package let parts: [Part]

    /// Parses a body with the boundary of its `Content-Type`.
    /// - Throws: ``FormError`` when the boundary is missing or the body is not multipart with it.
    package init(body: [UInt8], contentType: String) throws {
        guard let boundary = HeaderParameters(contentType).parameters["boundary"], !boundary.isEmpty, boundary.utf8.count <= 200 else {
            throw FormError("the upload has no multipart boundary")
        }
        let delimiter = Array("--\(boundary)".utf8)
        var parts: [Part] = []
        guard var position = Self.find(delimiter, in: body, from: 0) else { throw FormError("the upload is not multipart/form-data") }
        position += delimiter.count
        while true {
            // After a delimiter: "--" ends the body; else CRLF and a part.
            if body.count >= position + 2, body[position] == UInt8(ascii: "-"), body[position + 1] == UInt8(ascii: "-") { break }
            guard let lineEnd = Self.find([13, 10], in: body, from: position) else { throw FormError("the upload ends inside a part") }
            let headersStart = lineEnd + 2
            guard let headersEnd = Self.find([13, 10, 13, 10], in: body, from: headersStart) else {
                throw FormError("a part of the upload has no end of headers")
            }
            let bodyStart = headersEnd + 4
            guard let next = Self.find([13, 10] + delimiter, in: body, from: bodyStart) else {
                throw FormError("a part of the upload has no closing boundary")
            }
            var name = "", fileName: String?, contentType: String?
            let headerText = String(decoding: body[headersStart..<headersEnd], as: UTF8.self)
            for line in headerText.split(separator: "\r\n") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let field = line[..<colon].lowercased(), value = String(line[line.index(after: colon)...]).trimmingSpaces
                if field == "content-disposition" {
                    let parameters = HeaderParameters(value).parameters
                    name = parameters["name"] ?? ""
                    fileName = parameters["filename"].map { String($0.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? "") }
                } else if field == "content-type" {
                    contentType = value
                }
            }
            parts.append(Part(name: name, fileName: fileName, contentType: contentType, body: Array(body[bodyStart..<next])))
            position = next + 2 + delimiter.count
        }
        self.parts = parts
    }

    /// The text of the first part with a name.
    package subscript(name: String) -> String? { parts.first { $0.name == name }?.text }

    /// The first occurrence of `needle` at or after `start`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        let last = haystack.count - needle.count
        guard start <= last else { return nil }
        return haystack.withUnsafeBufferPointer { h in
            needle.withUnsafeBufferPointer { n in
                var i = start
                while i <= last {
                    if h[i] == first {
                        var j = 1
                        while j < n.count && h[i + j] == n[j] { j += 1 }
                        if j == n.count { return i }
                    }
                    i += 1
                }
                return nil
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
