import Foundation

/// The slowest a download may be read (issue 16, breaker finding E): after ``graceSeconds``, its
/// bytes written on average at least ``minimumBytesPerSecond`` since it started, else its stream
/// is cut off and its place (``WorkSlots``) given back.
///
/// The stall rule alone (``RunHTTP/ResponseStream``: half the 64 KiB buffer taken every idle
/// timeout, 20 s) let a client reading 64 KiB every 5 s (13 kB/s) hold a place for as long as a
/// large run's GPX took: four addresses with two such readers each held every download place for
/// about 90 minutes.
///
/// **Default: 16 KiB/s (128 kbit/s) after 30 s.** Slower than any mobile data link still in use
/// (GSM/EDGE carries 100–200 kbit/s; 3G and newer more), so only a client that chooses to read
/// slowly is cut: the reader above is cut after 30 s. At that pace a 10 MB GPX (a run of about
/// 100,000 points) takes at most about 10 minutes; and a newcomer from another address may cut a
/// download sooner anyway (``RunHTTP/FairPool``).
struct DownloadPace: Sendable, Equatable {
    /// The average bytes per second a download keeps once ``graceSeconds`` passed.
    var minimumBytesPerSecond: Int
    /// Seconds from the start in which any pace is taken (a slow start: TCP's, or a busy client).
    var graceSeconds: Double

    /// 16 KiB/s after 30 s.
    static let `default` = DownloadPace(minimumBytesPerSecond: 16 * 1024, graceSeconds: 30)

    /// Whether `bytes` written `seconds` after the start keep the pace.
    func isKept(bytes: Int, seconds: Double) -> Bool {
        seconds <= graceSeconds || Double(bytes) >= Double(minimumBytesPerSecond) * seconds
    }

    /// One download's bytes and start, on its producer's thread.
    struct Meter {
        let pace: DownloadPace
        private let start = ContinuousClock.now
        private var bytes = 0

        init(pace: DownloadPace) { self.pace = pace }

        /// Counts `count` bytes about to be written.
        /// - Returns: whether the download kept its pace up to now (the bytes before these counted).
        mutating func note(_ count: Int) -> Bool {
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            defer { bytes += count }
            return pace.isKept(bytes: bytes, seconds: seconds)
        }
    }
}
