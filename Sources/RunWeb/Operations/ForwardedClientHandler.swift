import Foundation
package import RunHTTP

/// `runlog serve --trust-proxy ADDRESS,…`: behind a reverse proxy every connection comes from the
/// proxy, so every limit per client address — the login throttle's, sessions', uploads', live
/// streams', downloads' — would count all clients as one. For a request whose connection comes
/// from a trusted proxy, the client's address is taken from `X-Forwarded-For` instead: the last
/// entry that is not itself a trusted proxy (entries to its left may be made up by the client, so
/// they are never believed). A request from any other address, or whose header holds no address
/// (a malformed entry stops the walk), keeps the connection's address.
package struct ForwardedClientHandler: HTTPHandler {
    let inner: any HTTPHandler
    /// The proxies' addresses.
    package let trusted: Set<ClientAddress>

    package init(_ inner: any HTTPHandler, trusting trusted: Set<ClientAddress>) {
        self.inner = inner
        self.trusted = trusted
    }

    /// `127.0.0.1`, `::1`, `2001:db8::1` (what `inet_pton` reads); nil for anything else.
    package static func address(_ text: String) -> ClientAddress? {
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return ClientAddress(bytes: withUnsafeBytes(of: v4) { Array($0) }) }
        if inet_pton(AF_INET6, text, &v6) == 1 { return ClientAddress(bytes: withUnsafeBytes(of: v6) { Array($0) }) }
        return nil
    }

    /// One `X-Forwarded-For` entry's address: `203.0.113.7`, `2001:db8::7`, or with a port as some
    /// proxies write it (`203.0.113.7:4711`, `[2001:db8::7]:4711`).
    static func entryAddress(_ entry: Substring) -> ClientAddress? {
        var text = entry.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            text = String(text[text.index(after: text.startIndex)..<close])
        } else if text.contains("."), let colon = text.lastIndex(of: ":") {
            text = String(text[..<colon])
        }
        return address(text)
    }

    /// `request` with the client's address a trusted proxy forwarded, as said above.
    package func forwarded(_ request: HTTPRequest) -> HTTPRequest {
        guard trusted.contains(request.clientAddress), let header = request.header("x-forwarded-for") else { return request }
        var request = request
        for entry in header.split(separator: ",").reversed() {
            guard let address = Self.entryAddress(entry) else { break }
            request.clientAddress = address
            if !trusted.contains(address) { break }
        }
        return request
    }

    package func bodyLimit(for head: HTTPRequest) -> Int { inner.bodyLimit(for: forwarded(head)) }

    package func spoolDirectory(for head: HTTPRequest) -> String? { inner.spoolDirectory(for: forwarded(head)) }

    package func admitBody(of head: HTTPRequest, declaredLength: Int?) -> BodyAdmission {
        inner.admitBody(of: forwarded(head), declaredLength: declaredLength)
    }

    package func respond(to request: HTTPRequest) -> HTTPResponse { inner.respond(to: forwarded(request)) }

    package func respondPayloadTooLarge(to head: HTTPRequest, limit: Int) -> HTTPResponse {
        inner.respondPayloadTooLarge(to: forwarded(head), limit: limit)
    }
}
