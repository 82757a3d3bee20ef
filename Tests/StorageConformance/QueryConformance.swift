import Foundation
import RunCore
import RunStore
import TestSupport

/// Searches and pages done by the store find exactly what ``RunCore/SearchFilter/matches(_:)``
/// finds over ``RunStore/RunLibrary/searchableRuns()``, in the list's order.
enum QueryConformance {
    /// Filters drawn from the library itself: words cut from its names, notes and places (one,
    /// two, three and more characters, other case, accents), distance, duration, time and sport
    /// ranges, heart rate — deterministic (a fixed seed), a few hundred of them.
    static func filters(for runs: [(record: RunRecord, searchable: SearchableRun)]) -> [SearchFilter] {
        var generator = SeededGenerator(state: 20_261_201)
        func pick<T>(_ values: [T]) -> T { values[Int(generator.next() % UInt64(values.count))] }
        let texts = runs.flatMap { [$0.searchable.name, $0.searchable.notes, $0.searchable.place] }.filter { !$0.isEmpty }
        // Also the characters a store's pattern syntax might take for its own (LIKE's `%`, `_`, `\`).
        var words: [String] = ["zzzq", "e", "ü", "straße", "RUN", "2024", "\"", "a\"b", "_", "%", "\\", "e_s", "%e"]
        for _ in 0..<150 {
            let text = Array(pick(texts))
            let length = 1 + Int(generator.next() % 6)
            guard text.count >= length else { continue }
            let start = Int(generator.next() % UInt64(text.count - length + 1))
            let word = String(text[start..<(start + length)]).trimmingCharacters(in: .whitespacesAndNewlines)
            if !word.isEmpty { words.append(generator.next() % 2 == 0 ? word.uppercased() : word) }
        }
        let distances = runs.map(\.searchable.distanceMeters).sorted()
        let durations = runs.compactMap(\.searchable.durationSeconds).sorted()
        let starts = runs.compactMap(\.searchable.startTimeSeconds).sorted()
        var filters: [SearchFilter] = [SearchFilter(SearchDefinition())]
        for word in words { filters.append(SearchFilter(SearchDefinition(text: word))) }
        for _ in 0..<200 {
            var definition = SearchDefinition()
            if generator.next() % 3 == 0, !distances.isEmpty {
                definition.distanceMeters = ValueRange(minimum: pick(distances), maximum: generator.next() % 2 == 0 ? pick(distances) : nil)
            }
            if generator.next() % 3 == 0, !durations.isEmpty {
                definition.durationSeconds = ValueRange(minimum: generator.next() % 2 == 0 ? pick(durations) : nil, maximum: pick(durations))
            }
            if generator.next() % 3 == 0, !starts.isEmpty {
                definition.startTime = TimeRange(fromSeconds: pick(starts), beforeSeconds: generator.next() % 2 == 0 ? pick(starts) : nil)
            }
            if generator.next() % 4 == 0 { definition.sports = [pick(Sport.allCases), pick(Sport.allCases)] }
            if generator.next() % 5 == 0 { definition.hasHeartRate = generator.next() % 2 == 0 }
            let text = generator.next() % 3 == 0 ? pick(words) + " " + pick(words) : nil
            filters.append(SearchFilter(definition, text: text))
        }
        return filters
    }

