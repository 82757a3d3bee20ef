package import RunCore
import Foundation

/// Reads GPX 1.0 and 1.1 with libxml2's SAX2 push parser, streaming: the file goes through in
/// chunks and track points reach a ``GPXContentHandler`` one by one.
///
/// Lenient where the meaning is clear (GPX 1.0 elements in 1.1 files and the reverse, files without
/// the GPX namespace, zone-less times, longitudes beyond ±180, vendor heart-rate and power elements),
/// strict where it is not: XML that is not well-formed, a root other than `<gpx>`, a missing,
/// non-numeric or non-finite `lat`/`lon`, or a latitude outside [-90, 90] refuse the whole file
/// with a ``ReadError`` naming the line and column — unless ``Options/skipsInvalidPoints`` is set,
/// in which case invalid points are left out and listed in the diagnostics. Documents declaring
/// entities are refused; no DTD is loaded and nothing is fetched from the network.
package struct GPXReader: ActivityFileReader {
    package static let format = ActivityFileFormat.gpx

    package struct Options: Sendable {
        /// Leave out points with an invalid position instead of refusing the file (reported).
        package var skipsInvalidPoints: Bool
        /// The most the activity read may take in memory, estimated from its elements as they are
        /// kept (``ActivityMemoryBudget``); a file needing more is refused with `.tooLarge`. Also
        /// charged when the handler keeps nothing (a statistics pass), so that a file reads or is
        /// refused the same way whoever reads it.
        package var maximumActivityBytes: Int

        package init(skipsInvalidPoints: Bool = false, maximumActivityBytes: Int = ReadLimits.maximumActivityBytes) {
            self.skipsInvalidPoints = skipsInvalidPoints
            self.maximumActivityBytes = maximumActivityBytes
        }
    }

    package var options: Options

    package init(options: Options = Options()) {
        self.options = options
    }

    /// Reads a whole GPX file into an ``Activity``.
    /// - Parameter path: the file's path; `fileName` in errors is the path as given.
    /// - Throws: ``ReadError`` (`.io` when the file cannot be opened or read).
    package func read(fileAt path: String) throws -> ActivityReadResult {
        let builder = ActivityBuilder()
        let diagnostics = try read(fileAt: path, into: builder)
        return ActivityReadResult(activity: builder.activity, diagnostics: diagnostics)
    }

    /// Reads GPX from bytes in memory into an ``Activity``.
    /// - Throws: ``ReadError``.
    package func read(_ bytes: some Collection<UInt8>, fileName: String) throws -> ActivityReadResult {
        let builder = ActivityBuilder()
        let session = GPXReadSession(fileName: fileName, options: options, handler: builder)
        let array = Array(bytes)
        try array.withUnsafeBytes { try session.feed($0) }
        let diagnostics = try session.finish()
        return ActivityReadResult(activity: builder.activity, diagnostics: diagnostics)
    }

    /// Reads GPX held in memory (``ActivityFileReader``).
    /// - Throws: ``ReadError``.
    package func read(_ bytes: UnsafeRawBufferPointer, fileName: String) throws -> ActivityReadResult {
        let builder = ActivityBuilder()
        let session = GPXReadSession(fileName: fileName, options: options, handler: builder)
        try session.feed(bytes)
        let diagnostics = try session.finish()
        var activity = builder.activity
        activity.sourceFormat = .gpx
        return ActivityReadResult(activity: activity, diagnostics: diagnostics)
    }

    /// Streams a GPX file into `handler` (`-` reads standard input, named `stdin` in errors).
    /// - Returns: the diagnostics of the read.
    /// - Throws: ``ReadError``.
    /// - Complexity: O(n) in the file's size; memory independent of it beyond what `handler` keeps.
    package func read(fileAt path: String, into handler: any GPXContentHandler) throws -> [Diagnostic] {
        let session = GPXReadSession(fileName: path == "-" ? "stdin" : path, options: options, handler: handler)
        try ChunkedFile.forEachChunk(ofFileAt: path) { try session.feed($0) }
        return try session.finish()
    }
}
