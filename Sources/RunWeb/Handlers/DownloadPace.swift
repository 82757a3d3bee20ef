/// The slowest a download may be read (issue 16, breaker finding E): once its producer has
/// waited ``graceSeconds`` in all for the client to take what it wrote, the bytes written must
/// be at least ``minimumBytesPerSecond`` per second of that waiting, else its stream is cut off
/// and its place (``WorkSlots``) given back. Only time spent waiting for the client counts, so a
/// busy server that writes slowly never cuts a client that reads at once.
///
/// The stall rule alone (``RunHTTP/ResponseStream``: half the 64 KiB buffer taken every idle
/// timeout, 20 s) let a client reading 64 KiB every 5 s (13 kB/s) hold a place for as long as a
/// large run's GPX took: four addresses with two such readers each held every download place for
/// about 90 minutes.
///
/// **Default: 16 KiB/s (128 kbit/s) after 30 s.** Slower than any mobile data link still in use
/// (GSM/EDGE carries 100–200 kbit/s; 3G and newer more), so only a client that chooses to read
/// slowly is cut: the reader above is cut after about 30 s. At that pace a 10 MB GPX (a run of
/// about 100,000 points) takes at most about 10 minutes; and a newcomer from another address may
/// cut a download sooner anyway (``RunHTTP/FairPool``).
package struct DownloadPace: Sendable, Equatable {
    /// The bytes per second of waiting a download keeps once ``graceSeconds`` of waiting passed.
    package var minimumBytesPerSecond: Int
    /// Seconds of waiting for the client in which any pace is taken (a slow start: TCP's, or a busy client).
    package var graceSeconds: Double

    package init(minimumBytesPerSecond: Int, graceSeconds: Double) {
        self.minimumBytesPerSecond = minimumBytesPerSecond
        self.graceSeconds = graceSeconds
    }

    /// 16 KiB/s after 30 s.
    package static let `default` = DownloadPace(minimumBytesPerSecond: 16 * 1024, graceSeconds: 30)

    /// Whether `bytes` written with `waitedSeconds` spent waiting for the client keep the pace.
    func isKept(bytes: Int, waitedSeconds: Double) -> Bool {
        waitedSeconds <= graceSeconds || Double(bytes) >= Double(minimumBytesPerSecond) * waitedSeconds
    }

    /// One download's bytes and time spent waiting for its client, on its producer's thread.
    struct Meter {
        let pace: DownloadPace
        private var bytes = 0
        private var waited: Duration = .zero

        init(pace: DownloadPace) { self.pace = pace }

        /// Whether the download kept its pace up to now.
        var isKept: Bool {
            pace.isKept(bytes: bytes, waitedSeconds: Double(waited.components.seconds) + Double(waited.components.attoseconds) / 1e18)
        }

        /// Counts `count` bytes written, after `waiting` for room in the stream's buffer.
        mutating func note(_ count: Int, waiting: Duration) {
            bytes += count
            waited += waiting
        }
    }
}
