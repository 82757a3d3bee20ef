import Foundation
import RunCore
import RunStore

/// Saved searches: "All runs" always first and unchangeable, names unique without regard to case.
enum SearchSetConformance {
    static let checks: [StorageConformance.Check] = [
        .init(name: "search sets: create, find, update, rename, delete") { backend in
            let library = try backend.openLibrary(creating: true)
            try require(try library.searchSets().map(\.name) == [SearchSet.allRunsName], "a new library's sets")
            let long = SearchDefinition(distanceMeters: ValueRange(minimum: 15_000))
            try library.createSearchSet(named: "Long", definition: long, nowSeconds: 1_000)
            try library.createSearchSet(named: "arena", definition: SearchDefinition(text: "track"), nowSeconds: 2_000)
            try require(try library.searchSets().map(\.name) == [SearchSet.allRunsName, "arena", "Long"], "sets by name, case ignored")
            try require(try library.searchSet(named: "LONG").definition == long, "found without regard to case")
            try requireThrows("a taken name", { ($0 as? SearchError)?.code == .nameTaken }) {
                try library.createSearchSet(named: "long", definition: SearchDefinition(), nowSeconds: 3_000)
            }
            try requireThrows("changing All runs", { ($0 as? SearchError)?.code == .protectedSet }) {
                try library.updateSearchSet(named: "all runs", definition: long, nowSeconds: 3_000)
            }
            try library.updateSearchSet(named: "Long", definition: SearchDefinition(distanceMeters: ValueRange(minimum: 21_000)), nowSeconds: 4_000)
            let updated = try library.searchSet(named: "Long")
            try require(updated.definition.distanceMeters?.minimum == 21_000 && updated.updatedAtSeconds == 4_000
                        && updated.createdAtSeconds == 1_000, "updated set: \(updated)")
            try require(try library.renameSearchSet("long", to: "Longer", nowSeconds: 5_000) == "Long", "rename returns the stored name")
            try requireThrows("the old name after a rename", { ($0 as? SearchError)?.code == .unknownSet }) {
                _ = try library.searchSet(named: "Long")
            }
            try require(try library.deleteSearchSet(named: "LONGER") == "Longer", "delete returns the stored name")
            try require(try library.searchSets().map(\.name) == [SearchSet.allRunsName, "arena"], "sets after delete")
        },
    ]
}
