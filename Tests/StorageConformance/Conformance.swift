import Foundation
package import RunStore

/// What any implementation of runlog's storage protocols must do, written against the protocols
/// alone (``RunStore/StorageBackend``, ``RunStore/RunLibrary``, ``RunStore/SharedStorage``,
/// ``RunStore/LiveStorage``). An implementation's test target runs every check on a fresh backend
/// of its own (`SQLiteConformanceTests` for RunStoreSQLite): each check throws
/// ``ConformanceFailure`` naming what differs.
package enum StorageConformance {
    /// A check, by name, given a fresh empty backend.
    package struct Check: Sendable, CustomStringConvertible {
        package let name: String
        package let run: @Sendable (any StorageBackend) throws -> Void
        package var description: String { name }
    }

    /// Every check.
    package static let checks: [Check] = LibraryConformance.checks + QueryConformance.checks
        + SearchSetConformance.checks + SharedConformance.checks + LiveConformance.checks
}

/// A conformance check that failed.
package struct ConformanceFailure: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// Throws ``ConformanceFailure`` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () throws -> String) throws {
    if !condition { throw ConformanceFailure(try message()) }
}

/// Throws unless `body` throws an error `accepts` takes.
func requireThrows(_ message: String, _ accepts: (any Error) -> Bool, _ body: () throws -> Void) throws {
    do {
        try body()
    } catch {
        try require(accepts(error), "\(message): threw \(error)")
        return
    }
    throw ConformanceFailure("\(message): nothing was thrown")
}
