import Foundation
import RunHTTP
import RunUI
@testable import RunWeb
import Testing

/// The web application's small parts: the CSRF check, the host check, HTML escaping.
@Suite struct WebPartsTests {
    @Test func csrfAndHeaders() {
        let guardian = CSRFGuard(token: "abc")
        let cookie = ["runlog_csrf": "abc"]
        #expect(guardian.accepts(HTTPRequest(method: "POST", path: "/", cookies: cookie), submitted: "abc"))
        #expect(!guardian.accepts(HTTPRequest(method: "POST", path: "/", cookies: cookie), submitted: "abd"))
        #expect(!guardian.accepts(HTTPRequest(method: "POST", path: "/"), submitted: "abc"))
        #expect(!guardian.accepts(HTTPRequest(method: "POST", path: "/", headers: ["origin": "http://evil", "host": "127.0.0.1:1"], cookies: cookie),
                                  submitted: "abc"))
        #expect(guardian.accepts(HTTPRequest(method: "POST", path: "/", headers: ["origin": "http://127.0.0.1:1", "host": "127.0.0.1:1"],
                                             cookies: cookie), submitted: "abc"))
        #expect(CSRFGuard().token.count == 64 && CSRFGuard().token != CSRFGuard().token)
        #expect(WebApplication.isLoopbackHost("127.0.0.1:8080") && WebApplication.isLoopbackHost("localhost")
                && WebApplication.isLoopbackHost("[::1]:80") && WebApplication.isLoopbackHost("127.1.2.3"))
        #expect(!WebApplication.isLoopbackHost("127.0.0.1.nip.io") && !WebApplication.isLoopbackHost(nil)
                && !WebApplication.isLoopbackHost("evil.example:8080") && !WebApplication.isLoopbackHost("128.0.0.1"))
    }

    @Test func htmlInterpolationEscapes() {
        let name = "<script>alert(1)</script>"
        let html: HTML = "<p title=\"\(name)\">\(name) \(3)</p>"
        #expect(html.text == "<p title=\"&lt;script&gt;alert(1)&lt;/script&gt;\">&lt;script&gt;alert(1)&lt;/script&gt; 3</p>")
    }
}
