import Foundation

/// Where a recording's elevations come from, which decides how much of their ups and downs is
/// terrain and how much is noise (``ElevationProfiler``).
package enum ElevationSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// A barometric altimeter: smooth, centimetres of noise (most running watches from the middle
    /// range up, bike computers, outdoor handhelds).
    case barometric
    /// Looked up in a terrain model (DEM) along the path: planners, route tools, services that
    /// replace a device's elevation.
    case terrainModel
    /// The GPS receiver's own altitude: metres of error that wanders over minutes (phones, loggers,
    /// watches without a barometer).
    case gps
    /// Too few points to tell, and no device named: the method of files too short to judge
    /// (a ±5 s running median and a 2 m dead band).
    case unknown

    /// The source a device or app named in the file stands for (its GPX `creator`), from a short,
    /// conservative list: models whose specifications state a barometric altimeter, or that have
    /// none; planners that look elevation up. Anything else gives no hint. Data too rough for a
    /// barometer or a terrain model overrules a hint; on smoother data the hint decides
    /// (``ElevationProfiler``: phones and loggers smooth their GPS altitude).
    package static func hint(creator: String?) -> ElevationSource? {
        guard let creator else { return nil }
        let text = creator.lowercased()
        if terrainModelNames.contains(where: text.contains) { return .terrainModel }
        if gpsNames.contains(where: text.contains) || models(after: "etrex", in: text).contains(where: { [10, 20, 22].contains($0.number) })
            || models(after: "forerunner", in: text).contains(where: { m in
                [10, 15, 25, 35, 45, 55, 405, 410].contains(m.number) || (200...249).contains(m.number) || (300...309).contains(m.number)
            })
            || models(after: "edge", in: text).contains(where: { [20, 25, 200, 205].contains($0.number) }) {
            return .gps
        }
        if barometricNames.contains(where: text.contains)
            || models(after: "forerunner", in: text).contains(where: { m in
                (900...999).contains(m.number) || (255...269).contains(m.number) || (570...579).contains(m.number)
            })
            || models(after: "edge", in: text).contains(where: { m in
                [130, 305].contains(m.number) || (500...899).contains(m.number) || (1000...1099).contains(m.number)
            })
            || models(after: "gpsmap", in: text).contains(where: { m in
                [66, 67].contains(m.number) || ((60...69).contains(m.number) && m.suffix.contains("s"))
            })
            || models(after: "etrex", in: text).contains(where: { [30, 32].contains($0.number) }) {
            return .barometric
        }
        return nil
    }

    /// Planners and route tools, which look elevation up in a terrain model.
    private static let terrainModelNames = ["caltopo", "alltrails", "gpsies", "outdooractive", "os maps", "gpx.studio", "mapstogpx",
                                            "plotaroute", "onthegomap", "route planner", "routeplanner"]
    /// Phone apps, loggers and devices without a barometer.
    private static let gpsNames = ["opentracks", "osmand", "open gpx tracker", "opengpxtracker", "osmtracker", "runkeeper", "runtastic",
                                   "nike", "endomondo", "gps logger", "gpslogger", "holux", "globalsat", "dg-100", "dg100", "gh-625",
                                   "gh625", "qstarz", "columbus", "i-gotu", "igotu", "motion-gps", "iphone", "android"]
    /// Devices with a barometric altimeter (their makers' specifications).
    private static let barometricNames = ["fenix", "fēnix", "epix", "enduro", "instinct", "tactix", "quatix", "marq", "descent",
                                          "oregon", "montana", "suunto 9 baro", "ambit peak", "ambit2 peak", "ambit3 peak",
                                          "spartan ultra", "movescount", "coros apex", "coros vertix", "polar vantage v",
                                          "polar grit x", "polar v800", "wahoo", "elemnt", "karoo"]

    /// The model numbers written after `word` (`edge 530`, `forerunner965`): the number, and the
    /// letters right after it (`64s` → 64, "s").
    private static func models(after word: String, in text: String) -> [(number: Int, suffix: String)] {
        var found: [(Int, String)] = []
        var rest = text[...]
        while let range = rest.range(of: word) {
            var tail = rest[range.upperBound...].drop { $0 == " " }
            let digits = tail.prefix { $0.isASCII && $0.isNumber }
            tail = tail.dropFirst(digits.count)
            if let number = Int(digits) { found.append((number, String(tail.prefix { $0.isLetter }))) }
            rest = rest[range.upperBound...]
        }
        return found
    }
}