    static let checks: [StorageConformance.Check] = [
        .init(name: "a query finds what the filter matches, in the list's order, a page at a time") { backend in
            let library = try backend.openLibrary(creating: true)
            try ConformanceFixtures.fill(library, corpus: 40)
            let all = try library.searchableRuns()
            try require(all.count >= 20, "the fixture library holds \(all.count) runs")
            try require(all.map(\.record) == (try library.runs()), "searchableRuns() is not in the list's order")
            for filter in filters(for: all) {
                let expected = all.filter { filter.matches($0.searchable) }.map(\.record.id)
                let found = try library.runs(RunQuery(filter: filter))
                try require(found.runs.map(\.id) == expected && found.totalCount == expected.count,
                            "\(filter.definition) words \(filter.words): found \(found.runs.map(\.id)) (\(found.totalCount)), expected \(expected)")
                // The same runs, read three at a time.
                var paged: [Int64] = []
                var offset = 0
                while true {
                    let page = try library.runs(RunQuery(filter: filter, offset: offset, limit: 3))
                    try require(page.totalCount == expected.count, "a page's count: \(page.totalCount), expected \(expected.count)")
                    paged += page.runs.map(\.id)
                    if page.runs.count < 3 { break }
                    offset += 3
                }
                try require(paged == expected, "paged \(paged), expected \(expected)")
            }
        },
        .init(name: "a renamed run is found by its new name, not its old one") { backend in
            let library = try backend.openLibrary(creating: true)
            try ConformanceFixtures.fill(library)
            let id = try library.runIDs()[0]
            let old = try library.run(id: id).name
            try library.rename(id: id, to: "Quxbaz Ämmerlauf")
            try library.setNotes(id: id, to: "tempo with Wümpel")
            let byName = try library.runs(RunQuery(filter: SearchFilter(SearchDefinition(text: "AMMERLAUF")))).runs.map(\.id)
            try require(byName == [id], "the new name finds \(byName)")
            let byNotes = try library.runs(RunQuery(filter: SearchFilter(SearchDefinition(text: "wumpel")))).runs.map(\.id)
            try require(byNotes == [id], "the notes find \(byNotes)")
            // The old name still finds the run only where its place says it (a GPX file's own names).
            let place = try library.searchableRuns().first { $0.record.id == id }?.searchable.place ?? ""
            let stillOld = try library.runs(RunQuery(filter: SearchFilter(SearchDefinition(text: old)))).runs.map(\.id)
            try require(stillOld.contains(id) == SearchFilter(SearchDefinition(text: old)).matches(
                SearchableRun(id: id, name: "", notes: "", place: place, startTimeSeconds: nil, distanceMeters: 0, durationSeconds: nil)),
                        "the old name '\(old)' finds run \(id): \(stillOld.contains(id)); its place: \(place)")
            try library.delete(id: id)
            try require(try library.runs(RunQuery(filter: SearchFilter(SearchDefinition(text: "ammerlauf")))).runs.isEmpty,
                        "a deleted run is still found")
        },
        .init(name: "the calendar's windows: activities by start, and the undated runs") { backend in
            let library = try backend.openLibrary(creating: true)
            try ConformanceFixtures.fill(library, corpus: 40)
            let runs = try library.runs()
            let dated = runs.filter { $0.calendarStartSeconds != nil }
            try require(try library.runs(RunQuery(calendar: .undated)).runs.map(\.id) == runs.filter { $0.calendarStartSeconds == nil }.map(\.id),
                        "undated runs differ")
            let starts = dated.compactMap(\.calendarStartSeconds)
            guard let first = starts.min(), let last = starts.max() else { return }
            let middle = (first + last) / 2
            for (from, before) in [(first, middle), (middle, last + 1), (first - 1, first), (last, last)] {
                let expected = dated.filter { $0.calendarStartSeconds! >= from && $0.calendarStartSeconds! < before }.map(\.id)
                let window = try library.runs(RunQuery(calendar: .startingIn(TimeRange(fromSeconds: from, beforeSeconds: before))))
                try require(window.runs.map(\.id) == expected && window.totalCount == expected.count, "window \(from)..<\(before)")
                // With a filter too: both apply.
                let filter = SearchFilter(SearchDefinition(distanceMeters: ValueRange(minimum: 5_000)))
                let both = try library.runs(RunQuery(filter: filter, calendar: .startingIn(TimeRange(fromSeconds: from, beforeSeconds: before))))
                let expectedBoth = dated.filter { $0.calendarStartSeconds! >= from && $0.calendarStartSeconds! < before && $0.summary.distanceMeters >= 5_000 }
                try require(both.runs.map(\.id) == expectedBoth.map(\.id), "window \(from)..<\(before) of runs from 5 km")
            }
        },
    ]
}
