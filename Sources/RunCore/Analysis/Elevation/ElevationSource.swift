/// Where a recording's elevations come from, which decides how much of their ups and downs is
/// terrain and how much is noise (``ElevationProfiler``).
public enum ElevationSource: String, Sendable, Hashable, Codable, CaseIterable {
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
    /// none; planners that look elevation up. Anything else gives no hint. A hint only breaks ties
    /// (``ElevationProfiler``): the data's own roughness overrules it.
    public static func hint(creator: String?) -> ElevationSource? {
        guard let creator else { return nil }
        let text = creator.lowercased()
        for (source, pattern) in hintPatterns {
            if let regex = try? Regex(pattern), text.contains(regex) { return source }
        }
        return nil
    }

    /// The hint table, first match wins (lower-case regular expressions).
    private static let hintPatterns: [(ElevationSource, String)] = [
        (.terrainModel, terrainModelPattern), (.gps, gpsPattern), (.barometric, barometricPattern),
    ]
    private static let terrainModelPattern =
        #"caltopo|alltrails|gpsies|outdooractive|os maps|gpx\.studio|mapstogpx|plotaroute|onthegomap|route ?planner"#
    private static let gpsPattern =
        #"opentracks|osmand|open ?gpx ?tracker|osmtracker|runkeeper|runtastic|nike|endomondo|gps ?logger|holux|globalsat|dg-?100|gh-?625|qstarz|columbus|i-?gotu|motion-gps|iphone|android|etrex ?(10|20|22)|forerunner ?(10|15|25|35|45|55|2[0-4]\d|30\d|405|410)\b|edge ?(20|25|200|205)\b"#
    private static let barometricPattern =
        #"fenix|f.nix|epix|enduro|instinct|tactix|quatix|marq|descent|forerunner ?(9\d\d|25[5-9]|26\d|57\d|97\d)|edge ?(130|305|5\d\d|7\d\d|8\d\d|10\d\d)|gpsmap ?(6\d[a-z]*s|66|67)|oregon|montana|etrex ?(30|32)|suunto ?9 ?baro|ambit ?\d? ?peak|spartan ultra|movescount|coros (apex|vertix)|polar (vantage v|grit x|v800)|wahoo|elemnt|karoo"#
}
