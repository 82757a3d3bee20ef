package import Foundation

/// A typed value in the shared store.
package enum StoredValue: Sendable, Hashable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    /// An instant, kept as seconds since 1970 UTC.
    case date(Date)
    case data([UInt8])
    case strings([String])

    /// The stored kind's name (the `kind` column).
    package var kind: String {
        switch self {
        case .bool: return "bool"
        case .int: return "int"
        case .double: return "double"
        case .string: return "string"
        case .date: return "date"
        case .data: return "data"
        case .strings: return "strings"
        }
    }

}

/// Where a stored value came from: the user, or a declared default written on first read.
package enum ValueOrigin: String, Sendable, Hashable {
    case user
    case `default`
}

/// A value with its origin.
package struct StoredEntry: Sendable, Hashable {
    package var value: StoredValue
    package var origin: ValueOrigin

    package init(value: StoredValue, origin: ValueOrigin) {
        self.value = value
        self.origin = origin
    }
}

/// One change of a multi-key write: set a value (with its origin) or remove the key.
package struct StoreWrite: Sendable, Hashable {
    package var domain: String
    package var key: String
    /// nil removes the key.
    package var entry: StoredEntry?

    package static func set(_ value: StoredValue, forKey key: String, in domain: String, origin: ValueOrigin = .user) -> StoreWrite {
        StoreWrite(domain: domain, key: key, entry: StoredEntry(value: value, origin: origin))
    }

    package static func remove(_ key: String, in domain: String) -> StoreWrite {
        StoreWrite(domain: domain, key: key, entry: nil)
    }
}
