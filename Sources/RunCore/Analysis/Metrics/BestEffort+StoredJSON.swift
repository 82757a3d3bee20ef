extension BestEffort: StoredJSONReadable {
    /// Read as the synthesized `Decodable` conformance reads it.
    package init(stored object: StoredJSONObject) throws {
        self.init(distanceMeters: try object.decode(Double.self, "distanceMeters"),
                  elapsedTimeSeconds: try object.decode(Double.self, "elapsedTimeSeconds"),
                  startDistanceMeters: try object.decode(Double.self, "startDistanceMeters"),
                  startTimeSeconds: try object.decode(Double.self, "startTimeSeconds"))
    }
}
