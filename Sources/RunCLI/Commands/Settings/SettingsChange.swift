import RunApp
import RunCore
import RunStore
import RunUI

/// A change of settings from the command line: makes it, reports it, and recomputes the library's
/// runs when the active profile's analysis settings changed (so every number follows the settings).
enum SettingsChange {
    struct Outcome {
        var key: String?
        var value: SettingValue?
        var previous: SettingValue?
        var message: String?

        init(key: String, value: SettingValue, previous: SettingValue?) {
            self.key = key
            self.value = value
            self.previous = previous
        }

        init(message: String) { self.message = message }
    }

    static func apply(in context: CommandContext, json: Bool, _ change: () throws -> Outcome) throws {
        let store = try context.settingsStore()
        let library = context.libraryExists ? try context.library() : nil
        let (outcome, reanalysis) = try SettingsChanges(settings: store, library: library)
            .change(progress: Reanalysis.progress(on: context.console), change)
        context.console.endProgress()
        context.settingsChanged()
        report(outcome, reanalysis, json: json, console: context.console)
        if !reanalysis.failed.isEmpty {
            // The change stands, but some runs still carry the earlier settings' numbers: a failure.
            let ids = reanalysis.failed.map { String($0.id) }
            throw CommandFailure("the settings were changed, but run\(ids.count == 1 ? "" : "s") \(ids.joined(separator: ", ")) "
                                 + "could not be recomputed and keep\(ids.count == 1 ? "s" : "") the numbers of the earlier settings "
                                 + "('runlog reanalyze \(ids.joined(separator: " "))' tries again)")
        }
    }

    private static func report(_ outcome: Outcome, _ reanalysis: Reanalysis, json: Bool, console: Console) {
        if json {
            var object: [String: JSONValue] = [
                "reanalyzed": .array(reanalysis.done.map { .integer($0) }),
                "failed": .array(reanalysis.failed.map { .object(["id": .integer($0.id), "message": .string($0.message)]) }),
                "settingsChangedMeanwhile": .bool(reanalysis.settingsChangedMeanwhile),
            ]
            if let key = outcome.key { object["key"] = .string(key) }
            if let value = outcome.value { object["value"] = SettingsOutput.json(value) }
            if let previous = outcome.previous { object["previousValue"] = SettingsOutput.json(previous) }
            if let message = outcome.message { object["message"] = .string(message) }
            console.print(JSONValue.object(object).text())
            return
        }
        if let key = outcome.key, let value = outcome.value {
            let was = outcome.previous.map { $0 == value ? " (unchanged)" : " (was \($0.text))" } ?? ""
            console.print("\(key) = \(value.text)\(was)")
        }
        if let message = outcome.message { console.print(message) }
        if !reanalysis.done.isEmpty || !reanalysis.failed.isEmpty {
            let count = reanalysis.done.count
            console.print((reanalysis.settingsChangedMeanwhile ? "the analysis settings were changed again meanwhile: " : "")
                          + "recomputed \(count) run\(count == 1 ? "" : "s") with the \(reanalysis.settingsChangedMeanwhile ? "newest" : "new") settings"
                          + (reanalysis.failed.isEmpty ? "" : "; \(reanalysis.failed.count) could not be read again"))
            for failure in reanalysis.failed { console.error("runlog: run \(failure.id): \(failure.message)") }
        }
    }
}
