import RunCore

/// Elements by where they stand: activities, laps, tracks, trackpoints, creators, courses.
extension TCXParseState {
    // MARK: - Start

    func startChild(_ name: TCXElementName, of parent: Role, attributes: SAXAttributes) {
        switch parent {
        case .root:
            switch name {
            case .activities: stack.append(.activities)
            case .courses: stack.append(.courses)
            case .author: stack.append(.author)
            default: skip(name)  // Folders, Workouts, Extensions
            }
        case .activities:
            switch name {
            case .activity: startActivity(attributes)
            case .multiSportSession: stack.append(.multiSportSession)
            default: skip(name)
            }
        case .multiSportSession:
            if name == .firstSport || name == .nextSport { stack.append(.sport) } else { skip(name) }
        case .sport:
            switch name {
            case .activity: startActivity(attributes)
            case .transition: startTransition()
            default: skip(name)
            }
        case .activity:
            switch name {
            case .lap: startLap(attributes)
            case .notes: beginText(.activityNotes)
            case .creator: startCreator()
            default: skip(name)  // Id, Training, Extensions
            }
        case .lap, .transition:
            startLapChild(name)
        case .lapAverageHeartRate:
            if name == .value { beginText(.lapAverageHeartRate) } else { skip(name) }
        case .lapMaximumHeartRate:
            if name == .value { beginText(.lapMaxHeartRate) } else { skip(name) }
        case .lapExtensions:
            switch name {
            case .avgRunCadence: beginText(.lapRunCadence)
            case .avgWatts: beginText(.lapWatts)
            default: stack.append(.lapExtensions)  // LX, or a vendor's wrapper: look inside
            }
        case .track:
            if name == .trackpoint { startTrackpoint() } else { skip(name) }
        case .trackpoint:
            switch name {
            case .time: beginText(.pointTime)
            case .position: startPosition()
            case .altitudeMeters: beginText(.altitude)
            case .distanceMeters: beginText(.pointDistance)
            case .heartRateBpm: stack.append(.pointHeartRate)
            case .cadence: beginText(.pointCadence)
            case .extensions: stack.append(.pointExtensions)
            default: skip(name)  // SensorState
            }
        case .position:
            switch name {
            case .latitudeDegrees: beginText(.latitude)
            case .longitudeDegrees: beginText(.longitude)
            default: skip(name)
            }
        case .pointHeartRate:
            if name == .value { beginText(.heartRate) } else { skip(name) }
        case .pointExtensions:
            switch name {
            case .speed: beginText(.speed)
            case .runCadence: beginText(.runCadence)
            case .watts: beginText(.watts)
            default: stack.append(.pointExtensions)  // TPX, or a vendor's wrapper: look inside
            }
        case .creator:
            switch name {
            case .name: beginText(.creatorName)
            case .version: stack.append(.creatorVersion)
            default: skip(name)
            }
        case .creatorVersion:
            switch name {
            case .versionMajor: beginText(.versionMajor)
            case .versionMinor: beginText(.versionMinor)
            default: skip(name)
            }
        case .author:
            if name == .name { beginText(.authorName) } else { skip(name) }
        case .courses:
            if name == .course { startCourse() } else { skip(name) }
        case .course:
            switch name {
            case .name: beginText(.courseName)
            case .track: startTrack(owner: .course)
            case .notes: beginText(.courseNotes)
            case .coursePoint: startCoursePoint()
            case .creator: startCreator()
            default: skip(name)  // Lap (CourseLap_t: the route has no place for its totals), Extensions
            }
        case .coursePoint:
            switch name {
            case .name: beginText(.coursePointName)
            case .time: beginText(.pointTime)
            case .position: startPosition()
            case .altitudeMeters: beginText(.altitude)
            case .pointType: beginText(.coursePointType)
            case .notes: beginText(.coursePointNotes)
            default: skip(name)
            }
        case .leaf:
            skip(name)
        }
    }

