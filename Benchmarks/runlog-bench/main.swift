import RunFormats
import RunCore
import Foundation
for path in CommandLine.arguments.dropFirst() {
    do {
        let r = try GPXReader().read(fileAt: path)
        let out = MemoryOutput()
        let d = try GPXWriter.write(r.activity, to: out)
        let name = (path as NSString).lastPathComponent
        try Data(out.bytes).write(to: URL(fileURLWithPath: "/tmp/rt/" + name))
        if !d.isEmpty { print(name, d.map(\.description)) }
    } catch {
        print("ERR", error)
    }
}
