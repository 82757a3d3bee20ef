import RunCore
import RunLive
import Testing

/// gpsd's reports of one receiver epoch become one fix (``GPSDEpochMerger``); the reports are
/// written as gpsd 3.22 writes them (gpsd_json(5)), the expected values read off their text.
struct GPSDEpochMergerTests {
    /// After `$GPRMC`: a 2D fix without altitude; after `$GPGGA` of the same time: the 3D fix.
    static let rmc = #"{"class":"TPV","device":"/dev/pts/1","mode":2,"time":"2026-09-19T07:18:27.400Z","ept":0.005,"lat":45.198315000,"lon":5.730110000,"track":55.1000,"speed":2.526}"#
    static let gga = #"{"class":"TPV","device":"/dev/pts/1","mode":3,"time":"2026-09-19T07:18:27.400Z","ept":0.005,"lat":45.198315000,"lon":5.730110000,"altHAE":259.3000,"altMSL":212.0000,"alt":212.0000,"geoidSep":47.300}"#
    static let next = #"{"class":"TPV","device":"/dev/pts/1","mode":3,"time":"2026-09-19T07:18:29.340Z","lat":45.198356667,"lon":5.730161667,"altHAE":259.9000,"altMSL":212.6000}"#
    static let noFix = #"{"class":"TPV","device":"/dev/pts/1","mode":1,"time":"2026-09-19T07:18:31.350Z","ept":0.005}"#
    /// 07:18:27.4 UTC on 2026-09-19, by hand: 20,715 days since 1970 × 86,400 + 7 h 18 min 27.4 s (26,307.4 s).
    static let time27: Double = 20_715 * 86_400 + 26_307.4

    func report(_ line: String) throws -> GPSDReport { try #require(GPSDReport(line: line)) }

    @Test func aReportReadsPositionTimeAndElevationAboveSeaLevel() throws {
        let fix = try #require(try report(Self.gga).point)
        #expect(fix.latitude == 45.198315 && fix.longitude == 5.73011)
        #expect(fix.elevationMeters == 212.0)   // altMSL, not altHAE (259.3)
        #expect(abs(fix.timeSeconds! - Self.time27) < 1e-6 && fix.timeFractionDigits == 3)
        #expect(try report(Self.rmc).point?.elevationMeters == nil)
        #expect(try report(Self.noFix).point == nil && report(Self.noFix).mode == 1)
        #expect(GPSDReport(line: #"{"class":"SKY","satellites":[]}"#) == nil)
        #expect(GPSDReport(line: #"{"class":"TPV","mode":3,"lat":91,"lon":0,"time":"2026-09-19T07:18:27Z"}"#)?.point == nil)
        #expect(GPSDReport(line: #"{"class":"TPV","mode":2,"lat":1,"lon":180}"#)?.point?.longitude == -180)
    }

    @Test func anEpochReportedTwiceIsOneFixWithItsElevation() throws {
        var merger = GPSDEpochMerger()
        #expect(merger.take(try report(Self.rmc), now: 0).isEmpty)   // waits for the 3D report
        let fixes = merger.take(try report(Self.gga), now: 0.1)
        #expect(fixes.count == 1 && fixes.first?.elevationMeters == 212.0)
        #expect(merger.take(try report(Self.gga), now: 0.2).isEmpty)   // a repeat
        #expect(merger.take(try report(Self.rmc), now: 0.3).isEmpty)   // a late 2D report of a recorded epoch
        #expect(merger.expire(now: 10).isEmpty && merger.flush().isEmpty)
        #expect(merger.take(try report(Self.next), now: 1).map(\.latitude) == [45.198356667])
    }

    @Test func aTwoDimensionalFixIsRecordedWhenItsEpochEnds() throws {
        // The next epoch's report ends it.
        var merger = GPSDEpochMerger()
        #expect(merger.take(try report(Self.rmc), now: 0).isEmpty)
        let both = merger.take(try report(Self.next), now: 0.2)
        #expect(both.map(\.latitude) == [45.198315, 45.198356667])
        #expect(both.first?.elevationMeters == nil)
        // A report without a fix ends it too.
        merger = GPSDEpochMerger()
        _ = merger.take(try report(Self.rmc), now: 0)
        #expect(merger.take(try report(Self.noFix), now: 0.2).map(\.latitude) == [45.198315])
        // The hold runs out.
        merger = GPSDEpochMerger()
        _ = merger.take(try report(Self.rmc), now: 5)
        #expect(merger.isHolding)
        #expect(merger.expire(now: 5 + GPSDEpochMerger.holdSeconds / 2).isEmpty)
        #expect(merger.expire(now: 5 + GPSDEpochMerger.holdSeconds).map(\.latitude) == [45.198315])
        #expect(!merger.isHolding)
        // The connection ends.
        merger = GPSDEpochMerger()
        _ = merger.take(try report(Self.rmc), now: 0)
        #expect(merger.flush().count == 1 && merger.flush().isEmpty)
    }

    @Test func aFixWithoutTimeIsRecordedAtOnce() throws {
        var merger = GPSDEpochMerger()
        let untimed = try report(#"{"class":"TPV","mode":2,"lat":-33.5,"lon":-70.25}"#)
        #expect(merger.take(untimed, now: 0).map(\.longitude) == [-70.25])
        #expect(merger.take(untimed, now: 0.1).count == 1)   // nothing to tell repeats by
    }
}
