package import RunCore
import Foundation

// What an implementation of ``RunLibrary`` stores for a run, encoded before the write
// transaction (so a lock is held only for the writes) and the same for every implementation.

/// An original file as the library keeps it: compressed, with its digest.
package struct StoredOriginal: Sendable {
    package var contentSHA256: [UInt8]
    package var sourceName: String
    package var size: Int
    package var compressed: [UInt8]
    package var skipsInvalidPoints: Bool
}

/// One run cut from a file, encoded for the library: its content, name, kind and the part of the
/// file it is (nil: the whole file).
package struct StoredPart: Sendable {
    package var content: StoredRunContent
    package var name: String
    package var kind: RunRecord.Kind
    package var selection: ActivitySelection?
    /// What an export says of the run besides its file (Strava's activities.csv): notes, gear, sport.
    package var notes = ""
    package var gear = ""
    package var chosenSport: Sport?

    package var selectionJSON: String? {
        guard let selection else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(selection)).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// A run encoded for the library: the activity's header and packed segments, the summary and the
/// analysis as JSON, the analysis packed for its page (``PackedAnalysis``), the sketch its page
/// draws (``PackedSketch``). Built before the write
/// transaction, so the lock is held only for the writes.
package struct StoredRunContent: Sendable {
    package struct Segment: Sendable {
        package var track: Int
        package var segment: Int
        package var pointCount: Int
        package var samples: [UInt8]
    }

    package var summary: ActivitySummary
    /// The activity without track points (what `headerJSON` holds).
    package var header: Activity
    package var bestEfforts: [BestEffort]
    package var creator: String?
    package var gpxVersion: String
    package var headerJSON: String
    package var summaryJSON: String
    package var analysisJSON: String
    package var diagnosticsJSON: String
    package var segments: [Segment] = []
    /// The packed ``RunCore/TrackSketch``, of ``RunCore/TrackSketch/version``.
    package var sketch: [UInt8]
    /// The analysis but its summary, packed (``PackedAnalysis``, of its ``PackedAnalysis/version``).
    package var packedAnalysis: [UInt8]

    /// - Parameter sketch: the run's page sketch, computed with the analysis
    ///   (``RunCore/ActivityAnalyzer/analyzeWithSketch(_:parameters:preferences:sport:fileName:)``).
    package init(activity: Activity, analysis: RunAnalysis, sketch: TrackSketch, diagnostics: [Diagnostic]) throws {
        var header = activity
        for t in header.tracks.indices {
            for s in header.tracks[t].segments.indices { header.tracks[t].segments[s].points = [] }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        summary = analysis.summary
        self.header = header
        bestEfforts = analysis.bestEfforts
        creator = activity.creator
        gpxVersion = activity.gpxVersion.rawValue
        headerJSON = String(decoding: try encoder.encode(header), as: UTF8.self)
        summaryJSON = String(decoding: try encoder.encode(analysis.summary), as: UTF8.self)
        analysisJSON = String(decoding: try encoder.encode(analysis), as: UTF8.self)
        diagnosticsJSON = String(decoding: try encoder.encode(diagnostics), as: UTF8.self)
        self.sketch = PackedSketch.encode(sketch)
        packedAnalysis = PackedAnalysis.encode(analysis)
        for (t, track) in activity.tracks.enumerated() {
            for (s, segment) in track.segments.enumerated() {
                segments.append(Segment(track: t, segment: s, pointCount: segment.points.count,
                                        samples: try PackedSamples.encode(segment.points)))
            }
        }
    }
}