    private func startLapChild(_ name: TCXElementName) {
        switch name {
        case .totalTimeSeconds: beginText(.lapTime)
        case .distanceMeters: beginText(.lapDistance)
        case .calories: beginText(.lapCalories)
        case .averageHeartRateBpm: stack.append(.lapAverageHeartRate)
        case .maximumHeartRateBpm: stack.append(.lapMaximumHeartRate)
        case .cadence: beginText(.lapCadence)
        case .triggerMethod: beginText(.lapTrigger)
        case .track: startTrack(owner: .activity)
        case .extensions: stack.append(.lapExtensions)
        case .trackpoint:
            // Some exporters (Endomondo converters) leave out the <Track> around a lap's trackpoints.
            if !hasBareTrackInLap {
                charge(ActivityMemoryBudget.segmentBytes, for: "Trackpoint")
                hasBareTrackInLap = true
                tracksInLap += 1
                activity?.beginTrack(isPause: tracksInLap > 1)
                diagnostics.add("trackpointOutsideTrack", "trackpoints directly inside a <Lap>, without a <Track> around them, were read as the lap's track",
                                severity: .note, line: line)
            }
            trackOwner = .activity
            startTrackpoint()
        default: skip(name)  // MaximumSpeed (Strava writes it ×3600), Intensity, Notes
        }
    }

    /// Skips an element the reader does not use, with its content.
    func skip(_ name: TCXElementName) {
        skipDepth = 1
        if name == .trackpoint { noteTrackpointNotRead() }
    }

    func noteTrackpointNotRead() {
        diagnostics.add("trackpointNotRead", "a <Trackpoint> outside an activity's lap or a course's track was not read",
                        line: line)
    }

    // MARK: - Activities and laps

    private func startActivity(_ attributes: SAXAttributes) {
        if !hasPendingTransition || activity == nil { activity = TCXTrackBuilder() }
        hasPendingTransition = false
        let sportText = attributes.text(ofUnqualified: "Sport")?.trimmingXMLSpace
        sport = (sportText?.isEmpty ?? true) ? nil : sportText
        notes = nil
        stack.append(.activity)
    }

    private func startTransition() {
        activity = TCXTrackBuilder()
        hasPendingTransition = true
        lap = TCXLapValues()
        tracksInLap = 0
        hasBareTrackInLap = false
        stack.append(.transition)
    }

    private func startLap(_ attributes: SAXAttributes) {
        lap = TCXLapValues()
        tracksInLap = 0
        hasBareTrackInLap = false
        if let value = attributes.value(ofUnqualified: "StartTime") {
            lap.startTimeSeconds = time(value, "Lap StartTime")?.seconds
        }
        stack.append(.lap)
    }

    private func startTrack(owner: Role) {
        charge(ActivityMemoryBudget.segmentBytes, for: "Track")  // it may start a segment
        trackOwner = owner
        if owner == .activity {
            tracksInLap += 1
            activity?.beginTrack(isPause: tracksInLap > 1)
        }
        stack.append(.track)
    }

    // MARK: - Points

    private func resetPoint() {
        point = TrackPoint(latitude: .nan, longitude: .nan)
        latitude = nil
        longitude = nil
        hasPositionElement = false
        pointDistanceMeters = nil
        pointSpeedMetersPerSecond = nil
        pointPowerWatts = nil
        pointLine = line
    }

    private func startTrackpoint() {
        resetPoint()
        stack.append(.trackpoint)
    }

    private func startCoursePoint() {
        resetPoint()
        pointName = nil
        pointType = nil
        pointNotes = nil
        stack.append(.coursePoint)
    }

    private func startPosition() {
        hasPositionElement = true
        stack.append(.position)
    }

    // MARK: - Creators and courses

    private func startCreator() {
        creatorName = nil
        creatorVersionMajor = nil
        creatorVersionMinor = nil
        stack.append(.creator)
    }

    private func startCourse() {
        charge(ActivityMemoryBudget.routeBytes, for: "Course")
        course = Route()
        stack.append(.course)
    }

    // MARK: - End

    func end(_ role: Role) {
        switch role {
        case .leaf: endText()
        case .trackpoint: endTrackpoint()
        case .coursePoint: endCoursePoint()
        case .lap:
            charge(ActivityMemoryBudget.lapBytes, for: "Lap")
            activity?.add(lap)
        case .activity: endActivity()
        case .sport:
            // A transition with no activity after it: its trackpoints still make a track.
            if hasPendingTransition { endActivity() }
        case .creator: endCreator()
        case .course: endCourse()
        default: break
        }
    }

    private func endActivity() {
        guard let builder = activity else { return }
        charge(ActivityMemoryBudget.trackBytes + ActivityMemoryBudget.deviceTotalsBytes, for: "Activity")
        if hasPendingTransition { sport = nil; notes = nil }
        hasPendingTransition = false
        tracks.append(builder.finish(sport: sport, notes: notes))
        activity = nil
    }

