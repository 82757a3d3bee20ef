/// One HTTP request as a handler sees it: method, decoded path, query, headers, cookies and the
/// whole body (bounded by ``HTTPHandler/bodyLimit(for:)``), in memory or spooled to a file.
///
/// Header names are lowercased (RFC 9110 §5.1: field names are case-insensitive); the path and
/// the query values are percent-decoded by libmicrohttpd. The request never refers to the file
/// system: nothing in it is a path on disk.
package struct HTTPRequest: Sendable {
    /// `GET`, `POST`, `PUT`, `PATCH`, `DELETE`, `HEAD`, …, as sent.
    package var method: String
    /// The decoded path, e.g. `/runs/12`.
    package var path: String
    /// The query's arguments (the first value of a repeated name).
    package var query: [String: String]
    /// Header fields by lowercased name (repeated fields joined with `, `).
    package var headers: [String: String]
    package var cookies: [String: String]
    /// The body, when kept in memory (empty when it was spooled).
    package var body: [UInt8]
    /// The body written to a temporary file as it arrived, when the handler asked for that
    /// (``HTTPHandler/spoolDirectory(for:)``); nil when it is in ``body``.
    package var spooledBody: SpooledBody?
    /// The address the request came from (``ClientAddress/unknown`` when not known, as in a
    /// request made by a test): what the limits per client count by.
    package var clientAddress: ClientAddress

    package init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                cookies: [String: String] = [:], body: [UInt8] = [], clientAddress: ClientAddress = .unknown) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.cookies = cookies
        self.body = body
        self.clientAddress = clientAddress
    }

    /// A header's value by name, in any case.
    package func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The media type of the body, lowercased, without parameters (`multipart/form-data`).
    package var mediaType: String? {
        header("content-type").map { String($0.split(separator: ";", maxSplits: 1).first ?? "").trimmingSpaces.lowercased() }
    }

    /// `GET` and `HEAD` are answered alike (libmicrohttpd leaves out a HEAD response's body).
    package var isRead: Bool { method == "GET" || method == "HEAD" }
}

extension StringProtocol {
    /// Without spaces and tabs at either end (HTTP's optional white space, RFC 9110 §5.6.3).
    package var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
