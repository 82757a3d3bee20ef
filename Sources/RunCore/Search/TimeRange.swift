/// A span of start times: from ``fromSeconds`` (included) up to ``beforeSeconds`` (excluded),
/// either end open. Seconds since 1970 UTC; stored as ISO 8601 UTC text
/// (`{"from": "2026-05-01T00:00:00Z", "before": "2026-06-01T00:00:00Z"}`).
package struct TimeRange: Sendable, Hashable {
    package var fromSeconds: Double?
    package var beforeSeconds: Double?

    package init(fromSeconds: Double? = nil, beforeSeconds: Double? = nil) {
        self.fromSeconds = fromSeconds
        self.beforeSeconds = beforeSeconds
    }

    /// Whether `seconds` lies in the span.
    package func contains(_ seconds: Double) -> Bool {
        if let fromSeconds, seconds < fromSeconds { return false }
        if let beforeSeconds, seconds >= beforeSeconds { return false }
        return true
    }
}

extension TimeRange: Codable {
    private enum CodingKeys: String, CodingKey { case from, before }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func instant(_ key: CodingKeys) throws -> Double? {
            guard let text = try c.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let parsed = DateTimeText.parse(text), !parsed.isZoneAssumed else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c,
                                                       debugDescription: "'\(text)' is not an ISO 8601 time with a zone")
            }
            return parsed.seconds
        }
        self.init(fromSeconds: try instant(.from), beforeSeconds: try instant(.before))
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(fromSeconds.map { UTCDateTime.format(seconds: $0) }, forKey: .from)
        try c.encodeIfPresent(beforeSeconds.map { UTCDateTime.format(seconds: $0) }, forKey: .before)
    }
}
