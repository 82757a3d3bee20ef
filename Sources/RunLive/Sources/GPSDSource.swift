package import RunCore
import Foundation

/// Fixes from a live GPS through gpsd's JSON protocol (gpsd_json(5)): the source connects to
/// gpsd (default 127.0.0.1:2947), sends `?WATCH={"enable":true,"json":true}` and turns each TPV
/// report with a 2D or 3D fix (`mode` ≥ 2) and a position into a track point (``GPSDReport``):
/// `lat`, `lon`, elevation from `altMSL` (else `alt`, gpsd's older name for it), `time`. Reports
/// without a fix are skipped; an epoch reported twice is recorded once (``GPSDEpochMerger``). A
/// lost connection is retried every 2 s, with a notice; the first connection failing is an error.
/// gpsd's answer to the watch is a notice naming its GPS devices (``GPSDWatchAnswer``): from then
/// on every fix reaches the recording, and a gpsd without a device says so.
package struct GPSDSource: FixSource {
    package let host: String
    package let port: UInt16

    /// Parses `HOST:PORT`, `HOST` or `:PORT` (IPv6 in brackets: `[::1]:2947`).
    /// - Throws: ``FixSourceError`` for a bad port.
    package init(address: String?) throws {
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
                    throw FixSourceError(.invalidAddress, address: address)
                }
                port = value
            }
        }
        self.host = host
        self.port = port
    }

    package var description: String { "gpsd \(host.contains(":") ? "[\(host)]" : host):\(port)" }

    package func run(emit: @escaping @Sendable (FixEvent) -> Void, stop: StopFlag) throws {
        var connection = try GPSDConnection(host: host, port: port)
        var merger = GPSDEpochMerger()
        var answer = GPSDWatchAnswer()
        func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
        while !stop.isSet {
            do {
                try connection.readLines(stop: stop, idle: {
                    for point in merger.expire(now: now()) { emit(.fix(point)) }
                }) { line in
                    if let notice = answer.take(line, from: description) { emit(.notice(notice)); return }
                    guard let report = GPSDReport(line: line) else { return }
                    for point in merger.take(report, now: now()) { emit(.fix(point)) }
                }
                if stop.isSet { return }
                emit(.notice("\(description) closed the connection; retrying"))
            } catch let error as FixSourceError {
                emit(.notice("\(error); retrying"))
            }
            for point in merger.flush() { emit(.fix(point)) }
            while !stop.isSet {
                guard stop.sleep(seconds: 2) else { return }
                if let again = try? GPSDConnection(host: host, port: port) {
                    connection = again
                    emit(.notice("\(description) is back"))
                    break
                }
            }
        }
    }

    /// A track point from one line of gpsd's JSON, or nil for anything but a TPV with a fix
    /// (see ``GPSDReport``; a recording goes through ``GPSDEpochMerger`` as well).
    package static func trackPoint(fromReport line: some StringProtocol) -> TrackPoint? {
        GPSDReport(line: line)?.point
    }
}
