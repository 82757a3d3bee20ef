/// How a recording was started: kept with the live session so that an interrupted recording can
/// be continued or finished with the same parameters (`runlog record --recover`).
package struct RecordingSetup: Sendable, Hashable, Codable {
    package var parameters: AnalysisParameters
    package var autoPause: Bool
    /// 1000 or 1609.344 (from the units setting).
    package var splitUnitMeters: Double
    /// The finished run's track name and GPX `<type>`.
    package var name: String?
    package var type: String?
    /// Where the fixes come from, for people (`replay morning.gpx ×10`).
    package var source: String
    /// Whether the fixes come from a file (its run may be in the library already).
    package var isReplay = false

    package init(parameters: AnalysisParameters, autoPause: Bool, splitUnitMeters: Double, name: String?, type: String?, source: String) {
        self.parameters = parameters
        self.autoPause = autoPause
        self.splitUnitMeters = splitUnitMeters
        self.name = name
        self.type = type
        self.source = source
    }
}

extension RecordingSetup {
    private enum CodingKeys: String, CodingKey { case parameters, autoPause, splitUnitMeters, name, type, source, isReplay }

    /// Decodes setups stored by earlier versions too (not a replay unless said).
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(parameters: try c.decode(AnalysisParameters.self, forKey: .parameters), autoPause: try c.decode(Bool.self, forKey: .autoPause),
                  splitUnitMeters: try c.decode(Double.self, forKey: .splitUnitMeters), name: try c.decodeIfPresent(String.self, forKey: .name),
                  type: try c.decodeIfPresent(String.self, forKey: .type), source: try c.decode(String.self, forKey: .source))
        isReplay = try c.decodeIfPresent(Bool.self, forKey: .isReplay) ?? false
    }
}
