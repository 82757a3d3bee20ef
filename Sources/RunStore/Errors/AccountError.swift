package import RunCore

/// An account operation that cannot be done: an unknown or existing user, a name or password that
/// breaks the rules, a login refused, an unknown token. `message` says it in English for logs and
/// tests, naming no command or flag; the fields let a front end say it in the user's language
/// (RunUI's `AccountErrorText`).
package struct AccountError: CodedError, Equatable {
    package struct Code: Hashable, Sendable {
        package let rawValue: String
        package init(_ rawValue: String) { self.rawValue = rawValue }
        /// There is no user ``name``.
        package static let unknownUser = Code("unknownUser")
        /// A user ``name`` exists already.
        package static let userExists = Code("userExists")
        /// ``name`` is not a valid user name (``reason``).
        package static let invalidName = Code("invalidName")
        /// The password has fewer than ``limit`` characters.
        package static let passwordTooShort = Code("passwordTooShort")
        /// The password has more than ``limit`` bytes of UTF-8.
        package static let passwordTooLong = Code("passwordTooLong")
        /// A login with an unknown name or a wrong password: the same answer for both.
        package static let invalidCredentials = Code("invalidCredentials")
        /// The account ``name`` is disabled: it cannot log in, and its tokens are refused.
        package static let accountDisabled = Code("accountDisabled")
        /// User ``name`` has no API token numbered ``tokenID``.
        package static let unknownToken = Code("unknownToken")
        /// libargon2 could not compute a hash (``reason``: its message, such as a failed allocation).
        package static let hashingFailed = Code("hashingFailed")
    }

    package var code: Code
    package var message: String
    /// The user concerned, when there is one.
    package var name: String?
    /// Why a name is refused, or libargon2's message.
    package var reason: String?
    /// The password's least characters, or most bytes.
    package var limit: Int?
    /// The token concerned.
    package var tokenID: Int64?

    package init(_ code: Code, _ message: String, name: String? = nil, reason: String? = nil, limit: Int? = nil, tokenID: Int64? = nil) {
        self.code = code
        self.message = message
        self.name = name
        self.reason = reason
        self.limit = limit
        self.tokenID = tokenID
    }

    package static func unknownUser(_ name: String) -> AccountError { AccountError(.unknownUser, "there is no user '\(name)'", name: name) }
    package static func userExists(_ name: String) -> AccountError { AccountError(.userExists, "a user '\(name)' exists already", name: name) }
    package static func invalidName(_ name: String, reason: String) -> AccountError {
        AccountError(.invalidName, "'\(name)' is not a user name: \(reason)", name: name, reason: reason)
    }
    package static func passwordTooShort(minimumCharacters: Int) -> AccountError {
        AccountError(.passwordTooShort, "the password has fewer than \(minimumCharacters) characters", limit: minimumCharacters)
    }
    package static func passwordTooLong(limitBytes: Int) -> AccountError {
        AccountError(.passwordTooLong, "the password is longer than \(limitBytes) bytes", limit: limitBytes)
    }
    package static let invalidCredentials = AccountError(.invalidCredentials, "the user name or the password is wrong")
    package static func accountDisabled(_ name: String) -> AccountError {
        AccountError(.accountDisabled, "the account '\(name)' is disabled", name: name)
    }
    package static func unknownToken(_ id: Int64, of name: String) -> AccountError {
        AccountError(.unknownToken, "user '\(name)' has no API token \(id)", name: name, tokenID: id)
    }
    package static func hashingFailed(_ reason: String) -> AccountError {
        AccountError(.hashingFailed, "the password could not be hashed: \(reason)", reason: reason)
    }

    package var description: String { message }
    package var codeName: String { code.rawValue }
    package var data: [String: JSONValue] {
        .known(["name": name.map { .string($0) }, "reason": reason.map { .string($0) }, "limit": limit.map { .integer(Int64($0)) },
                "tokenID": tokenID.map { .integer($0) }])
    }
}
