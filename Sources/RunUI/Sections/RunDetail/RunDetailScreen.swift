public import RunCore

/// What a run's detail sections are built from. The formatter carries the units and the language.
public struct RunDetailContext: Sendable {
    public var analysis: RunAnalysis
    public var formatter: DisplayFormatter
    public var calendar: CalendarText

    public init(analysis: RunAnalysis, formatter: DisplayFormatter = DisplayFormatter(), calendar: CalendarText = CalendarText()) {
        self.analysis = analysis
        self.formatter = formatter
        self.calendar = calendar
    }
}

/// A run's detail screen below its headline numbers (`runlog show`, the web UI's run page):
/// splits in the display unit, best efforts, heart-rate zones, and what the GPS clean-up left out.
public enum RunDetailScreen {
    public static let registry: SectionRegistry<RunDetailContext> = {
        var registry = SectionRegistry<RunDetailContext>()
        registry.register("splits", SplitsSection.sections(for:))
        registry.register("bestEfforts", BestEffortsSection.sections(for:))
        registry.register("heartRateZones", HeartRateZonesSection.sections(for:))
        registry.register("deviceTotals", DeviceTotalsSection.sections(for:))
        registry.register("cleanup", CleanupSection.sections(for:))
        return registry
    }()

    public static func sections(for context: RunDetailContext) -> [any ListSection] {
        registry.sections(for: context)
    }
}
