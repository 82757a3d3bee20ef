extension Split: StoredJSONReadable {
    /// Read as the synthesized `Decodable` conformance reads it (a run page decodes its run's splits on every uncached request).
    package init(stored object: StoredJSONObject) throws {
        index = try object.decode(Int.self, "index")
        distanceMeters = try object.decode(Double.self, "distanceMeters")
        elapsedTimeSeconds = try object.decode(Double.self, "elapsedTimeSeconds")
        movingTimeSeconds = try object.decode(Double.self, "movingTimeSeconds")
        elevationChangeMeters = try object.decodeIfPresent(Double.self, "elevationChangeMeters")
        averageHeartRateBPM = try object.decodeIfPresent(Double.self, "averageHeartRateBPM")
        isPartial = try object.decode(Bool.self, "isPartial")
    }
}
