/// Which of a stored analysis' splits are read: a run's page shows those of its display unit only
/// (a 96 km run has 97 splits per kilometre and 60 per mile), an export or the API both.
package struct SplitUnits: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    package static let perKilometer = SplitUnits(rawValue: 1 << 0)
    package static let perMile = SplitUnits(rawValue: 1 << 1)
    package static let all: SplitUnits = [.perKilometer, .perMile]
}
