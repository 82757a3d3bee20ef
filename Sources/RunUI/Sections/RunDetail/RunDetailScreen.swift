package import RunCore

/// What a run's detail sections are built from. The formatter carries the units and the language.
package struct RunDetailContext: Sendable {
    package var analysis: RunAnalysis
    package var formatter: DisplayFormatter
    package var calendar: CalendarText

    package init(analysis: RunAnalysis, formatter: DisplayFormatter = DisplayFormatter(), calendar: CalendarText = CalendarText()) {
        self.analysis = analysis
        self.formatter = formatter
        self.calendar = calendar
    }
}

/// A run's detail screen below its headline numbers (`runlog show`, the web UI's run page):
/// splits in the display unit, best efforts, heart-rate zones, and what the GPS clean-up left out.
package enum RunDetailScreen {
    package static let registry: SectionRegistry<RunDetailContext> = {
        var registry = SectionRegistry<RunDetailContext>()
        registry.register("splits", SplitsSection.sections(for:))
        registry.register("bestEfforts", BestEffortsSection.sections(for:))
        registry.register("heartRateZones", HeartRateZonesSection.sections(for:))
        registry.register("deviceTotals", DeviceTotalsSection.sections(for:))
        registry.register("cleanup", CleanupSection.sections(for:))
        return registry
    }()

    package static func sections(for context: RunDetailContext) -> [any ListSection] {
        registry.sections(for: context)
    }
}
