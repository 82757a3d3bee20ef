// libFuzzer target: what an import computes from a file — the read (any format, by content),
// the split into runs, the analysis of each (ActivityAnalyzer) and its stored form
// (RunImporter.prepareBytes, as an upload is prepared) — then the stored track points unpacked
// again and the map region fitted to them (RegionFitter.fitTrack, as `runlog region` and the run
// page do). It checks what must hold for any input and traps otherwise:
// - the import either succeeds or refuses the file with a ReadError or a LibraryError (an
//   EncodingError would mean the analysis made a number JSON cannot hold: NaN or infinity);
// - distances are finite and not negative, times finite;
// - every stored segment unpacks to as many points as it was packed from, and the run page's
//   sketch unpacks and packs again to the same bytes;
// - a fitted region is finite, centred within [-90, 90], at least the fitter's minimum wide, and
//   holds at least one of the points it was fitted to.
// `make fuzz` runs it; `make test` runs it briefly.
import RunCore
import RunFormats
import RunStore

@_cdecl("LLVMFuzzerTestOneInput")
package func fuzzImportAnalysis(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    // Lenient (more files get through to the analysis); split into runs or not, by the length's
    // parity, so that a reproducer replays the same way.
    var options = ImportOptions(skipsInvalidPoints: true)
    options.splitsActivities = count % 2 == 0
    let prepared: PreparedRun
    do {
        prepared = try RunImporter.prepareBytes(bytes, fileName: "fuzz", options: options)
    } catch is ReadError {
        return 0
    } catch is LibraryError {
        return 0
    } catch {
        fatalError("the import failed with neither a ReadError nor a LibraryError: \(error)")
    }
    let fitter = RegionFitter()
    for part in prepared.parts {
        let summary = part.content.summary
        require(summary.distanceMeters.isFinite && summary.distanceMeters >= 0, "distance \(summary.distanceMeters)")
        require(summary.distance3DMeters.isFinite && summary.distance3DMeters >= 0, "3D distance \(summary.distance3DMeters)")
        require(summary.elapsedTimeSeconds?.isFinite ?? true, "elapsed time \(String(describing: summary.elapsedTimeSeconds))")
        require(summary.movingTimeSeconds?.isFinite ?? true, "moving time \(String(describing: summary.movingTimeSeconds))")
        var coordinates: [Coordinate] = []
        for segment in part.content.segments {
            let points: [TrackPoint]
            do {
                points = try PackedSamples.decode(segment.samples)
            } catch {
                fatalError("a stored segment does not unpack: \(error)")
            }
            require(points.count == segment.pointCount, "\(points.count) points unpacked of \(segment.pointCount)")
            coordinates += points.lazy.filter(\.hasPosition).map(\.coordinate)
        }
        // The run page's sketch, packed losslessly: it unpacks, and packs again to the same bytes.
        do {
            let sketch = try PackedSketch.decode(part.content.sketch)
            require(PackedSketch.encode(sketch) == part.content.sketch, "the stored sketch packs again differently")
        } catch {
            fatalError("the stored sketch does not unpack: \(error)")
        }
        guard let region = try? fitter.fitTrack(coordinates) else { continue }
        let center = region.center
        require(center.latitude.isFinite && center.longitude.isFinite && abs(center.latitude) <= 90, "region \(region)")
        require(region.latitudeSpanDegrees > 0 && region.longitudeSpanDegrees >= min(360, fitter.minimumSpanDegrees) * 0.999_999,
                     "region \(region)")
        require(coordinates.contains { contains(region, $0) }, "region \(region) holds none of the \(coordinates.count) points")
    }
    return 0
}

/// Whether `coordinate` is inside `region` (its west edge eastward by its span; a millionth of a
/// degree of tolerance for rounding).
private func contains(_ region: MapRegion, _ coordinate: Coordinate) -> Bool {
    let tolerance = 1e-6
    guard coordinate.latitude >= region.minLatitude - tolerance, coordinate.latitude <= region.maxLatitude + tolerance else { return false }
    var east = (coordinate.longitude - region.westLongitude).truncatingRemainder(dividingBy: 360)
    if east < 0 { east += 360 }
    return east <= region.longitudeSpanDegrees + tolerance || east >= 360 - tolerance
}

/// A property every input must keep: a fault with its description when it does not (fatalError,
/// which a release build prints, unlike precondition's message).
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
