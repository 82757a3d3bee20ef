import Foundation
import RunStore

extension StoredValue {
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
                throw StoredDataError("a stored list of strings cannot be read")
            }
            return .strings(list)
        default:
            throw StoredDataError("a stored value has the unknown kind '\(kind)'")
        }
    }
}