    /// The trackpoint's position when its `<Position>` holds a usable latitude and longitude
    /// (TCX `DegreesLatitude_t` [-90, 90]; a longitude outside [-180, 180) is normalised, as the
    /// GPX reader does). Otherwise the trackpoint is kept without a position and it is said why.
    private func resolvedPosition() -> Coordinate? {
        guard hasPositionElement else { return nil }
        guard let latitude, let longitude else {
            diagnostics.add("incompletePosition",
                            "a <Position> without a usable <LatitudeDegrees> and <LongitudeDegrees>; the point is kept without a position",
                            line: pointLine)
            return nil
        }
        guard latitude >= -90, latitude <= 90 else {
            diagnostics.add("latitudeOutOfRange",
                            "a <LatitudeDegrees> of \(DecimalText.format(latitude)) is outside [-90, 90]; the point is kept without a position",
                            line: pointLine)
            return nil
        }
        let normalized = Coordinate.normalizedLongitude(longitude)
        if normalized != longitude {
            diagnostics.add("longitudeNormalized",
                            "a longitude outside [-180, 180) was normalised (\(DecimalText.format(longitude)) became \(DecimalText.format(normalized)))",
                            line: pointLine)
        }
        return Coordinate(latitude: latitude, longitude: normalized)
    }

    /// The device's speed and cumulative distance are kept where runlog has no position to measure
    /// them on (as the FIT reader does); power always.
    private func attachDetails() {
        // (0, 0) is kept whole: it may be a placeholder of a device without a fix (PlaceholderPositions).
        let positioned = point.hasPosition && (point.latitude != 0 || point.longitude != 0)
        let distance = positioned ? nil : pointDistanceMeters, speed = positioned ? nil : pointSpeedMetersPerSecond
        guard distance != nil || speed != nil || pointPowerWatts != nil else { return }
        var details = PointDetails()
        details.distanceMeters = distance
        details.speedMetersPerSecond = speed
        details.powerWatts = pointPowerWatts
        point.setDetails(knownNonEmpty: details)
    }

    private func endTrackpoint() {
        attachDetails()
        charge(ActivityMemoryBudget.pointBytes + (point.hasDetails ? ActivityMemoryBudget.detailsBytes : 0), for: "Trackpoint")
        let position = resolvedPosition()
        if let position { point.coordinate = position }
        if point.timeSeconds == nil {
            diagnostics.add("trackpointWithoutTime", "a <Trackpoint> has no <Time>; it is kept without one", line: pointLine)
        }
        if trackOwner == .course {
            if position != nil {
                course?.points.append(point)
            } else {
                diagnostics.add("courseTrackpointWithoutPosition",
                                "a course trackpoint without a position was left out of the route (a route is its positions)",
                                line: pointLine)
            }
            return
        }
        guard let activity else { return }
        if activity.add(point, hasPosition: position != nil) {
            diagnostics.add("timeNotIncreasing",
                            "a trackpoint's time is earlier than the one before it; the trackpoints are kept in file order",
                            line: pointLine)
        }
        if hasPendingTransition {
            diagnostics.add("transitionTrackpoints",
                            "trackpoints of a multisport <Transition> were kept at the start of the activity that follows it",
                            severity: .note, line: pointLine)
        }
    }

    private func endCoursePoint() {
        charge(ActivityMemoryBudget.pointBytes + ActivityMemoryBudget.detailsBytes, for: "CoursePoint")
        guard let position = resolvedPosition() else {
            diagnostics.add("coursePointWithoutPosition", "a <CoursePoint> without a usable position was left out", line: pointLine)
            return
        }
        var waypoint = point
        waypoint.coordinate = position
        if pointName != nil || pointType != nil || pointNotes != nil {
            var details = PointDetails()
            details.name = pointName
            details.type = pointType
            details.description = pointNotes
            waypoint.details = details
        }
        waypoints.append(waypoint)
    }

    private func endCreator() {
        guard device == nil, let creatorName, !creatorName.isEmpty else { return }
        var version: String?
        if let major = creatorVersionMajor {
            version = creatorVersionMinor.map { "\(major).\($0)" } ?? "\(major)"
        }
        device = DeviceInfo(product: creatorName, softwareVersion: version)
    }

    private func endCourse() {
        if let course { routes.append(course) }
        course = nil
    }
}
