package import RunCore

/// How every implementation reads a run's stored analysis from its row: the packed form
/// (``PackedAnalysis``) when the run has one of this version, else the JSON (a run stored before
/// analyses were packed, or packed by another version).
package enum StoredAnalysis {
    /// - Parameters:
    ///   - record: the run, whose summary is the analysis' own.
    ///   - packedVersion, packed: the run's packed analysis and its version; nil when it has none.
    ///   - json: the analysis' JSON (asked only when the packed form is not used); nil when the run has no analysis.
    ///   - splits: the units whose splits are read; the others are left empty.
    /// - Throws: ``StoredDataError`` naming the run when what is stored cannot be read.
    package static func read(record: RunRecord, packedVersion: Int64?, packed: () -> [UInt8], json: () -> String?,
                             splits: SplitUnits) throws -> RunAnalysis? {
        if packedVersion == Int64(PackedAnalysis.version) {
            do {
                return try PackedAnalysis.decode(packed(), summary: record.summary, splits: splits)
            } catch let error as StoredDataError {
                throw StoredDataError("the stored analysis of run \(record.id) cannot be read: \(error.message)", runID: record.id)
            }
        }
        guard let json = json() else { return nil }
        var analysis: RunAnalysis
        do {
            analysis = try StoredJSONDecoder().decode(RunAnalysis.self, from: json)
        } catch {
            throw StoredDataError("the stored analysis of run \(record.id) cannot be read: \(error)", runID: record.id)
        }
        if !splits.contains(.perKilometer) { analysis.splitsPerKilometer = [] }
        if !splits.contains(.perMile) { analysis.splitsPerMile = [] }
        return analysis
    }

    /// The packed form of an analysis stored as JSON only (a library upgraded to packed
    /// analyses): nil when it cannot be read, or when its summary is not the run's — such a run
    /// keeps being read from its JSON, as before.
    package static func packing(analysisJSON: String, summaryJSON: String) -> [UInt8]? {
        let decoder = StoredJSONDecoder()
        guard let analysis = try? decoder.decode(RunAnalysis.self, from: analysisJSON),
              let summary = try? decoder.decode(ActivitySummary.self, from: summaryJSON), summary == analysis.summary else { return nil }
        return PackedAnalysis.encode(analysis)
    }
}
