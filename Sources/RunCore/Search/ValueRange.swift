/// An inclusive range of a quantity in SI units with either end open: at least ``minimum``, at
/// most ``maximum``. Stored in a search definition as `{"minimum": 5000, "maximum": 10000}`.
package struct ValueRange: Sendable, Hashable, Codable {
    package var minimum: Double?
    package var maximum: Double?

    package init(minimum: Double? = nil, maximum: Double? = nil) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Whether `value` lies within the range (ends included).
    package func contains(_ value: Double) -> Bool {
        if let minimum, value < minimum { return false }
        if let maximum, value > maximum { return false }
        return true
    }

    /// Why the range cannot be used, or nil: ends must be finite, not negative, and in order.
    /// - Parameter quantity: the name used in the message (`distance`).
    package func problem(_ quantity: String) -> String? {
        if minimum == nil && maximum == nil { return "the \(quantity) range has neither a minimum nor a maximum" }
        for end in [minimum, maximum].compactMap({ $0 }) where !end.isFinite || end < 0 {
            return "the \(quantity) range's ends must be finite and not negative"
        }
        if let minimum, let maximum, minimum > maximum {
            return "the \(quantity) range's minimum is above its maximum"
        }
        return nil
    }
}
