import CLibPQ
import Foundation

/// A database as the user named it — a `postgresql://` URL or a libpq `key=value` string — read
/// with libpq's own parser: shown without its password, or with another database named.
package struct PostgresLocation: Sendable, Hashable {
    /// What the user gave, passed to libpq as it is.
    package let conninfo: String
    /// Its parameters by keyword (only those given), nil when libpq cannot read it.
    package let parameters: [String: String]?
    /// Why libpq cannot read it.
    package let parseError: String?

    package init(_ conninfo: String) {
        self.conninfo = conninfo
        var message: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(conninfo, &message) else {
            parameters = nil
            parseError = message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "out of memory"
            PQfreemem(message)
            return
        }
        defer { PQconninfoFree(options) }
        var found: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { found[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        parameters = found
        parseError = nil
    }

    /// The database as messages show it: `postgresql://USER@HOST:PORT/DATABASE`, never the
    /// password (a socket directory as host is written `?host=DIR`).
    package var display: String {
        guard let parameters else { return "a PostgreSQL database" }
        let host = parameters["host"] ?? parameters["hostaddr"] ?? ""
        let isSocket = host.hasPrefix("/") || host.hasPrefix("@")
        var text = "postgresql://"
        if let user = parameters["user"] { text += user + "@" }
        if !isSocket { text += host.contains(":") && !host.contains(",") ? "[\(host)]" : host }
        if let port = parameters["port"], !isSocket { text += ":" + port }
        text += "/" + (parameters["dbname"] ?? "")
        if isSocket { text += "?host=" + host }
        return text
    }

    /// The same server and account with `database` named instead (a libpq `key=value` string).
    package func naming(database: String) -> PostgresLocation {
        var parameters = self.parameters ?? [:]
        parameters["dbname"] = database
        let text = parameters.sorted { $0.key < $1.key }.map { key, value in
            "\(key)='" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        }.joined(separator: " ")
        return PostgresLocation(text)
    }

    /// The database's name, when the location names one.
    package var database: String? { parameters?["dbname"] }
}
