package import RunCore
package import RunStore
package import RunApp

/// The numbers of a run (or of a file, for `runlog stats`) as labelled lines for people (in the
/// formatter's language) and as JSON values for machines. The JSON is the same in every language:
/// English keys, SI units with the unit in the key, times in ISO 8601 UTC.
package struct RunPresentation: Sendable {
    package var summary: ActivitySummary
    /// Splits, best efforts, zones and the clean-up report, when computed.
    package var analysis: RunAnalysis?
    /// What the reader noticed.
    package var diagnostics: [Diagnostic]
    /// Identity of the run in the library, when it is stored.
    package var run: RunRecord?
    package var name: String
    package var source: String
    package var creator: String?
    /// Whether the stored numbers come from an older method or other settings than the current
    /// ones (set by the caller, which knows the settings; an older method is detected here).
    package var isStale: Bool

    package init(run: RunRecord, analysis: RunAnalysis?) {
        isStale = (analysis?.summary ?? run.summary).parameters.methodVersion < AnalysisParameters.currentMethodVersion
        summary = analysis?.summary ?? run.summary
        self.analysis = analysis
        diagnostics = run.diagnostics + (analysis?.notes ?? [])
        self.run = run
        name = run.name
        source = run.sourceName
        creator = run.creator
    }

    /// A stored run as RunApp's ``RunApp/Runs/detail(id:)`` gives it, stale as it says.
    package init(_ detail: RunDetail) {
        self.init(run: detail.record, analysis: detail.analysis)
        isStale = detail.isStale
    }

    package init(analysis: RunAnalysis, diagnostics: [Diagnostic], name: String, source: String, creator: String?) {
        self.summary = analysis.summary
        self.analysis = analysis
        self.diagnostics = diagnostics + analysis.notes
        self.name = name
        self.source = source
        self.creator = creator
        isStale = false
    }

    /// `label: value` lines for the terminal, in the formatter's language.
    /// - Parameter updateCommand: the command that recomputes a stale run, for the note saying it
    ///   is stale (the CLI's `runlog reanalyze ID`); nil where no command is typed (the web).
    package func fields(formatter: DisplayFormatter, calendar: CalendarText,
                        updateCommand: ((Int64) -> String)? = nil) -> [(label: String, value: String)] {
        let s = summary
        let t = formatter.strings
        var lines: [(String, String)] = []
        if let run { lines.append((t.fieldRun, "\(run.id)")) }
        lines.append((t.fieldName, name))
        lines.append((t.fieldStart, calendar.dateTime(s.startTimeSeconds)))
        lines.append((t.fieldElapsedTime, formatter.duration(s.elapsedTimeSeconds)))
        lines.append((t.fieldMovingTime, formatter.duration(s.movingTimeSeconds)))
        lines.append((t.fieldDistance, formatter.distance(s.distanceMeters) + (s.distanceSource == .device ? t.distanceFromDevice : "")))
        if s.sport.readsSpeed {
            // Riders read speed, not pace.
            lines.append((t.fieldAverageSpeed, formatter.speed(metersPerSecond: s.averageSpeedMetersPerSecond)))
            if s.maximumSpeedMetersPerSecond != nil {
                lines.append((t.fieldMaximumSpeed, formatter.speed(metersPerSecond: s.maximumSpeedMetersPerSecond)
                    + " " + t.bestPaceWindow(formatter.whole(s.parameters.speedWindowSeconds))))
            }
        } else {
            lines.append((t.fieldAveragePace, formatter.pace(secondsPerKilometer: s.averagePaceSecondsPerKilometer)))
            if s.maximumSpeedMetersPerSecond != nil {
                lines.append((t.fieldBestPace, formatter.pace(secondsPerKilometer: s.bestPaceSecondsPerKilometer)
                    + " " + t.bestPaceWindow(formatter.whole(s.parameters.speedWindowSeconds))))
            }
        }
        lines.append((t.fieldElevationGain, formatter.elevationChange(s.elevationGainMeters, sign: "+")
            + (s.elevationGainMeters == nil ? "" : s.elevationSource.map { " " + t.elevationSource($0) } ?? "")))
        lines.append((t.fieldElevationLoss, formatter.elevationChange(s.elevationLossMeters, sign: "-")))
        lines.append((t.fieldHeartRate, s.averageHeartRateBPM == nil ? "–"
            : t.heartRateAverageAndMaximum(formatter.heartRate(s.averageHeartRateBPM), formatter.heartRate(s.maximumHeartRateBPM))))
        if let spm = s.averageCadenceStepsPerMinute, let rpm = s.averageCadenceRPM {
            lines.append((t.fieldCadence, t.cadenceStepsPerMinute(formatter.whole(spm)) + (spm != rpm ? t.cadencePerFoot(formatter.whole(rpm)) : "")))
        } else {
            lines.append((t.fieldCadence, s.averageCadenceRPM == nil ? formatter.cadence(nil) : t.average(formatter.cadence(s.averageCadenceRPM))))
        }
        var points = t.pointsInSegments(formatter.count(s.trackPointCount, t.trackPoints), formatter.count(s.segmentCount, t.segments))
        if s.recordsWithoutPositionCount > 0 { points += ", " + formatter.count(s.recordsWithoutPositionCount, t.recordsWithoutPosition) }
        if s.waypointCount > 0 { points += ", " + formatter.count(s.waypointCount, t.waypoints) }
        if s.routeCount > 0 {
            points += ", " + t.routesWithPoints(formatter.count(s.routeCount, t.routes), formatter.count(s.routePointCount, t.routePoints),
                                                formatter.distance(s.routeDistanceMeters))
        }
        lines.append((t.fieldPoints, points))
        lines.append((t.fieldSport, run?.isRoute == true ? t.routeKind : t.sportName(s.sport) + " " + t.sportSource(s.sportSource)))
        lines.append((t.fieldDevice, creator ?? t.unknownDevice))
        lines.append((t.fieldFile, source + (s.sourceFormat.map { $0 == .gpx ? "" : " (\($0.displayName))" } ?? "") + (run?.part.map { " (" + t.partOfFile($0.index + 1, $0.count) + ")" } ?? "")))
        if let notes = run?.notes, !notes.isEmpty { lines.append((t.fieldNotes, PrintableText.line(notes))) }
        if let gear = run?.gear, !gear.isEmpty { lines.append((t.fieldGear, PrintableText.line(gear))) }
        lines.append((t.fieldWarnings, diagnostics.isEmpty ? t.noWarnings : formatter.integer(diagnostics.count)))
        if let timed = s.timedDistanceMeters, s.distanceMeters - timed > max(1, 0.005 * s.distanceMeters) {
            lines.append((t.fieldNote, t.timesCoverPart(formatter.distance(timed), formatter.distance(s.distanceMeters))))
        }
        if isStale, let run {
            lines.append((t.fieldNote, updateCommand.map { t.analysedByOlderMethod($0(run.id)) } ?? t.analysedByOlderMethodOnly))
        }
        return lines
    }

    /// The values of a run row in lists.
    package static func listValues(_ run: RunRecord) -> [String: JSONValue] {
        let s = run.summary
        return [
            "id": .integer(run.id), "name": .string(run.name), "startTime": .from(CalendarText.iso8601(run.startTimeSeconds)),
            "distanceMeters": .number(s.distanceMeters), "movingTimeSeconds": .from(s.movingTimeSeconds),
            "elapsedTimeSeconds": .from(s.elapsedTimeSeconds),
            "averagePaceSecondsPerKilometer": .from(s.averagePaceSecondsPerKilometer),
            "elevationGainMeters": .from(s.elevationGainMeters),
            "sport": .string(s.sport.rawValue), "kind": .string(run.kind.rawValue),
        ]
    }

    /// Every number, for `--json`.
    package var json: JSONValue {
        let s = summary
        var object: [String: JSONValue] = [
            "name": .string(name),
            "source": .string(source),
            "creator": .from(creator),
            "startTime": .from(CalendarText.iso8601(s.startTimeSeconds)),
            "endTime": .from(CalendarText.iso8601(s.endTimeSeconds)),
            "elapsedTimeSeconds": .from(s.elapsedTimeSeconds),
            "movingTimeSeconds": .from(s.movingTimeSeconds),
            "distanceMeters": .number(s.distanceMeters),
            "distance3DMeters": .number(s.distance3DMeters),
            "timedDistanceMeters": .from(s.timedDistanceMeters),
            "averageSpeedMetersPerSecond": .from(s.averageSpeedMetersPerSecond),
            "averagePaceSecondsPerKilometer": .from(s.averagePaceSecondsPerKilometer),
            "elevationGainMeters": .from(s.elevationGainMeters),
            "elevationLossMeters": .from(s.elevationLossMeters),
            "elevationSource": s.elevationSource.map { .string($0.rawValue) } ?? .null,
            "minimumElevationMeters": .from(s.minimumElevationMeters),
            "maximumElevationMeters": .from(s.maximumElevationMeters),
            "averageHeartRateBeatsPerMinute": .from(s.averageHeartRateBPM),
            "maximumHeartRateBeatsPerMinute": .from(s.maximumHeartRateBPM),
            "averageCadenceRevolutionsPerMinute": .from(s.averageCadenceRPM),
            "averageCadenceStepsPerMinute": .from(s.averageCadenceStepsPerMinute),
            "maximumSpeedMetersPerSecond": .from(s.maximumSpeedMetersPerSecond),
            "bestPaceSecondsPerKilometer": .from(s.bestPaceSecondsPerKilometer),
            "sport": .string(s.sport.rawValue),
            "sportSource": .string(s.sportSource.rawValue),
            "sportConfidence": .number(s.sportConfidence),
            "analyzedPointCount": .integer(Int64(s.analyzedPointCount)),
            "trackCount": .integer(Int64(s.trackCount)),
            "segmentCount": .integer(Int64(s.segmentCount)),
            "trackPointCount": .integer(Int64(s.trackPointCount)),
            "waypointCount": .integer(Int64(s.waypointCount)),
            "routeCount": .integer(Int64(s.routeCount)),
            "routePointCount": .integer(Int64(s.routePointCount)),
            "routeDistanceMeters": .number(s.routeDistanceMeters),
            "format": .string((s.sourceFormat ?? .gpx).rawValue),
            "distanceSource": s.distanceSource.map { .string($0.rawValue) } ?? .null,
            "recordsWithoutPositionCount": .integer(Int64(s.recordsWithoutPositionCount)),
            "deviceTotals": DeviceComparison.json(s.deviceTotals),
            "deviceComparison": DeviceComparison(summary: s)?.json ?? .array([]),
            "analysis": .object([
                "methodVersion": .integer(Int64(s.parameters.methodVersion)),
                "distanceModel": .string("WGS84 geodesic, 2D, within segments"),
                "movingSpeedThresholdMetersPerSecond": .number(s.parameters.movingSpeedThresholdMetersPerSecond),
                "minimumStopSeconds": .number(s.parameters.minimumStopSeconds),
                "elevationDeadBandMeters": .from(s.elevationDeadBandMeters),
                "elevationMedianHalfWindowSeconds": .number(s.parameters.elevationMedianHalfWindowSeconds),
                "maximumPlausibleSpeedMetersPerSecond": .number(s.parameters.maximumPlausibleSpeedMetersPerSecond),
                "speedCeilingMetersPerSecond": .number(s.parameters.speedCeilingMetersPerSecond),
                "splitGapSeconds": .number(s.parameters.splitGapSeconds),
                "speedWindowSeconds": .number(s.parameters.speedWindowSeconds),
                "maximumHeartRateBeatsPerMinute": .number(s.parameters.maximumHeartRateBPM),
                "heartRateZoneLowerBoundsFractionOfMaximum": .array(s.parameters.heartRateZoneLowerBounds.map { .number($0) }),
            ]),
            "splitsPerKilometer": .array((analysis?.splitsPerKilometer ?? []).map(Self.json)),
            "splitsPerMile": .array((analysis?.splitsPerMile ?? []).map(Self.json)),
            "bestEfforts": .array((analysis?.bestEfforts ?? []).map { e in
                .object(["distanceMeters": .number(e.distanceMeters), "elapsedTimeSeconds": .number(e.elapsedTimeSeconds),
                         "startDistanceMeters": .number(e.startDistanceMeters),
                         "startTime": .from(CalendarText.iso8601(e.startTimeSeconds))])
            }),
            "heartRateZones": analysis?.heartRateZones.map { z in
                .object(["lowerBoundsBeatsPerMinute": .array(z.lowerBoundsBPM.map { .number($0) }),
                         "secondsInZone": .array(z.secondsInZone.map { .number($0) }),
                         "secondsBelowZones": .number(z.secondsBelowZones)])
            } ?? .null,
            "warnings": .array(diagnostics.map(Self.json)),
            "cleanup": .array((analysis?.cleanup.entries ?? []).map { entry in
                .object(["kind": .string(entry.kind.rawValue), "count": .integer(Int64(entry.count)),
                         "places": .array(entry.places.map { .string($0) })])
            }),
        ]
        if let b = s.bounds {
            object["bounds"] = .object(["minLatitude": .number(b.minLatitude), "minLongitude": .number(b.minLongitude),
                                        "maxLatitude": .number(b.maxLatitude), "maxLongitude": .number(b.maxLongitude),
                                        "crossesAntimeridian": .bool(b.crossesAntimeridian)])
        } else {
            object["bounds"] = .null
        }
        if let run {
            object["id"] = .integer(run.id)
            object["importedAt"] = .from(CalendarText.iso8601(run.importedAtSeconds.rounded(.down)))
            object["gpxVersion"] = .string(run.gpxVersion)
            object["contentSHA256"] = .string(run.contentSHA256)
            object["kind"] = .string(run.kind.rawValue)
            object["chosenSport"] = run.chosenSport.map { .string($0.rawValue) } ?? .null
            object["originalId"] = .integer(run.originalID)
            object["part"] = run.part.map { .object(["index": .integer(Int64($0.index + 1)), "count": .integer(Int64($0.count))]) } ?? .null
            object["notes"] = .string(run.notes)
            object["gear"] = .string(run.gear)
            object["isStale"] = .bool(isStale)
        }
        return .object(object)
    }

    /// A split as JSON.
    package static func json(_ s: Split) -> JSONValue {
        .object(["index": .integer(Int64(s.index)), "distanceMeters": .number(s.distanceMeters),
                 "elapsedTimeSeconds": .number(s.elapsedTimeSeconds), "movingTimeSeconds": .number(s.movingTimeSeconds),
                 "paceSecondsPerKilometer": .from(s.paceSecondsPerKilometer), "elevationChangeMeters": .from(s.elevationChangeMeters),
                 "averageHeartRateBeatsPerMinute": .from(s.averageHeartRateBPM), "isPartial": .bool(s.isPartial)])
    }

    /// A diagnostic as JSON.
    package static func json(_ d: Diagnostic) -> JSONValue {
        .object(["code": .string(d.code), "severity": .string(d.severity.rawValue), "message": .string(d.message),
                 "line": .from(d.line), "column": .from(d.column), "count": .integer(Int64(d.count))])
    }
}
