import RunApp
import Foundation
import RunCore
import RunHTTP
import RunStore
import RunFormats
import RunUI

/// A stored run with what its page and the API show: the record, its presentation (stale when
/// the settings' analysis parameters differ), and — loaded on demand — its page's figures, its
/// track and map region.
struct StoredRun {
    let record: RunRecord
    let presentation: RunPresentation

    /// - Parameter splits: the units whose splits are read (the run page shows the display unit's only).
    init(id: Int64, context: RequestContext, splits: SplitUnits = .all) throws {
        let detail = try Runs(library: context.library, preferences: AnalysisPreferences(settings: context.settings))
            .detail(id: id, splits: splits)
        record = detail.record
        presentation = RunPresentation(detail)
    }

    /// The map and charts of the run's page: from the sketch stored with its numbers; from its
    /// points, cleaned again, when it has none or the settings ask for what its sketch does not
    /// hold. A run without one (stored before sketches were kept, or by another version) gets
    /// the sketch its points give stored, once, off this thread (``SketchKeeper``), so only its
    /// first uncached pages clean the points.
    func figures(context: RequestContext) throws -> RunFigures {
        let fitter = TrackRegion.fitter(settings: context.settings)
        let stored = try context.library.sketch(id: record.id)
        if let stored, let figures = RunFigures(sketch: stored, fitter: fitter, formatter: context.formatter) {
            return figures
        }
        let activity = try context.library.activity(id: record.id)
        let parameters = presentation.summary.parameters
        let track = RunTrack(activity: activity, parameters: parameters)
        let regionCoordinates = TrackSketch.regionCoordinates(track: track, activity: activity)
        if stored == nil, context.sketches.wants(runID: record.id) {
            context.sketches.keep(TrackSketch(track: track, regionCoordinates: regionCoordinates), runID: record.id, parameters: parameters)
        }
        return RunFigures(track: track, regionCoordinates: regionCoordinates, fitter: fitter, formatter: context.formatter)
    }

    /// The track (points after the clean-up, with the parameters of the stored numbers) and the
    /// map region fitted with the settings; the region is nil when there is nothing to show.
    func track(context: RequestContext) throws -> (track: RunTrack, region: MapRegion?, fitter: RegionFitter, coordinates: [Coordinate]) {
        let activity = try context.library.activity(id: record.id)
        let track = RunTrack(activity: activity, parameters: presentation.summary.parameters)
        let fitter = TrackRegion.fitter(settings: context.settings)
        let coordinates = TrackSketch.regionCoordinates(track: track, activity: activity)
        return (track, try? fitter.fitTrack(coordinates), fitter, coordinates)
    }

    /// `2026-05-01 Morning Run.gpx`: the start day in the user's time zone, then the name (as `runlog export` names files).
    func downloadFileName(context: RequestContext) -> String {
        ExportFileName.name(for: record, timeZone: context.calendar.timeZone, fileExtension: "gpx")
    }

    /// The GPX 1.1 of the run, generated as it is sent (`application/gpx+xml`,
    /// the type GPX's authors use), as an attachment with a meaningful name. Its writing holds a
    /// place of ``RequestContext/downloads`` until it ends.
    /// - Throws: ``WebError`` 429 `tooManyDownloads` or 503 `downloadsBusy` (``WorkSlots/take(for:strings:)``).
    func gpxResponse(context: RequestContext) throws -> HTTPResponse {
        let id = record.id, pool = context.pool
        let slot = try context.downloads.take(for: context.request.clientAddress, strings: context.strings)
        return HTTPResponse(status: 200, headers: [
            ("Content-Type", "application/gpx+xml"),
            ("Content-Disposition", ContentDisposition.attachment(fileName: downloadFileName(context: context))),
        ], body: .stream { stream in
            // The producer runs on its own thread: it takes its own connection. The place is
            // given back when it ends (or when the response is dropped unsent: the slot's deinit).
            defer { slot.release() }
            try pool.withWorkspace { workspace in
                _ = try workspace.library.exportGPX(id: id, to: StreamOutput(stream))
            }
        })
    }
}

/// The GPX writer's output into a response stream.
final class StreamOutput: ByteOutput {
    let stream: ResponseStream
    init(_ stream: ResponseStream) { self.stream = stream }
    func write(_ bytes: UnsafeRawBufferPointer) throws { try stream.write(bytes) }
}
