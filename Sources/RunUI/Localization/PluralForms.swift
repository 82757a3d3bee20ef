/// The singular and plural of a word counted in the interface ("1 run", "2 runs"). English and
/// German both use the singular for exactly one and the plural for every other count, 0 included.
package struct PluralForms: Sendable, Hashable {
    package let one: String
    package let other: String

    package init(one: String, other: String) {
        self.one = one
        self.other = other
    }

    /// The form for a count.
    package func callAsFunction(_ count: Int) -> String { count == 1 ? one : other }
}
