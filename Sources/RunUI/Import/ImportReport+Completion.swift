package import RunApp
import RunStore

extension ImportReport {
    /// What an import adds when the analysis settings changed while it ran
    /// (``RunApp/ImportCompletion``): the runs recomputed with them, in the language, and those
    /// whose original no longer reads. None when the settings stayed.
    package static func lines(for completion: ImportCompletion, formatter: DisplayFormatter) -> [Line] {
        let strings = formatter.strings
        var lines: [Line] = []
        if !completion.recomputedRunIDs.isEmpty {
            lines.append(Line(kind: .note, text: strings.importRecomputedAfterSettingsChange(
                formatter.count(completion.recomputedRunIDs.count, strings.runs))))
        }
        if !completion.reanalysis.failed.isEmpty {
            lines.append(Line(kind: .warning, text: strings.runsNotRecomputed(
                completion.reanalysis.failed.map { String($0.id) }.joined(separator: ", "))))
        }
        return lines
    }
}
