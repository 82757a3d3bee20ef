import Foundation

/// Names of settings profiles ("road", "trail", "Berlin marathon"): 1 to 40 letters, digits,
/// spaces, `-`, `_` or `.`, starting with a letter or digit and not ending in a space.
enum ProfileName {
    static let first = "default"

    /// Checks a new profile name.
    /// - Throws: ``SettingsError`` `.invalidProfileName`.
    static func validate(_ name: String) throws {
        let allowed = #"^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,39}$"#
        guard name.range(of: allowed, options: .regularExpression) != nil, name.last != " " else {
            var error = SettingsError(.invalidProfileName, "'\(name)' cannot be a profile name: it takes 1 to 40 letters, digits, spaces, "
                                      + "'-', '_' or '.', starting with a letter or digit and not ending in a space")
            error.profile = name
            throw error
        }
    }

    /// The store domain that holds a profile's settings.
    static func domain(_ name: String) -> String { "settings:" + name }
}
