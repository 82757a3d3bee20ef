/// The singular and plural of a word counted in the interface ("1 run", "2 runs"). English and
/// German both use the singular for exactly one and the plural for every other count, 0 included.
public struct PluralForms: Sendable, Hashable {
    public let one: String
    public let other: String

    public init(one: String, other: String) {
        self.one = one
        self.other = other
    }

    /// The form for a count.
    public func callAsFunction(_ count: Int) -> String { count == 1 ? one : other }
}
