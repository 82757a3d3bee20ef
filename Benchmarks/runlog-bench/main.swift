import RunFormats
import RunCore
import Foundation
for path in CommandLine.arguments.dropFirst() {
    do {
        let r = try GPXReader(options: .init(skipsInvalidPoints: true)).read(fileAt: path)
        let s = ActivityAnalyzer.summarize(r.activity)
        print((path as NSString).lastPathComponent, String(format: "%.6f", s.distanceMeters))
    } catch { print("ERR", error) }
}
