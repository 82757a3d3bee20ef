/// Elevation gain and loss by elevation source: first tell where a recording's elevations come
/// from (``ElevationSource``) by their own roughness — a device named in the file only breaks
/// ties —, then smooth and count each source as it needs. docs/METHODS.md gives the method with
/// its sources; the parameters were tuned on 2,880 runs of ../shared/bench/make-elevation-case.py
/// (seeds 101–140); the targets are tested on seeds 1–2 (``ElevationTargetTests``), and the
/// method's reference implementation met them on seeds 3–8 as well.
///
/// 1. **Validity**: elevations outside −500…9000 m are absent (the −9999 of a broken sensor is not
///    a valley; the Dead Sea shore is −430 m, Everest 8,849 m).
/// 2. **Axis** (``ElevationAxis``): "moving seconds" along each piece.
/// 3. **Spikes** (``SampleMedian``): a running median of ±5 s in samples, 2 to 50 of them.
/// 4. **Roughness** (``ElevationNoise``), over all pieces of the recording, on the valid raw values.
/// 5. **Source**: too few values (under 52 with an elevation): the device's hint, else
///    ``ElevationSource/unknown``. Sample noise ≥ 0.5 m or wander ≥ 2 m: GPS, whatever the device
///    says (no barometer or terrain model is that rough). Wander 0.7–2 m: the device's hint, else
///    GPS (GPS taken for a barometer over-counts many times over; a barometer taken for GPS
///    under-counts by about a quarter). Smoother: the hint (phones and loggers smooth their GPS
///    altitude: corpus sportslib-1681613317, gpswizard-0470); else a terrain model when untimed or
///    when the sample noise is ≥ 0.25 m; else barometric.
/// 6. **Profile** (``LocalQuadratic``): ±20 s (barometric), ±45 s (terrain model: Strava smooths
///    looked-up elevation "slightly higher" than barometric, support article 216917087) or ±180 s
///    (GPS: its error is correlated over 30–120 s; only minutes average it).
/// 7. **Gain and loss** (``SoftDeadBand``): T = 0.5 m (barometric; what smoothing leaves is ≈ 0.1 m,
///    and the 0.5–3 m undulations of a flat route survive), 0.75 m (terrain model), for GPS 5 × the
///    long wander, 5–30 m (8 m when it is unknown). Unknown sources: today's ±5 s running median
///    (``RunningMedian``) and a 2 m ``ElevationHysteresis`` (../shared/cases/25: 10.0 / 0.0 m).
package enum ElevationProfiler {
    package static let validRange = -500.0...9000.0
    static let minimumStatisticsCount = 50, minimumWanderCount = 30
    static let gpsNoiseMeters = 0.5, smoothWanderMeters = 0.7, gpsWanderMeters = 2.0, terrainModelNoiseMeters = 0.25

    /// The half-window of the profile, seconds of the axis.
    package static func smoothingSeconds(_ source: ElevationSource) -> Double {
        switch source {
        case .barometric: 20
        case .terrainModel: 45
        case .gps: 180
        case .unknown: 0
        }
    }

    /// What the profiler found for a recording.
    package struct Result: Sendable, Hashable {
        package var source: ElevationSource
        package var statistics: ElevationStatistics
        /// The dead band T of the soft dead band (the hysteresis itself for ``ElevationSource/unknown``).
        package var deadBandMeters: Double
        package var gainMeters = 0.0
        package var lossMeters = 0.0
        /// Elevations given but outside ``validRange`` (left out), and the column index of the first.
        package var outOfRangeCount = 0
        package var firstOutOfRange: Int?

        /// Nothing profiled yet.
        package static let none = Result(source: .unknown, statistics: ElevationStatistics(
            noiseMeters: nil, wanderMeters: nil, longWanderMeters: nil, noiseCount: 0, wanderCount: 0, longWanderCount: 0), deadBandMeters: 0)
    }

    /// Profiles a recording made of `pieces` (index ranges into the columns; each a continuous
    /// profile: smoothed on its own, its hysteresis closed at its end).
    /// - Parameters:
    ///   - times: seconds, NaN where unknown.
    ///   - distances: cumulative 2D metres (only differences within a piece count).
    ///   - elevations: metres, NaN where absent.
    ///   - creator: the device or app that wrote the file, for its hint.
    ///   - legacy: the unknown source's running-median half-window (seconds) and dead band (metres).
    /// - Returns: what was found, and the smoothed profile aligned with the input (NaN where the
    ///   elevation is absent or invalid).
    /// - Complexity: O(n · k) for the spike median (k ≤ 50), O(n) otherwise.
    package static func profile(pieces: [Range<Int>], times: [Double], distances: [Double], elevations: [Double], creator: String?,
                               legacy: (halfWindowSeconds: Double, deadBandMeters: Double)) -> (result: Result, profile: [Double]) {
        // Each piece's valid points, axis, values and times, a piece per task.
        var prepared = [ValidPoints](repeating: ValidPoints(), count: pieces.count)
        prepared.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let prepared = buffer
            ParallelChunks.run(pieces.count) { p in
                prepared[p] = ValidPoints(pieces[p], times: times, distances: distances, elevations: elevations)
            }
        }
        // The valid values of all pieces end to end: piece p's at offsets[p]..<offsets[p + 1].
        var offsets = [0]
        for piece in prepared { offsets.append(offsets[offsets.count - 1] + piece.values.count) }
        let tasks = ParallelChunks.tasks(lengths: prepared.map(\.values.count))
        let ready = prepared, starts = offsets
        // Spikes: the running median of each piece, in chunks on every processor.
        let medians = flatOutput(tasks, offsets: starts) { task, out in
            ready[task.piece].values.withUnsafeBufferPointer {
                SampleMedian.filter($0, halfWidth: ready[task.piece].spikeHalfWidth, range: task.range, into: out)
            }
        }
        // Roughness over the whole recording.
        var noise = ElevationNoise(sampleCount: offsets[offsets.count - 1])
        for piece in prepared { noise.add(axis: piece.axis, elevations: piece.values) }
        let statistics = noise.statistics()
        let source = classify(statistics, hint: ElevationSource.hint(creator: creator), isTimed: prepared.contains(where: \.isTimed))
        var result = Result(source: source, statistics: statistics, deadBandMeters: deadBand(source, statistics, legacy: legacy.deadBandMeters))
        result.outOfRangeCount = prepared.reduce(0) { $0 + $1.outOfRangeCount }
        result.firstOutOfRange = prepared.lazy.compactMap(\.firstOutOfRange).first
        // The profile of each piece.
        let smoothed: [Double]
        if source == .unknown {
            smoothed = prepared.flatMap { RunningMedian.filter($0.values, times: $0.times, halfWindowSeconds: legacy.halfWindowSeconds) }
        } else {
            let window = smoothingSeconds(source)
            smoothed = flatOutput(tasks, offsets: starts) { task, out in
                ready[task.piece].axis.withUnsafeBufferPointer { u in
                    medians.withUnsafeBufferPointer { all in
                        let m = UnsafeBufferPointer(rebasing: all[starts[task.piece]..<starts[task.piece + 1]])
                        LocalQuadratic.smooth(axis: u, values: m, halfWindow: window, range: task.range, into: out)
                    }
                }
            }
        }
        // Gain and loss, piece by piece.
        let ranges = prepared.indices.map { offsets[$0]..<offsets[$0 + 1] }.filter { !$0.isEmpty }
        if source == .unknown {
            for range in ranges {
                var hysteresis = ElevationHysteresis(deadBandMeters: result.deadBandMeters)
                for value in smoothed[range] { hysteresis.add(value) }
                hysteresis.closeProfile()
                result.gainMeters += hysteresis.gainMeters
                result.lossMeters += hysteresis.lossMeters
            }
        } else {
            for totals in SoftDeadBand.totals(smoothed, pieces: ranges, deadBandMeters: result.deadBandMeters) {
                result.gainMeters += totals.gain
                result.lossMeters += totals.loss
            }
        }
        // The profile in the columns' order: the values end to end are it when every point has an
        // elevation and the pieces cover the columns in order.
        let covering = pieces.first?.lowerBound == 0 && pieces.last?.upperBound == elevations.count
            && zip(pieces, pieces.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound }
        if covering, prepared.allSatisfy({ $0.valid == nil }) { return (result, smoothed) }
        var profile = [Double](repeating: .nan, count: elevations.count)
        for p in prepared.indices {
            let values = smoothed[offsets[p]..<offsets[p + 1]]
            if let valid = prepared[p].valid {
                for (k, i) in valid.enumerated() { profile[i] = values[values.startIndex + k] }
            } else {
                for (k, value) in values.enumerated() { profile[pieces[p].lowerBound + k] = value }
            }
        }
        return (result, profile)
    }

    /// One array of every piece's values end to end (piece p's at `offsets[p]`), written by
    /// `body` task by task on every processor; each task writes its own sub-range of its piece.
    private static func flatOutput(_ tasks: [(piece: Int, range: Range<Int>)], offsets: [Int],
                                   _ body: @Sendable ((piece: Int, range: Range<Int>), UnsafeMutableBufferPointer<Double>) -> Void) -> [Double] {
        let total = offsets[offsets.count - 1]
        return [Double](unsafeUninitializedCapacity: total) { buffer, initialized in
            nonisolated(unsafe) let all = buffer
            ParallelChunks.run(tasks.count) { t in
                let task = tasks[t]
                body(task, UnsafeMutableBufferPointer(rebasing: all[offsets[task.piece]..<offsets[task.piece + 1]]))
            }
            initialized = total
        }
    }

    /// Step 5: the source from the roughness and the device's hint.
    static func classify(_ s: ElevationStatistics, hint: ElevationSource?, isTimed: Bool) -> ElevationSource {
        guard s.noiseCount >= minimumStatisticsCount, let noise = s.noiseMeters else { return hint ?? .unknown }
        let wander = s.wanderCount >= minimumWanderCount ? s.wanderMeters : nil
        if noise >= gpsNoiseMeters { return .gps }
        if let wander, wander >= gpsWanderMeters { return .gps }
        if let wander, wander >= smoothWanderMeters { return hint ?? .gps }
        if let hint { return hint }
        if !isTimed { return .terrainModel }
        return noise >= terrainModelNoiseMeters ? .terrainModel : .barometric
    }

    /// Step 7's dead band T.
    static func deadBand(_ source: ElevationSource, _ s: ElevationStatistics, legacy: Double) -> Double {
        switch source {
        case .barometric: return 0.5
        case .terrainModel: return 0.75
        case .unknown: return legacy
        case .gps:
            guard s.longWanderCount >= minimumWanderCount, let wander = s.longWanderMeters else { return 8 }
            return min(30, max(5, 5 * wander))
        }
    }
}

