/// The recording device or app as the file names it (FIT `file_id` and `device_info` of the
/// creator; TCX `Creator`, `Author`). The serial number is never kept: it identifies a person's
/// watch and is of no use to the numbers.
package struct DeviceInfo: Sendable, Hashable, Codable {
    /// The maker (FIT `manufacturer` name, e.g. `garmin`, `suunto`; TCX Creator's maker when stated).
    package var manufacturer: String?
    /// The product (FIT `product_name`, the Garmin product name for `garmin_product`, else the
    /// product number as text; TCX `Creator/Name`).
    package var product: String?
    /// Software version as the file states it (FIT `software_version` / 100; TCX `Version` major.minor).
    package var softwareVersion: String?
    /// The app that wrote the file, when it is not the device (FIT developer `application_id`'s
    /// known names; TCX `Author/Name`).
    package var application: String?

    package init(manufacturer: String? = nil, product: String? = nil, softwareVersion: String? = nil, application: String? = nil) {
        self.manufacturer = manufacturer
        self.product = product
        self.softwareVersion = softwareVersion
        self.application = application
    }

    /// "garmin fr15 (2.20)", for people.
    package var description: String {
        var parts = [manufacturer, product].compactMap { $0 }.filter { !$0.isEmpty }
        if let softwareVersion, !softwareVersion.isEmpty { parts.append("(\(softwareVersion))") }
        if let application, !application.isEmpty { parts.append("via \(application)") }
        return parts.joined(separator: " ")
    }
}

/// What the device itself computed for a session (FIT `session` message) or, summed over its laps,
/// for a TCX activity. Kept as recorded — including values that contradict each other (a timer
/// time longer than the elapsed time, 27 days of elapsed time) — and shown beside runlog's own
/// numbers, never in place of them. Every field is nil when the file does not state it (FIT
/// invalid-value sentinels are never read as values).
package struct DeviceTotals: Sendable, Hashable, Codable {
    /// The sport and sub-sport names as the file states them (FIT profile names: `running`,
    /// `cycling`/`road`; TCX `Sport` attribute: `Running`, `Biking`, `Other`).
    package var sport: String?
    package var subSport: String?
    /// Start time, seconds since 1970 UTC.
    package var startTimeSeconds: Double?
    /// Wall-clock time from start to end, pauses included (FIT `total_elapsed_time`; TCX: none).
    package var elapsedSeconds: Double?
    /// Time the timer ran (FIT `total_timer_time`; TCX: sum of `Lap/TotalTimeSeconds`).
    package var timerSeconds: Double?
    /// FIT `total_distance`; TCX: sum of `Lap/DistanceMeters`.
    package var distanceMeters: Double?
    /// FIT `total_ascent` / `total_descent` (TCX has none).
    package var ascentMeters: Double?
    package var descentMeters: Double?
    /// FIT `avg_heart_rate`, `max_heart_rate`; TCX: time-weighted mean of the laps' averages, maximum of their maxima.
    package var averageHeartRateBPM: Double?
    package var maxHeartRateBPM: Double?
    /// FIT `avg_cadence` + `avg_fractional_cadence` (running: strides per minute, as FIT states it).
    package var averageCadenceRPM: Double?
    /// FIT `avg_power`; TCX ActivityExtension `AvgWatts` (time-weighted over laps).
    package var averagePowerWatts: Double?
    /// FIT `total_calories`; TCX: sum of `Lap/Calories`, in kilocalories.
    package var calories: Double?
    /// Number of laps the device counted (FIT `num_laps`; TCX: `Lap` elements).
    package var lapCount: Int?

    package init() {}

    /// True when no field is set.
    package var isEmpty: Bool { self == DeviceTotals() }
}

/// A lap as the device recorded it (FIT `lap` message, TCX `<Lap>`).
package struct Lap: Sendable, Hashable, Codable {
    /// Start time, seconds since 1970 UTC.
    package var startTimeSeconds: Double?
    package var elapsedSeconds: Double?
    package var timerSeconds: Double?
    package var distanceMeters: Double?
    package var averageHeartRateBPM: Double?
    package var maxHeartRateBPM: Double?
    /// What ended the lap (FIT `lap_trigger`: `manual`, `distance`, `time`, `session_end` …; TCX `TriggerMethod`).
    package var trigger: String?

    package init(startTimeSeconds: Double? = nil) {
        self.startTimeSeconds = startTimeSeconds
    }
}

/// A developer data field as its FIT `field_description` message defines it (the app that wrote
/// it, its name and units). Values are kept per record in ``PointDetails/developerValues``.
package struct DeveloperFieldDescription: Sendable, Hashable, Codable {
    /// FIT `developer_data_index` and `field_definition_number`: the key values refer to.
    package var developerIndex: Int
    package var fieldNumber: Int
    /// FIT `field_name` (e.g. `Power`, `Form Power`), `units` (e.g. `Watts`).
    package var name: String
    package var units: String?
    /// The writing app's id (FIT `developer_data_id.application_id`, as 32 hex digits), when stated.
    package var applicationID: String?

    package init(developerIndex: Int, fieldNumber: Int, name: String, units: String? = nil, applicationID: String? = nil) {
        self.developerIndex = developerIndex
        self.fieldNumber = fieldNumber
        self.name = name
        self.units = units
        self.applicationID = applicationID
    }
}

/// One developer field's value on one record: a number (scaled as its description says), or text.
package struct DeveloperValue: Sendable, Hashable, Codable {
    /// The field's ``DeveloperFieldDescription/name``.
    package var name: String
    package var number: Double?
    package var text: String?

    package init(name: String, number: Double? = nil, text: String? = nil) {
        self.name = name
        self.number = number
        self.text = text
    }
}
