import Foundation
import RunCore
import RunFormats
import RunStore
import RunUI

/// `runlog region RUN|FILE`
enum RegionCommand: Command {
    static let name = "region"
    static let summary = "the map region that shows a run, leaving far-off GPS fixes out"
    static let overview = """
        Prints the region a map should show for a run (its number) or a GPX file: centre and span in
        degrees. Track points far from the track are left out first (farther than 3 × the distance
        within which 90 % of the points lie, and at least 1 km), then the largest cluster of points
        whose sorted latitudes and longitudes have no gap above the threshold is kept, longitude
        measured round the antimeridian; the region is its extent plus padding, at least the minimum span.
        """
    enum Options {
        static let gap = Option("--gap", .required("DEGREES"), help: "the largest gap inside a cluster (default: the setting map.regionGap, 1.0)")
        static let padding = Option("--padding", .required("FRACTION"), help: """
            margin added on each side, as a fraction of the span
            (default: the setting map.regionPadding, 0.1)
            """)
        static let minimumSpan = Option("--minimum-span", .required("DEGREES"), help: "the smallest span of either side (default 0.005, about 550 m)")
        static let json = GlobalOptions.json("print the region as JSON")
    }
    static let shape = CommandShape(options: [Options.gap, Options.padding, Options.minimumSpan, Options.json],
                                    positionals: [Positional("RUN|FILE", .runIDs)])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        let target = arguments.positionals[0]
        let settings = try context.settings()
        var fitter = TrackRegion.fitter(settings: settings)
        if let gap = try setting(arguments, Options.gap, Settings.regionGap.definition) { fitter.gapThresholdDegrees = gap }
        if let padding = try setting(arguments, Options.padding, Settings.regionPadding.definition) { fitter.paddingFraction = padding }
        if let span = try number(arguments, Options.minimumSpan) { fitter.minimumSpanDegrees = span }
        let activity: Activity
        let runID = Int64(target).flatMap { $0 > 0 && !FileManager.default.fileExists(atPath: target) ? $0 : nil }
        if let runID {
            activity = try context.library().activity(id: runID)
        } else {
            activity = try ActivityReadSession.read(fileAt: target).activity
        }
        let coordinates = TrackRegion.coordinates(of: activity)
        let region: MapRegion
        do {
            region = try fitter.fitTrack(coordinates)
        } catch let error as RegionFitError {
            throw runID.map { error.fitting(runID: $0) } ?? error.fitting(file: target)
        }
        let kept = coordinates.filter(region.contains).count
        if arguments.has(Options.json) {
            context.console.print(TrackRegion.json(region, fitter: fitter, coordinates: coordinates).text())
        } else {
            let f = DisplayFormatter()
            context.console.print("Centre     \(f.fixed(region.center.latitude, decimals: 6)), \(f.fixed(region.center.longitude, decimals: 6))")
            context.console.print("Span       \(f.fixed(region.latitudeSpanDegrees, decimals: 6))° latitude × \(f.fixed(region.longitudeSpanDegrees, decimals: 6))° longitude")
            context.console.print("Latitude   \(f.fixed(region.minLatitude, decimals: 6)) … \(f.fixed(region.maxLatitude, decimals: 6))")
            context.console.print("Longitude  \(f.fixed(region.westLongitude, decimals: 6)) … \(f.fixed(region.eastLongitude, decimals: 6))"
                                  + (region.crossesAntimeridian ? " (across the antimeridian)" : ""))
            context.console.print("Points     \(kept) of \(coordinates.count) inside")
        }
        return ExitCode.success
    }

    /// An option that stands for a setting for one command: the setting's rules apply (range, form).
    private static func setting(_ arguments: ParsedArguments, _ option: Option, _ definition: SettingDefinition) throws -> Double? {
        guard let text = arguments.value(option) else { return nil }
        switch definition.parse(text) {
        case .success(.double(let value)): return value
        case .success(.int(let value)): return Double(value)
        case .success, .failure:
            throw UsageError("\(option.key) cannot be '\(text)': it takes \(definition.allowed) (as the setting \(definition.key))", command: name)
        }
    }

    private static func number(_ arguments: ParsedArguments, _ option: Option) throws -> Double? {
        guard let text = arguments.value(option) else { return nil }
        guard let value = DecimalText.parse(text), value >= 0 else {
            throw UsageError("\(option.key) needs a non-negative decimal number, not '\(text)'", command: name)
        }
        return value
    }
}
