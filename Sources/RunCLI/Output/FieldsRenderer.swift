import Foundation
import RunCore
import RunUI

/// `label: value` lines aligned on the colon, then the warnings.
enum FieldsRenderer {
    static func render(_ presentation: RunPresentation, formatter: DisplayFormatter, calendar: CalendarText) -> [String] {
        let fields = presentation.fields(formatter: formatter, calendar: calendar, updateCommand: { "runlog reanalyze \($0)" })
        let width = fields.map(\.label.count).max() ?? 0
        var lines = fields.map { $0.label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.value }
        for d in presentation.diagnostics { lines.append("  warning: " + d.description) }
        if let analysis = presentation.analysis {
            let sections = RunDetailScreen.sections(for: RunDetailContext(analysis: analysis, formatter: formatter, calendar: calendar))
            if !sections.isEmpty {
                lines.append("")
                lines += SectionTextRenderer.render(sections)
            }
        }
        return lines
    }
}
