import Foundation
import RunCore

/// An e-mail message with a text body and attachments, written as an RFC 5322 / MIME message
/// (`.eml`) that mail programs open: `multipart/mixed` (RFC 2046 §5.1.3) holding a
/// `text/plain; charset=utf-8` body in quoted-printable (RFC 2045 §6.7) and each attachment in
/// base64 lines of 76 characters (RFC 2045 §6.8), with CRLF line ends throughout (RFC 5322 §2.1).
/// A non-ASCII subject is written as RFC 2047 encoded-words, a non-ASCII file name with RFC 2231
/// parameter encoding in `Content-Disposition` (RFC 2183) and `Content-Type`; an attachment's
/// name never carries a bidirectional-text control there (RunCore's `FileNameText.removingBidiControls`).
package struct MailMessage: Sendable {
    package struct Attachment: Sendable {
        package var fileName: String
        /// `type/subtype`, e.g. `application/gpx+xml`.
        package var contentType: String
        package var bytes: [UInt8]

        package init(fileName: String, contentType: String, bytes: [UInt8]) {
            self.fileName = fileName
            self.contentType = contentType
            self.bytes = bytes
        }
    }

    /// Addresses as `local@domain` (``MailAddress``).
    package var from: String
    package var to: String?
    package var subject: String
    /// The `Date` header: seconds since 1970 and the sender's offset from UTC in seconds.
    package var dateSeconds: Double
    package var utcOffsetSeconds: Int
    /// The `Message-ID` without angle brackets: `left@right`.
    package var messageID: String
    package var body: String
    package var attachments: [Attachment]
    /// Adds `X-Unsent: 1`, so mail programs that know it open the file as a draft to send.
    package var isDraft = true

    package init(from: String, to: String?, subject: String, dateSeconds: Double, utcOffsetSeconds: Int, messageID: String, body: String,
                attachments: [Attachment]) {
        self.from = from
        self.to = to
        self.subject = subject
        self.dateSeconds = dateSeconds
        self.utcOffsetSeconds = utcOffsetSeconds
        self.messageID = messageID
        self.body = body
        self.attachments = attachments
    }

    /// The whole message, CRLF line ends, no line over 78 characters.
    /// - Parameter boundary: the multipart boundary; by default random, starting with `=_`, which
    ///   quoted-printable and base64 text never contain (RFC 2045 §6.7, §6.8).
    package func rendered(boundary: String? = nil) -> [UInt8] {
        let boundary = boundary ?? "=_runlog_" + MailHeaderText.randomHex(12)
        var lines: [String] = ["From: " + from]
        if let to { lines.append("To: " + to) }
        lines.append(MailHeaderText.unstructured("Subject", subject))
        lines.append("Date: " + MailHeaderText.date(seconds: dateSeconds, utcOffsetSeconds: utcOffsetSeconds))
        lines.append("Message-ID: <\(messageID)>")
        lines.append("MIME-Version: 1.0")
        if isDraft { lines.append("X-Unsent: 1") }
        lines.append("Content-Type: multipart/mixed; boundary=\"\(boundary)\"")
        lines.append("")
        lines.append("This is a message in MIME format.")
        lines.append("")
        lines.append("--" + boundary)
        lines.append("Content-Type: text/plain; charset=utf-8")
        lines.append("Content-Transfer-Encoding: quoted-printable")
        lines.append("")
        lines += MailBodyText.quotedPrintable(body)
        for attachment in attachments {
            lines.append("--" + boundary)
            let fileName = FileNameText.removingBidiControls(attachment.fileName)
            lines.append(MailHeaderText.parameterized("Content-Type", attachment.contentType, name: "name", value: fileName))
            lines.append(MailHeaderText.parameterized("Content-Disposition", "attachment", name: "filename", value: fileName))
            lines.append("Content-Transfer-Encoding: base64")
            lines.append("")
            lines += MailBodyText.base64Lines(attachment.bytes)
        }
        lines.append("--" + boundary + "--")
        lines.append("")
        return Array(lines.joined(separator: "\r\n").utf8)
    }
}
