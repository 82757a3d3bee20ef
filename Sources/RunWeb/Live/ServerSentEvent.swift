import Foundation

/// One message of a `text/event-stream` (HTML Living Standard, "Server-sent events", §9.2):
/// an optional `id` (the browser sends the last one back as `Last-Event-ID` when it reconnects),
/// an optional event type, and data lines; or a comment line, which browsers ignore (a
/// keep-alive), or the reconnection delay.
struct ServerSentEvent: Sendable, Equatable {
    var id: String?
    var event: String?
    var data: String?
    var comment: String?
    var retryMilliseconds: Int?

    /// An event with data (one `data:` line per line of it).
    static func message(_ data: String, event: String? = nil, id: String? = nil) -> ServerSentEvent {
        ServerSentEvent(id: id, event: event, data: data)
    }

    /// A comment line: `: text`.
    static func comment(_ text: String) -> ServerSentEvent {
        ServerSentEvent(comment: text)
    }

    /// The reconnection delay a browser waits after the stream ends.
    static func retry(milliseconds: Int) -> ServerSentEvent {
        ServerSentEvent(retryMilliseconds: milliseconds)
    }

    /// The message as sent, ending in the blank line that dispatches it. Field values never hold
    /// a line break (it would end the field): ids and types lose theirs, data is split into lines.
    var text: String {
        var lines: [String] = []
        if let comment { lines += Self.lines(comment).map { ": " + $0 } }
        if let retryMilliseconds { lines.append("retry: \(retryMilliseconds)") }
        if let id { lines.append("id: " + Self.singleLine(id)) }
        if let event { lines.append("event: " + Self.singleLine(event)) }
        if let data { lines += Self.lines(data).map { "data: " + $0 } }
        return lines.map { $0 + "\n" }.joined() + "\n"
    }

    /// Lines split at CR LF, LF or CR (each ends a line in an event stream).
    private static func lines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "\r", omittingEmptySubsequences: false) }.map(String.init)
    }

    private static func singleLine(_ text: String) -> String {
        String(text.filter { $0 != "\n" && $0 != "\r" && $0 != "\r\n" })
    }
}
