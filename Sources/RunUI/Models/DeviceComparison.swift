package import RunCore

/// The device's own totals beside runlog's numbers, quantity by quantity, with the difference and
/// why they differ (`runlog show`, `--json`, the API and the run page all take it from here).
/// Only quantities the device stated are compared; a difference is runlog's value minus the device's.
package struct DeviceComparison: Sendable {
    /// A compared quantity; `rawValue` is its stable JSON name, with its SI unit.
    package enum Quantity: String, Sendable, CaseIterable {
        case distanceMeters
        /// The device's timer time (stopped while paused) against runlog's moving time.
        case timerTimeSeconds
        case elapsedTimeSeconds
        case elevationGainMeters
        case elevationLossMeters
        case averageHeartRateBeatsPerMinute
        case maximumHeartRateBeatsPerMinute
        case averageCadenceRevolutionsPerMinute
        /// runlog does not compute power yet: the device's value alone.
        case averagePowerWatts
    }

    package struct Row: Sendable {
        package var quantity: Quantity
        package var device: Double
        /// runlog's value, nil where runlog has none.
        package var runlog: Double?
        package var difference: Double? { runlog.map { $0 - device } }
    }

    package let rows: [Row]
    /// The device's totals compared.
    package let totals: DeviceTotals

    /// nil when the run has no device totals (GPX) or they state nothing comparable.
    package init?(summary s: ActivitySummary) {
        guard let t = s.deviceTotals else { return nil }
        totals = t
        var rows: [Row] = []
        func add(_ q: Quantity, _ device: Double?, _ runlog: Double?) {
            if let device, device.isFinite { rows.append(Row(quantity: q, device: device, runlog: runlog)) }
        }
        add(.distanceMeters, t.distanceMeters, s.distanceMeters)
        add(.timerTimeSeconds, t.timerSeconds, s.movingTimeSeconds)
        add(.elapsedTimeSeconds, t.elapsedSeconds, s.elapsedTimeSeconds)
        add(.elevationGainMeters, t.ascentMeters, s.elevationGainMeters)
        add(.elevationLossMeters, t.descentMeters, s.elevationLossMeters)
        add(.averageHeartRateBeatsPerMinute, t.averageHeartRateBPM, s.averageHeartRateBPM)
        add(.maximumHeartRateBeatsPerMinute, t.maxHeartRateBPM, s.maximumHeartRateBPM)
        add(.averageCadenceRevolutionsPerMinute, t.averageCadenceRPM, s.averageCadenceRPM)
        add(.averagePowerWatts, t.averagePowerWatts, nil)
        guard !rows.isEmpty else { return nil }
        self.rows = rows
    }

    /// A value of `quantity` written for people.
    package static func text(_ value: Double?, _ quantity: Quantity, formatter: DisplayFormatter) -> String {
        guard let value else { return "–" }
        switch quantity {
        case .distanceMeters: return formatter.distance(value)
        case .timerTimeSeconds, .elapsedTimeSeconds: return formatter.duration(value)
        case .elevationGainMeters, .elevationLossMeters: return formatter.elevation(value)
        case .averageHeartRateBeatsPerMinute, .maximumHeartRateBeatsPerMinute: return formatter.heartRate(value)
        case .averageCadenceRevolutionsPerMinute: return formatter.cadence(value)
        case .averagePowerWatts: return formatter.whole(value) + " W"
        }
    }

    /// A difference written for people, signed, with the share of the device's value for distances.
    package static func differenceText(_ row: Row, formatter: DisplayFormatter) -> String {
        guard let d = row.difference else { return "–" }
        // A difference that rounds to nothing as written (half a second, half a beat) has no sign.
        let sign = abs(d) < 0.5 ? "±" : d > 0 ? "+" : d < 0 ? "−" : "±"
        var text: String
        switch row.quantity {
        case .timerTimeSeconds, .elapsedTimeSeconds: text = sign + formatter.duration(abs(d))
        case .distanceMeters where abs(d) < 1000: text = sign + formatter.elevation(abs(d))
        default: text = sign + Self.text(abs(d), row.quantity, formatter: formatter)
        }
        if row.quantity == .distanceMeters, row.device > 0 {
            text += " (" + sign + formatter.fixed(abs(d) / row.device * 100, decimals: 1) + " %)"
        }
        return text
    }

    /// The totals and the comparison as JSON: `{"deviceTotals": {...}, "deviceComparison": [...]}` values.
    package static func json(_ totals: DeviceTotals?) -> JSONValue {
        guard let t = totals else { return .null }
        return .object([
            "sport": .from(t.sport), "subSport": .from(t.subSport),
            "startTime": .from(CalendarText.iso8601(t.startTimeSeconds)),
            "elapsedTimeSeconds": .from(t.elapsedSeconds), "timerTimeSeconds": .from(t.timerSeconds),
            "distanceMeters": .from(t.distanceMeters), "elevationGainMeters": .from(t.ascentMeters),
            "elevationLossMeters": .from(t.descentMeters),
            "averageHeartRateBeatsPerMinute": .from(t.averageHeartRateBPM), "maximumHeartRateBeatsPerMinute": .from(t.maxHeartRateBPM),
            "averageCadenceRevolutionsPerMinute": .from(t.averageCadenceRPM), "averagePowerWatts": .from(t.averagePowerWatts),
            "energyJoules": .from(t.calories.map { $0 * 4184 }), "lapCount": .from(t.lapCount),
        ])
    }

    package var json: JSONValue {
        .array(rows.map { row in
            .object(["quantity": .string(row.quantity.rawValue), "device": .number(row.device), "runlog": .from(row.runlog),
                     "difference": .from(row.difference)])
        })
    }
}
