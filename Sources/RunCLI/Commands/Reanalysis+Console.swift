import RunStore

extension Reanalysis {
    /// Reanalyses `ids` with a progress line on the terminal (`runlog reanalyze`).
    static func run(_ ids: [Int64], with reanalyzer: RunReanalyzer, console: Console) throws -> Reanalysis {
        defer { console.endProgress() }
        return try run(ids, with: reanalyzer, progress: progress(on: console))
    }

    /// A progress line on the terminal's standard error for each run recomputed (when there are several).
    static func progress(on console: Console) -> (_ position: Int, _ count: Int, _ id: Int64) -> Void {
        { position, count, id in
            if count > 1 { console.progress("[\(position)/\(count)] run \(id)") }
        }
    }
}
