import Foundation
@testable import RunHTTP
import Testing

/// The HTTP layer's parts, with inputs written by hand from the RFCs.
@Suite struct HTTPPartsTests {
    @Test func urlEncodedForms() {
        let form = URLEncodedForm(Array("a=1&b=x+y&c=%C3%A4%2B&a=2&empty=&flag&bad=%zz".utf8))
        #expect(form["a"] == "2" && form["b"] == "x y" && form["c"] == "ä+" && form["empty"] == "" && form["flag"] == "")
        #expect(form["bad"] == "%zz" && form["missing"] == nil)
        #expect(form.pairs.count == 7)
    }

    @Test func multipartForms() throws {
        let body = "preamble\r\n--XyZ\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\ntoken\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"files\"; filename=\"C:\\\\runs\\\\a \\\"b\\\".gpx\"\r\n"
            + "Content-Type: application/gpx+xml\r\n\r\n<gpx>\r\n--not the boundary\r\n</gpx>\r\n--XyZ--\r\n"
        let form = try MultipartForm(body: Array(body.utf8), contentType: "multipart/form-data; boundary=XyZ")
        #expect(form.parts.count == 2 && form["csrf"] == "token")
        #expect(form.parts[1].fileName == "a \"b\".gpx" && form.parts[1].contentType == "application/gpx+xml")
        #expect(form.parts[1].text == "<gpx>\r\n--not the boundary\r\n</gpx>")
        #expect(throws: FormError.self) { try MultipartForm(body: Array(body.utf8), contentType: "multipart/form-data") }
        #expect(throws: FormError.self) { try MultipartForm(body: Array("--XyZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nno end".utf8),
                                                           contentType: "multipart/form-data; boundary=XyZ") }
    }

    @Test(arguments: [
        ("2026-05-01 Morning Run.gpx", "attachment; filename=\"2026-05-01 Morning Run.gpx\""),
        ("Läufchen.gpx", "attachment; filename=\"L_ufchen.gpx\"; filename*=UTF-8''L%C3%A4ufchen.gpx"),
        ("a/b\\c\"d.gpx", "attachment; filename=\"a_b_c_d.gpx\"; filename*=UTF-8''a%2Fb%5Cc%22d.gpx"),
        ("100% \u{1}.gpx", "attachment; filename=\"100_ _.gpx\"; filename*=UTF-8''100%25%20%01.gpx"),
        ("東京.gpx", "attachment; filename=\"__.gpx\"; filename*=UTF-8''%E6%9D%B1%E4%BA%AC.gpx"),
    ])
    func contentDisposition(name: String, header: String) {
        #expect(ContentDisposition.attachment(fileName: name) == header)
    }

    /// Neither form carries a bidirectional-text control, whoever made the name (Unicode's
    /// Bidi_Control scalars, by hand: ALM, LRM, RLM, LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI).
    @Test(arguments: [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] as [UInt32])
    func contentDispositionDropsBidiControls(control: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(control))
        #expect(ContentDisposition.attachment(fileName: "invoice\(scalar)xpg.exe") == "attachment; filename=\"invoicexpg.exe\"")
        let encoded = String(scalar).utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
        let header = ContentDisposition.attachment(fileName: "Läufchen \(scalar)xpg.exe")
        #expect(header == "attachment; filename=\"L_ufchen xpg.exe\"; filename*=UTF-8''L%C3%A4ufchen%20xpg.exe")
        #expect(!header.unicodeScalars.contains(scalar) && !header.contains(encoded))
    }

    @Test func routerMatchesPatterns() {
        var router = Router<String>()
        router.add("GET", "/runs/{id}", "show")
        router.add("POST", "/runs/{id}/rename", "rename")
        router.add("DELETE", "/runs/{id}", "delete")
        guard case .found(let handler, let parameters) = router.match(method: "GET", path: "/runs/12/") else { Issue.record("no match"); return }
        #expect(handler == "show" && parameters == ["id": "12"])
        guard case .methodNotAllowed(let allowed) = router.match(method: "PUT", path: "/runs/12") else { Issue.record("not 405"); return }
        #expect(allowed == ["GET", "DELETE", "HEAD"])
        if case .found(let handler, _) = router.match(method: "HEAD", path: "/runs/1") { #expect(handler == "show") } else { Issue.record("HEAD") }
        guard case .notFound = router.match(method: "GET", path: "/runs/12/other") else { Issue.record("not 404"); return }
        // A literal segment is matched whole; the patterns read back as added.
        router.add("GET", "/runs/{id}/gpx", "gpx")
        guard case .notFound = router.match(method: "GET", path: "/runs/12/gp") else { Issue.record("a prefix matched"); return }
        #expect(router.patterns.map(\.pattern) == ["/runs/{id}", "/runs/{id}/rename", "/runs/{id}", "/runs/{id}/gpx"])
    }

    /// Field names compare without regard to ASCII case, and only ASCII letters fold.
    @Test func headerNamesIgnoreCase() {
        let response = HTTPResponse(status: 200, headers: [("Content-Type", "text/html"), ("X-A-B", "1")])
        #expect(response.header("content-type") == "text/html" && response.header("CONTENT-TYPE") == "text/html")
        #expect(response.header("x-a-b") == "1" && response.header("x\ra\rb") == nil && response.header("content-typ") == nil)
        #expect(!HTTPResponse.sameFieldName("a-b", "a\rb") && !HTTPResponse.sameFieldName("[", "{") && HTTPResponse.sameFieldName("Q", "q"))
    }

    @Test func tileOrigins() {
        #expect(SecurityHeaders.tileOrigin("https://tile.openstreetmap.org/{z}/{x}/{y}.png") == "https://tile.openstreetmap.org")
        #expect(SecurityHeaders.tileOrigin("https://{s}.tile.example.org:8443/{z}/{x}/{y}.png") == "https://*.tile.example.org:8443")
        #expect(SecurityHeaders.tileOrigin("https://a;b/{z}/{x}/{y}") == nil && SecurityHeaders.tileOrigin("ftp://x/{z}/{x}/{y}") == nil)
    }
}
