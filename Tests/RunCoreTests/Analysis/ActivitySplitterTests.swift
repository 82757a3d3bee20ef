import Testing
@testable import RunCore

/// The splitter's rule for the smallest groups, on equator tracks whose answer follows from the
/// rules themselves: a fix with a wrong date joins its run; fixes hours away are runs of their own,
/// however few, and never stretch a neighbour over the gap.
@Suite struct ActivitySplitterTests {
    let splitter = ActivitySplitter(gapSeconds: 7200)

    /// The number of track points each part takes.
    func pointCounts(_ parts: [ActivitySelection]) -> [Int] {
        parts.map { $0.spans.reduce(0) { $0 + $1.to - $1.from } }
    }

    @Test func aFixWithAWrongDateJoinsItsRun() {
        var track = EquatorTrack()
        track.run(speed: 3, seconds: 600)
        track.points[300].timeSeconds = 2_313_000_000   // 2043, inside the run
        #expect(pointCounts(splitter.parts(of: track.activity)) == [601])
    }

    @Test func fewFixesHoursAwayAreRunsOfTheirOwn() {
        var track = EquatorTrack()
        track.run(speed: 3, seconds: 1200)
        track.gap(seconds: 3 * 3600, meters: 500)            // one fix, 3 h later
        track.gap(seconds: 3 * 3600, meters: 500)            // then twelve, 3 h after it
        track.run(speed: 3, seconds: 11)
        #expect(pointCounts(splitter.parts(of: track.activity)) == [1201, 1, 12])
    }

    /// A logger that wrote a fix every 3 hours: each is apart (it used to cascade into one run of days).
    @Test func aSparseLoggerDoesNotBecomeOneRunOfDays() {
        var track = EquatorTrack()
        for _ in 0..<49 { track.gap(seconds: 3 * 3600, meters: 100) }
        #expect(pointCounts(splitter.parts(of: track.activity)) == Array(repeating: 1, count: 50))
    }
}
