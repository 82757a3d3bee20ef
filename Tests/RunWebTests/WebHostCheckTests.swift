import Foundation
import RunHTTP
@testable import RunWeb
import Testing

/// The host check reads `Host` strictly (RFC 9110 §7.2, RFC 3986 host[:port]): every hostile form
/// a review or the grammar suggests, sent to a real server on 127.0.0.1 (which checks that the
/// host is this machine). Before, userinfo forms were accepted: the text after the last `:` was
/// dropped as a port (`127.0.0.1:80@evil.example`), and anything starting `[::1]` passed.
@Suite struct WebHostCheckTests {
    /// (the Host header's value — PORT replaced by the server's —, the status expected).
    static let hosts: [(String, Int)] = [
        // This machine, in the forms a browser sends (and the case it may not).
        ("127.0.0.1:PORT", 200), ("localhost:PORT", 200), ("LOCALHOST:PORT", 200), ("LocalHost", 200), ("127.9.8.7", 200),
        ("[::1]:PORT", 200), ("[0:0:0:0:0:0:0:1]:PORT", 200), ("[::ffff:127.0.0.1]", 200), ("127.0.0.1:", 200),
        // Userinfo: no host form has an @.
        ("x@evil", 400), ("x@127.0.0.1", 400), ("127.0.0.1@evil.example", 400), ("user:pass@localhost", 400),
        // What the old check let through: the text after the last colon dropped as a port, a prefix taken for [::1].
        ("127.0.0.1:80@evil.example", 400), ("localhost:x@evil", 400), ("[::1]@evil.example", 400), ("[::1].evil.example", 400),
        ("[::1]:80@evil", 400),
        // Trailing dots: refused (one spelling per host).
        ("localhost.", 400), ("127.0.0.1.", 400), ("localhost.:PORT", 400),
        // Other machines.
        ("evil.example", 403), ("127.0.0.1.nip.io", 403), ("localhost.evil.example", 403), ("128.0.0.1", 403), ("0x7f.0.0.1", 403),
        ("[2001:db8::1]", 403), ("[::2]", 403),
        // Ports.
        ("127.0.0.1:99999", 400), ("127.0.0.1:80a", 400), ("127.0.0.1:-1", 400), ("127.0.0.1:8080:80", 400), ("127.0.0.1:000080", 400),
        // Spaces, paths, queries, fragments, encodings.
        ("local host", 400), ("127.0.0.1 evil.example", 400), ("127.0.0.1/evil", 400), ("127.0.0.1?x", 400), ("127.0.0.1#x", 400),
        ("127.0.0.1%2F", 400), ("local%68ost", 400), ("127.0.0.1\tx", 400),
        // Numbers that some resolvers take as 127.0.0.1 but RFC 3986 does not.
        ("0127.0.0.1", 400), ("127.1", 400), ("2130706433", 400), ("127.0.0.01", 400), ("127.0.0.256", 400),
        // IP literals: unclosed, no brackets, zone identifier, IPvFuture.
        ("[::1", 400), ("::1", 400), ("[fe80::1%25lo]", 400), ("[v1.fe]", 400), ("[::1]x", 400),
        // Empty.
        ("", 400),
    ]

    @Test func everyHostileHostIsRefused() throws {
        let web = try WebTestServer()
        var wrong: [String] = []
        for (template, expected) in Self.hosts {
            let host = template.replacingOccurrences(of: "PORT", with: String(web.server.port))
            let response = try web.client.exchange(Array("GET /api/v1/runs HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8))
            if response.status != expected { wrong.append("\(host): \(response.status), not \(expected)") }
            if response.status == 400 && expected == 400 { #expect(response.text.contains("badHost") || response.text.isEmpty, "\(host)") }
            if expected == 403 { #expect(response.text.contains("\"host\""), "\(host)") }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    @Test func twoHostHeadersAreRefused() throws {
        let web = try WebTestServer()
        for pair in [("127.0.0.1", "evil.example"), ("evil.example", "127.0.0.1"), ("127.0.0.1", "127.0.0.1")] {
            let response = try web.client.exchange(Array("GET /api/v1/runs HTTP/1.1\r\nHost: \(pair.0)\r\nHost: \(pair.1)\r\nConnection: close\r\n\r\n".utf8))
            #expect(response.status == 400, "\(pair): \(response.status)")
        }
    }

    /// An absolute-form target names its host (RFC 9112 §3.2.2): another machine is refused whatever `Host` says.
    @Test func anAbsoluteFormTargetNamingAnotherHostIsRefused() throws {
        let web = try WebTestServer()
        let port = web.server.port
        for target in ["http://evil.example/api/v1/runs", "HTTP://evil.example:\(port)/api/v1/runs", "http://x@127.0.0.1/api/v1/runs",
                       "https://evil.example/", "http://127.0.0.1.nip.io/api/v1/runs?page=1"] {
            let response = try web.client.exchange(Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8))
            #expect(response.status == 403 || response.status == 400, "\(target): \(response.status)")
            #expect(!response.text.contains("runCount"), "\(target)")
        }
        // This machine named in the target: not refused by the host check.
        let own = try web.client.exchange(Array("GET http://127.0.0.1:\(port)/api/v1/runs HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8))
        #expect(own.status == 200 && own.text.contains("runs"), "\(own.status) \(own.text)")
        // Routed by its path, as origin-form: a page, and the API with its query (it was 404).
        let page = try web.client.exchange(Array("GET http://localhost:\(port)/settings HTTP/1.1\r\nHost: localhost:\(port)\r\nConnection: close\r\n\r\n".utf8))
        #expect(page.status == 200 && page.header("content-type") == "text/html; charset=utf-8", "\(page.status)")
        let missing = try web.client.exchange(Array("GET http://localhost:\(port)/nowhere HTTP/1.1\r\nHost: localhost:\(port)\r\nConnection: close\r\n\r\n".utf8))
        #expect(missing.status == 404)
        // HTTP/1.0 without Host cannot show it is for this machine.
        #expect(try web.client.exchange(Array("GET /api/v1/runs HTTP/1.0\r\n\r\n".utf8)).status == 403)
    }

    @Test func theParsedParts() throws {
        #expect(HostAuthority(parsing: "LocalHost:8080") == nil ? false : HostAuthority(parsing: "LocalHost:8080")!.host == .name("localhost"))
        let v6 = try #require(HostAuthority(parsing: "[::1]:443"))
        #expect(v6.host == .ipv6(Array(repeating: 0, count: 15) + [1]) && v6.port == 443)
        #expect(HostAuthority(parsing: "127.0.0.1")?.host == .ipv4([127, 0, 0, 1]) && HostAuthority(parsing: "127.0.0.1")?.port == nil)
        #expect(HostAuthority.absoluteForm("http://a.example")?.path == "/" && HostAuthority.absoluteForm("http://a.example?q")?.path == "/?q")
        #expect(HostAuthority.absoluteForm("ftp://a.example/") == nil && HostAuthority.absoluteForm("*") == nil)
    }
}