/// A piece's points with a valid elevation: their indices in the columns (nil when every point has
/// one), their axis (``ElevationAxis``), elevations and times.
private struct ValidPoints: Sendable {
    var valid: [Int]?
    /// Elevations given but outside the valid range, and the column index of the first.
    var outOfRangeCount = 0
    var firstOutOfRange: Int?
    var axis: [Double] = []
    var values: [Double] = []
    var times: [Double] = []
    var isTimed = false
    /// The spike median's half-width (``SampleMedian/halfWidth(times:)``).
    var spikeHalfWidth = 2

    init() {}

    init(_ range: Range<Int>, times: [Double], distances: [Double], elevations: [Double]) {
        let t = times[range]
        let (axis, medianStep) = ElevationAxis.axis(times: t, distances: distances[range])
        isTimed = medianStep != nil
        if elevations[range].allSatisfy({ ElevationProfiler.validRange.contains($0) }) {
            self.axis = axis
            values = Array(elevations[range])
            self.times = Array(t)
            spikeHalfWidth = SampleMedian.halfWidth(medianStep: medianStep)
            return
        }
        var valid: [Int] = []
        for i in range {
            guard ElevationProfiler.validRange.contains(elevations[i]) else {
                if elevations[i].isFinite {
                    outOfRangeCount += 1
                    if firstOutOfRange == nil { firstOutOfRange = i }
                }
                continue
            }
            valid.append(i)
            self.axis.append(axis[i - range.lowerBound])
            values.append(elevations[i])
            self.times.append(times[i])
        }
        self.valid = valid
        spikeHalfWidth = SampleMedian.halfWidth(times: self.times)
    }
}
