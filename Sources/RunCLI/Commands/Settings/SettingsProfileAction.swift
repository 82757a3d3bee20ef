import RunStore

/// `runlog settings profile create|copy|rename|delete|use …`
enum SettingsProfileAction {
    static func run(_ words: [String], store: SettingsStore, context: CommandContext, json: Bool) throws -> Int32 {
        guard let action = words.first else {
            throw UsageError("usage: runlog settings profile create|copy|rename|delete|use NAME", command: SettingsCommand.name)
        }
        let names = Array(words.dropFirst())
        func one(_ usage: String) throws -> String {
            guard names.count == 1 else {
                throw UsageError.operands(names, expected: 1...1, usage: "settings profile \(usage)", command: SettingsCommand.name)
            }
            return names[0]
        }
        func oneOrTwo(_ usage: String) throws -> (String, String) {
            switch names.count {
            case 1: return (try context.profileOverride ?? store.activeProfile(), names[0])
            case 2: return (names[0], names[1])
            default: throw UsageError.operands(names, expected: 1...2, usage: "settings profile \(usage)", command: SettingsCommand.name)
            }
        }
        let console = context.console
        switch action {
        case "create":
            let name = try one("create NAME")
            try store.createProfile(name)
            console.print("created profile '\(name)' with the default settings")
        case "copy":
            let (source, name) = try oneOrTwo("copy [FROM] NAME")
            try store.createProfile(name, copying: source)
            console.print("created profile '\(name)' as a copy of '\(source)'")
        case "rename":
            let (old, new) = try oneOrTwo("rename [OLD] NAME")
            try store.renameProfile(old, to: new)
            console.print("renamed profile '\(old)' to '\(new)'")
        case "delete":
            let name = try one("delete NAME")
            try store.deleteProfile(name)
            console.print("deleted profile '\(name)'")
        case "use":
            let name = try one("use NAME")
            try SettingsChange.apply(in: context, json: json) {
                try store.useProfile(name)
                return SettingsChange.Outcome(message: "profile '\(name)' is active")
            }
        default:
            throw UsageError("unknown profile action '\(action)' (create, copy, rename, delete, use)", command: SettingsCommand.name)
        }
        return ExitCode.success
    }
}
