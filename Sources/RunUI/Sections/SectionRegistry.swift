/// A dispatch table from section kind to the controller(s) that build it, in screen order.
/// A screen asks the registry for its sections; it never switches over section numbers.
package struct SectionRegistry<Context>: Sendable {
    package typealias Builder = @Sendable (Context) -> [any ListSection]

    private var entries: [(kind: String, build: Builder)] = []

    package init() {}

    /// Adds a kind of section; sections appear in registration order.
    package mutating func register(_ kind: String, _ build: @escaping Builder) {
        entries.append((kind, build))
    }

    /// The kinds registered, in order.
    package var kinds: [String] { entries.map(\.kind) }

    /// Builds every section for a context (kinds with nothing to show build none).
    package func sections(for context: Context) -> [any ListSection] {
        entries.flatMap { $0.build(context) }
    }
}
