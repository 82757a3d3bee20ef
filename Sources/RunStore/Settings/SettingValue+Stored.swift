import RunCore

extension SettingValue {
    /// The value as the shared store keeps it.
    var storedValue: StoredValue {
        switch self {
        case .bool(let v): return .bool(v)
        case .int(let v): return .int(v)
        case .double(let v): return .double(v)
        case .string(let v): return .string(v)
        }
    }

    /// A stored value as a setting's value; nil for kinds settings never hold.
    init?(_ stored: StoredValue) {
        switch stored {
        case .bool(let v): self = .bool(v)
        case .int(let v): self = .int(v)
        case .double(let v): self = .double(v)
        case .string(let v): self = .string(v)
        case .date, .data, .strings: return nil
        }
    }
}
