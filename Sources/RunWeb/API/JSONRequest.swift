import Foundation

/// A request's JSON body as an object (``APIRequestBody`` reads each operation's).
enum JSONRequest {
    /// - Throws: ``WebError`` 400 when the body is not a JSON object.
    static func object(body: [UInt8]) throws -> [String: Any] {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else {
            throw WebError.badRequest("the body is not a JSON object")
        }
        return object
    }
}
