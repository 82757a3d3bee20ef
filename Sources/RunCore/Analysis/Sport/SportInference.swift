/// The sport runlog takes a run to be, where that comes from, and how sure it is.
///
/// The evidence, strongest first: the runner's own choice (`runlog edit --sport`); the sport the
/// file states (GPX `<type>`, TCX and FIT sport), kept whatever the speeds say; the names the
/// file carries ("Morning Swim"); a single-purpose device that wrote it (a bike computer); the
/// speeds recorded. Among the inferred ones the most confident wins, ties going to the earlier.
///
/// Confidence is a score from 0 to 1, not a calibrated probability: 1 for what the runner or the
/// file says, 0.8 for names and single-purpose devices, 0.7 for speeds in the middle of a sport's
/// band (0.5 near its edges, 0.3 for times that look made up), 0 for a guess without evidence.
package struct SportInference: Sendable, Hashable, Codable {
    package enum Basis: String, Sendable, Hashable, Codable, CaseIterable {
        /// The runner chose it.
        case user
        /// The file states it.
        case file
        /// Its names say it.
        case name
        /// The device that recorded it is made for it.
        case device
        /// Its speeds.
        case speed
        /// Nothing said anything: running, runlog's default.
        case assumed
    }

    package var sport: Sport
    package var basis: Basis
    /// 0…1 (see the type's documentation).
    package var confidence: Double

    package init(sport: Sport, basis: Basis, confidence: Double) {
        self.sport = sport
        self.basis = basis
        self.confidence = confidence
    }

    /// The runner's choice.
    package static func chosen(_ sport: Sport) -> SportInference { SportInference(sport: sport, basis: .user, confidence: 1) }

    /// Infers the sport from what the file says and how it moves.
    /// - Parameter motion: the recording's speeds; nil (or without moving time) for files without times.
    package static func infer(_ evidence: SportEvidence, motion: MotionStatistics?) -> SportInference {
        if let stated = evidence.statedSport { return SportInference(sport: stated, basis: .file, confidence: 1) }
        var candidates: [SportInference] = []
        if let named = evidence.namedSport { candidates.append(SportInference(sport: named, basis: .name, confidence: 0.8)) }
        if let device = evidence.deviceSport { candidates.append(SportInference(sport: device.sport, basis: .device, confidence: device.confidence)) }
        if let motion, let bySpeed = fromSpeed(motion) { candidates.append(bySpeed) }
        // The most confident; the first of equals (names before devices before speeds).
        var best: SportInference?
        for candidate in candidates where candidate.confidence > (best?.confidence ?? -1) { best = candidate }
        return best ?? SportInference(sport: .running, basis: .assumed, confidence: 0)
    }

    /// The sport the moving speeds point to, by the median moving speed v50 and the 90th percentile
    /// v90 (time-weighted):
    /// - v50 ≥ 15 m/s or v90 ≥ 18 m/s (65 km/h): a motor vehicle (other); cyclists pass 65 km/h
    ///   only on long descents, never for a tenth of a ride;
    /// - v50 ≥ 4.5 m/s (16 km/h; a 3:42 /km pace is beyond most runners for a whole run): cycling;
    /// - 1.9 ≤ v50 < 4.5 m/s (6.8–16 km/h): running;
    /// - 1.1 ≤ v50 < 1.9 m/s: walking (walking speeds are 1.2–1.6 m/s, Bohannon 1997);
    /// - v50 < 1.1 m/s with movement: hiking (slow, on trails and hills).
    /// Confidence 0.7 in the middle of a band, 0.5 within 15 % of its edges, 0.3 when the speeds are
    /// uniform (made-up times). Swimming is never inferred from speed (it looks like walking).
    static func fromSpeed(_ motion: MotionStatistics) -> SportInference? {
        guard motion.movingSeconds >= 60, let v50 = motion.movingSpeed(quantile: 0.5), let v90 = motion.movingSpeed(quantile: 0.9)
        else { return nil }
        let sport: Sport, low: Double, high: Double
        switch v50 {
        case _ where v50 >= 15 || v90 >= 18: (sport, low, high) = (.other, 15, .infinity)
        case 4.5...: (sport, low, high) = (.cycling, 4.5, 15)
        case 1.9...: (sport, low, high) = (.running, 1.9, 4.5)
        case 1.1...: (sport, low, high) = (.walking, 1.1, 1.9)
        default: (sport, low, high) = (.hiking, 0, 1.1)
        }
        let nearEdge = v50 < low * 1.15 || v50 > high / 1.15
        let confidence = motion.hasUniformSpeed ? 0.3 : nearEdge ? 0.5 : 0.7
        return SportInference(sport: sport, basis: .speed, confidence: confidence)
    }

    /// Why a run's speeds do not fit its sport, or nil when they do: the median moving speed above
    /// what the sport sustains (a ride stored as a run).
    package static func implausibility(of sport: Sport, motion: MotionStatistics?) -> String? {
        guard let motion, motion.movingSeconds >= 60, let v50 = motion.movingSpeed(quantile: 0.5) else { return nil }
        let limit = sport.profile.maximumPlausibleSpeedMetersPerSecond
        guard v50 > limit else { return nil }
        return "the median moving speed, \(Self.format(v50)) m/s, is above what \(sport.rawValue) sustains (\(Self.format(limit)) m/s): "
            + "is the sport right?"
    }

    private static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
