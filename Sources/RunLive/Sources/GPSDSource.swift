public import RunCore
import Foundation

/// Fixes from a live GPS through gpsd's JSON protocol (gpsd_json(5)): the source connects to
/// gpsd (default 127.0.0.1:2947), sends `?WATCH={"enable":true,"json":true}` and turns each TPV
/// report with a 2D or 3D fix (`mode` ≥ 2) and a position into a track point: `lat`, `lon`,
/// elevation from `altMSL` (else `alt`, gpsd's older name for it), `time`. Reports without a fix
/// are skipped. A lost connection is retried every 2 s, with a notice.
public struct GPSDSource: FixSource {
    public let host: String
    public let port: UInt16

    /// Parses `HOST:PORT`, `HOST` or `:PORT` (IPv6 in brackets: `[::1]:2947`).
    /// - Throws: ``FixSourceError`` for a bad port.
    public init(address: String?) throws {
        var host = "127.0.0.1", port: UInt16 = 2947
        if let address, !address.isEmpty {
            var hostPart = address, portPart: String?
            if address.hasPrefix("["), let close = address.firstIndex(of: "]") {
                hostPart = String(address[address.index(after: address.startIndex)..<close])
                let rest = address[address.index(after: close)...]
                if rest.hasPrefix(":") { portPart = String(rest.dropFirst()) }
            } else if let colon = address.lastIndex(of: ":"), address.firstIndex(of: ":") == colon {
                hostPart = String(address[..<colon])
                portPart = String(address[address.index(after: colon)...])
            }
            if !hostPart.isEmpty { host = hostPart }
            if let portPart {
                guard let value = UInt16(portPart), value > 0 else {
                    throw FixSourceError("'\(address)' is not HOST:PORT (the port is a number from 1 to 65535)")
                }
                port = value
            }
        }
        self.host = host
        self.port = port
    }

    public var description: String { "gpsd \(host.contains(":") ? "[\(host)]" : host):\(port)" }

    public func run(emit: @escaping @Sendable (FixEvent) -> Void, stop: StopFlag) throws {
        var connection = try GPSDConnection(host: host, port: port)
        while !stop.isSet {
            do {
                try connection.readLines(stop: stop) { line in
                    if let point = Self.trackPoint(fromReport: line) { emit(.fix(point)) }
                }
                if stop.isSet { return }
                emit(.notice("gpsd at \(description) closed the connection; retrying"))
            } catch let error as FixSourceError {
                emit(.notice("\(error.message); retrying"))
            }
            while !stop.isSet {
                guard stop.sleep(seconds: 2) else { return }
                if let again = try? GPSDConnection(host: host, port: port) {
                    connection = again
                    emit(.notice("gpsd at \(description) is back"))
                    break
                }
            }
        }
    }

    /// A track point from one line of gpsd's JSON, or nil for anything but a TPV with a fix.
    public static func trackPoint(fromReport line: some StringProtocol) -> TrackPoint? {
        guard line.contains("\"TPV\""), let report = try? JSONDecoder().decode(TPVReport.self, from: Data(line.utf8)),
              report.class == "TPV", (report.mode ?? 0) >= 2, let lat = report.lat, let lon = report.lon,
              lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180 else { return nil }
        var point = TrackPoint(latitude: lat, longitude: lon == 180 ? -180 : lon)
        if (report.mode ?? 0) >= 3 { point.elevationMeters = report.altMSL ?? report.alt }
        if let time = report.time, let parsed = DateTimeText.parse(time) {
            point.timeSeconds = parsed.seconds
            point.timeFractionDigits = UInt8(clamping: min(parsed.fractionDigits, 6))
        }
        return point
    }

    private struct TPVReport: Decodable {
        var `class`: String
        var mode: Int?
        var time: String?
        var lat: Double?
        var lon: Double?
        var alt: Double?
        var altMSL: Double?
    }
}
