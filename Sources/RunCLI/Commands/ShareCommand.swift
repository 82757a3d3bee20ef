import Foundation
import RunCore
import RunFormats
import RunStore
import RunUI

/// `runlog share RUN [-o FILE.eml] [--to ADDRESS]`
enum ShareCommand: Command {
    static let name = "share"
    static let summary = "write a run as an e-mail (.eml) with its GPX file attached"
    static let overview = """
        Writes an e-mail message (RFC 5322, MIME) that any mail program opens, to send run RUN:
        the subject says what the run was ("Run: 10.02 km in 52:13 on Sat 2 May 2026"; a ride is
        "Ride: …"), the body gives its key numbers, and the run is attached as GPX 1.1
        (application/gpx+xml) under its day and name ("2026-05-02 Morning Run.gpx"). Subject and
        body follow the language and units settings. The message is marked as a draft (X-Unsent),
        so mail programs that know the mark open it ready to send. The sender is $EMAIL when it is
        an address, else USER@HOST.
        """
    enum Options {
        static let output = Option("--output", short: "-o", .required("FILE", .files(extensions: ["eml"])), help: """
            write to FILE (e.g. run.eml; replaced only when complete) instead of
            standard output
            """)
        static let to = Option("--to", .required("ADDRESS"), help: "the recipient (an address like ana@example.org)")
    }
    static let shape = CommandShape(options: [Options.output, Options.to], positionals: [Positional("RUN", .runIDs)],
                                    globals: [GlobalOptions.library, GlobalOptions.profile.help("the settings profile (language and units)"), GlobalOptions.help])

    static func run(_ arguments: ParsedArguments, in context: CommandContext) throws -> Int32 {
        let id = try context.runID(arguments.positionals[0], command: name)
        let to = arguments.value(Options.to)
        if let to, !MailAddress.isValid(to) {
            throw UsageError("--to cannot be '\(to)': it takes one address like ana@example.org", command: name)
        }
        let library = try context.library()
        let run = try library.run(id: id)
        let gpx = MemoryOutput()
        let warnings = try library.exportGPX(id: id, to: gpx)
        for warning in warnings { context.console.error("runlog: warning: run \(id): \(warning.description)") }
        let fileName = ExportFileName.name(for: run, timeZone: context.timeZone, fileExtension: "gpx")
        let text = ShareText(presentation: RunPresentation(run: run, analysis: try library.analysis(id: id)), attachmentName: fileName,
                             program: "runlog \(CLI.version)", formatter: context.formatter, calendar: context.calendar)
        let now = context.now
        let host = hostDomain()
        let message = MailMessage(
            from: sender(host: host, environment: context.environment), to: to, subject: text.subject, dateSeconds: now.timeIntervalSince1970,
            utcOffsetSeconds: context.timeZone.secondsFromGMT(for: now),
            messageID: "runlog.\(Int(now.timeIntervalSince1970)).\(UUID().uuidString.lowercased())@\(host)", body: text.body,
            attachments: [MailMessage.Attachment(fileName: fileName, contentType: "application/gpx+xml", bytes: gpx.bytes)])
        let destination = arguments.value(Options.output)
        try OutputFile.write(to: destination, console: context.console) { output in
            try message.rendered().withUnsafeBytes { try output.write($0) }
        }
        if let destination, destination != "-" { context.console.print("wrote run \(id) as an e-mail to \(destination)") }
        return ExitCode.success
    }

    /// `$EMAIL` when it is an address, else `USER@HOST`, else `runlog@HOST`.
    private static func sender(host: String, environment: [String: String]) -> String {
        if let email = environment["EMAIL"], MailAddress.isValid(email) { return email }
        if let user = environment["USER"], MailAddress.isValid(user + "@" + host) { return user + "@" + host }
        return "runlog@" + host
    }

    /// The host name when it can stand right of an `@`, else `localhost`.
    private static func hostDomain() -> String {
        let host = ProcessInfo.processInfo.hostName
        return MailAddress.isValid("x@" + host) ? host : "localhost"
    }
}
