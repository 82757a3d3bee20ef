public import Foundation

/// A typed value in the shared store.
public enum StoredValue: Sendable, Hashable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    /// An instant, kept as seconds since 1970 UTC.
    case date(Date)
    case data([UInt8])
    case strings([String])

    /// The stored kind's name (the `kind` column).
    var kind: String {
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

    /// The SQLite value of the `value` column.
    var sqliteValue: SQLiteValue {
        switch self {
        case .bool(let v): return .integer(v ? 1 : 0)
        case .int(let v): return .integer(Int64(v))
        case .double(let v): return .real(v)
        case .string(let v): return .text(v)
        case .date(let v): return .real(v.timeIntervalSince1970)
        case .data(let v): return .blob(v)
        case .strings(let v):
            let json = (try? JSONEncoder().encode(v)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
            return .text(json)
        }
    }

    /// Decodes a row's kind and value column.
    static func decode(kind: String, from statement: Statement, column: Int32) throws -> StoredValue {
        switch kind {
        case "bool": return .bool(statement.int64(column) != 0)
        case "int": return .int(statement.int(column))
        case "double": return .double(statement.double(column))
        case "string": return .string(statement.text(column) ?? "")
        case "date": return .date(Date(timeIntervalSince1970: statement.double(column)))
        case "data": return .data(statement.blob(column))
        case "strings":
            let text = statement.text(column) ?? "[]"
            guard let list = try? JSONDecoder().decode([String].self, from: Data(text.utf8)) else {
                throw StoreError(.corrupt, "a stored list of strings cannot be read")
            }
            return .strings(list)
        default:
            throw StoreError(.corrupt, "a stored value has the unknown kind '\(kind)'")
        }
    }
}

/// Where a stored value came from: the user, or a declared default written on first read.
public enum ValueOrigin: String, Sendable, Hashable {
    case user
    case `default`
}

/// A value with its origin.
public struct StoredEntry: Sendable, Hashable {
    public var value: StoredValue
    public var origin: ValueOrigin

    public init(value: StoredValue, origin: ValueOrigin) {
        self.value = value
        self.origin = origin
    }
}

/// One change of a multi-key write: set a value (with its origin) or remove the key.
public struct StoreWrite: Sendable, Hashable {
    public var domain: String
    public var key: String
    /// nil removes the key.
    public var entry: StoredEntry?

    public static func set(_ value: StoredValue, forKey key: String, in domain: String, origin: ValueOrigin = .user) -> StoreWrite {
        StoreWrite(domain: domain, key: key, entry: StoredEntry(value: value, origin: origin))
    }

    public static func remove(_ key: String, in domain: String) -> StoreWrite {
        StoreWrite(domain: domain, key: key, entry: nil)
    }
}
