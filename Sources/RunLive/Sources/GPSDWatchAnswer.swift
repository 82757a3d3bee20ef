import Foundation

/// What gpsd says about its GPS devices to a watching client (gpsd_json(5)): a `DEVICES` report
/// listing the devices it reads, then a `WATCH` report confirming the watch; later a `DEVICE`
/// report for each device added (`activated` a time) or lost (`activated` 0, or `deactivated`).
/// Once the `WATCH` report has arrived, gpsd sends this client every report of every device, so
/// the recorder can say it is listening and to what — and that a gpsd without a device has
/// nothing to send.
package struct GPSDWatchAnswer: Sendable {
    private var devices: [String] = []
    private var isWatching = false

    package init() {}

    /// Takes one line of gpsd's output.
    /// - Returns: a notice when the watch is confirmed or the devices change while watching
    ///   ("SOURCE is listening to /dev/ttyACM0", "SOURCE is listening, but gpsd reads no GPS device
    ///   yet"); nil for any other line.
    package mutating func take(_ line: some StringProtocol, from source: String) -> String? {
        guard line.contains("\"DEVICE"), let report = try? JSONDecoder().decode(Report.self, from: Data(line.utf8)) else {
            if line.contains("\"WATCH\""), let report = try? JSONDecoder().decode(Report.self, from: Data(line.utf8)),
               report.class == "WATCH", report.enable == true {
                isWatching = true
                return notice(source)
            }
            return nil
        }
        switch report.class {
        case "DEVICES":
            devices = (report.devices ?? []).filter(\.isActive).compactMap(\.path)
            return nil
        case "DEVICE":
            guard let path = report.path else { return nil }
            let before = devices
            devices.removeAll { $0 == path }
            if report.isActive { devices.append(path) }
            return isWatching && devices != before ? notice(source) : nil
        default:
            return nil
        }
    }

    private func notice(_ source: String) -> String {
        devices.isEmpty ? "\(source) is listening, but gpsd reads no GPS device yet"
                        : "\(source) is listening to \(devices.joined(separator: ", "))"
    }

    /// `activated` is a time while the device is open, 0 once it is closed (older gpsd), and a
    /// closed device may carry `deactivated` instead.
    private enum Activation: Decodable {
        case time(String), number(Double)
        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let text = try? value.decode(String.self) { self = .time(text) } else { self = .number(try value.decode(Double.self)) }
        }
        var isActive: Bool { if case .number(let value) = self { value != 0 } else { true } }
    }

    private struct Device: Decodable {
        var path: String?
        var activated: Activation?
        var deactivated: Activation?
        /// Listed without either field: gpsd knows the device (a `DEVICES` entry is one it reads).
        var isActive: Bool { deactivated == nil && (activated?.isActive ?? true) }
    }

    private struct Report: Decodable {
        var `class`: String
        var devices: [Device]?
        var enable: Bool?
        var path: String?
        var activated: Activation?
        var deactivated: Activation?
        var isActive: Bool { Device(path: path, activated: activated, deactivated: deactivated).isActive }
    }
}
