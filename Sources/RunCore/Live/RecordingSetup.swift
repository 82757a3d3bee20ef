/// How a recording was started: kept with the live session so that an interrupted recording can
/// be continued or finished with the same parameters (`runlog record --recover`).
public struct RecordingSetup: Sendable, Hashable, Codable {
    public var parameters: AnalysisParameters
    public var autoPause: Bool
    /// 1000 or 1609.344 (from the units setting).
    public var splitUnitMeters: Double
    /// The finished run's track name and GPX `<type>`.
    public var name: String?
    public var type: String?
    /// Where the fixes come from, for people (`replay morning.gpx ×10`).
    public var source: String

    public init(parameters: AnalysisParameters, autoPause: Bool, splitUnitMeters: Double, name: String?, type: String?, source: String) {
        self.parameters = parameters
        self.autoPause = autoPause
        self.splitUnitMeters = splitUnitMeters
        self.name = name
        self.type = type
        self.source = source
    }
}
