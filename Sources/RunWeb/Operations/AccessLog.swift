package import Foundation
package import RunHTTP

/// One line per request on standard error, for the operator (server mode logs by default;
/// `runlog serve --access-log off` stops it):
///
///     2026-12-02T07:00:00.123Z GET /runs/3 200 5123 12.4ms user=5
///
/// the time the answer was ready (ISO 8601 UTC), the method, the path with its query's values
/// of `csrf`, `token`, `password` and anything named like a secret replaced by `…`, the status,
/// the body's bytes (`-` for a stream: written after the line), the time to the answer in
/// milliseconds, and the user's number when the request was a user's (`user=-` else). Never a
/// session id, a token, a cookie or a password: no header is written.
package enum AccessLog {
    /// The query arguments whose values are never written.
    static func isSecret(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return ["csrf", "token", "password", "secret", "key", "session"].contains { lowered.contains($0) }
    }

    /// The line for a request answered with `response` after `durationSeconds`, by `userID` (nil: nobody's).
    package static func line(_ request: HTTPRequest, _ response: HTTPResponse, durationSeconds: Double, userID: Int64?,
                             at time: Date = Date()) -> String {
        var target = printable(request.path)
        if !request.query.isEmpty {
            target += "?" + request.query.sorted { $0.key < $1.key }
                .map { printable($0.key) + "=" + (isSecret($0.key) ? "…" : printable($0.value)) }.joined(separator: "&")
        }
        let bytes = byteCount(response.body).map(String.init) ?? "-"
        let milliseconds = (durationSeconds * 10_000).rounded() / 10
        return "\(time.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))) \(printable(request.method)) \(target) "
            + "\(response.status) \(bytes) \(milliseconds)ms user=\(userID.map(String.init) ?? "-")"
    }

    /// The bytes of a body in memory; nil for a stream.
    static func byteCount(_ body: HTTPResponse.Body) -> Int? {
        switch body {
        case .bytes(let bytes): return bytes.count
        case .pieces(let pieces): return pieces.reduce(0) { $0 + $1.count }
        case .stream: return nil
        }
    }

    /// `text` with spaces, controls and non-ASCII percent-encoded, so a line is one line of plain words.
    static func printable(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "%") { out.unicodeScalars.append(Unicode.Scalar(byte)) } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    /// Writes `line` and a newline to standard error in one write.
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
