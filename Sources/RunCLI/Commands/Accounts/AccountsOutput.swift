import Foundation
import RunCore
import RunStore
import RunUI

/// How `runlog users list` and `runlog tokens` show accounts and tokens: a table for people (times
/// in ISO 8601 UTC, to the minute), JSON with stable keys for scripts (ISO 8601 UTC to the second).
enum AccountsOutput {
    static func json(_ accounts: [Account]) -> JSONValue {
        .object(["users": .array(accounts.map { account in
            .object(["name": .string(account.name), "role": .string(account.role.rawValue), "disabled": .bool(account.isDisabled),
                     "hasPassword": .bool(account.hasPassword), "createdAt": time(account.createdAtSeconds),
                     "lastLoginAt": account.lastLoginAtSeconds.map(time) ?? .null])
        })])
    }

    static func json(_ token: APITokenInfo) -> [String: JSONValue] {
        ["id": .integer(token.id), "label": .string(token.label), "hint": .string(token.hint), "createdAt": time(token.createdAtSeconds),
         "lastUsedAt": token.lastUsedAtSeconds.map(time) ?? .null]
    }

    static func table(_ accounts: [Account]) -> [String] {
        guard !accounts.isEmpty else { return ["no users yet ('runlog users add NAME' adds one)"] }
        return columns([["NAME", "ROLE", "STATE", "CREATED", "LAST LOGIN"]] + accounts.map { account in
            [account.name, account.role.rawValue, account.isDisabled ? "disabled" : account.hasPassword ? "active" : "no password",
             minute(account.createdAtSeconds), account.lastLoginAtSeconds.map(minute) ?? "never"]
        })
    }

    static func table(_ tokens: [APITokenInfo]) -> [String] {
        guard !tokens.isEmpty else { return ["no API tokens"] }
        return columns([["ID", "TOKEN", "LABEL", "CREATED", "LAST USED"]] + tokens.map { token in
            [String(token.id), token.hint + "…", token.label, minute(token.createdAtSeconds), token.lastUsedAtSeconds.map(minute) ?? "never"]
        })
    }

    private static func time(_ seconds: Double) -> JSONValue { .string(UTCDateTime.format(seconds: seconds)) }

    /// `2026-09-20 12:00Z`.
    private static func minute(_ seconds: Double) -> String {
        let text = UTCDateTime.format(seconds: seconds)
        return String(text.prefix(16)).replacingOccurrences(of: "T", with: " ") + "Z"
    }

    /// Rows with each column as wide as its widest cell (names may be wide characters).
    private static func columns(_ rows: [[String]]) -> [String] {
        let widths = rows[0].indices.map { column in rows.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in column == row.count - 1 ? cell : DisplayWidth.pad(cell, to: widths[column]) }
                .joined(separator: "  ")
        }
    }
}
