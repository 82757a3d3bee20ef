public import RunStore

/// What the run list's sections are built from. The formatter and the calendar carry the units and
/// the language (build both with the same language).
public struct RunListContext: Sendable {
    /// Runs, newest first.
    public var runs: [RunRecord]
    public var formatter: DisplayFormatter
    public var calendar: CalendarText

    public init(runs: [RunRecord], formatter: DisplayFormatter = DisplayFormatter(), calendar: CalendarText = CalendarText()) {
        self.runs = runs
        self.formatter = formatter
        self.calendar = calendar
    }
}

/// The runs screen (`runlog list`, and the web UI's runs page): one section per month, newest
/// first, each with its totals; runs without a date last.
public enum RunListScreen {
    public static let registry: SectionRegistry<RunListContext> = {
        var registry = SectionRegistry<RunListContext>()
        registry.register("month", MonthSection.sections(for:))
        registry.register("undated", UndatedRunsSection.sections(for:))
        return registry
    }()

    public static func sections(for context: RunListContext) -> [any ListSection] {
        registry.sections(for: context)
    }
}
