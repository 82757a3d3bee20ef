#!/usr/bin/env python3
"""Parses a message written by `runlog share` with Python's email package, as a mail program
would, and checks its form.

usage: check-eml.py MESSAGE.eml ATTACHMENT-OUT
Prints a JSON object (subject decoded, from, to, body text, attachment file name, content type,
the multipart type, problems found) and writes the attachment's bytes to ATTACHMENT-OUT.

Form checked: CRLF line ends only (RFC 5322 §2.1); header lines at most 78 characters (§2.1.1);
Date parses (§3.3) and Message-ID is <left@right> (§3.6.4); multipart/mixed; a text/plain body in
utf-8; base64 lines at most 76 characters (RFC 2045 §6.8); the non-ASCII subject in encoded-words
(RFC 2047) and a non-ASCII file name in RFC 2231 form in the raw text."""
import email
import email.policy
import email.utils
import json
import re
import sys


def main(path, attachment_out):
    raw = open(path, 'rb').read()
    problems = []
    if raw.count(b'\n') != raw.count(b'\r\n'):
        problems.append('a line ends without CR')
    head, _, _ = raw.partition(b'\r\n\r\n')
    for line in head.split(b'\r\n'):
        if len(line) > 78:
            problems.append(f'header line over 78 characters: {line[:40]!r}')
        if any(b > 127 for b in line):
            problems.append(f'header line with 8-bit bytes: {line[:40]!r}')
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    if msg.get_content_type() != 'multipart/mixed':
        problems.append(f'content type {msg.get_content_type()}')
    try:
        email.utils.parsedate_to_datetime(msg['Date'])
    except Exception as error:  # noqa: BLE001
        problems.append(f'Date {msg["Date"]!r} does not parse: {error}')
    if not re.fullmatch(r'<[^<>@\s]+@[^<>@\s]+>', str(msg['Message-ID'] or '')):
        problems.append(f'Message-ID {msg["Message-ID"]!r}')
    body = msg.get_body(preferencelist=('plain',))
    if body is None or body.get_content_charset() != 'utf-8':
        problems.append('no text/plain utf-8 body')
    attachments = list(msg.iter_attachments())
    if len(attachments) != 1:
        problems.append(f'{len(attachments)} attachments')
        attachment = None
    else:
        attachment = attachments[0]
        payload = attachment.get_payload(decode=False)
        for line in payload.splitlines():
            if len(line) > 76:
                problems.append('a base64 line over 76 characters')
                break
        open(attachment_out, 'wb').write(attachment.get_content())
    print(json.dumps({
        'subject': str(msg['Subject']),
        'rawSubject': head.decode('ascii', 'replace').split('Subject: ', 1)[1].split('\r\nDate:')[0] if b'Subject: ' in head else None,
        'from': str(msg['From']), 'to': str(msg['To']) if msg['To'] else None,
        'body': body.get_content().replace('\r\n', '\n') if body else None,
        'attachmentName': attachment.get_filename() if attachment else None,
        'attachmentType': attachment.get_content_type() if attachment else None,
        'attachmentDisposition': attachment.get_content_disposition() if attachment else None,
        'rfc2231': b"filename*" in raw,
        'problems': problems,
    }, ensure_ascii=False))


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
