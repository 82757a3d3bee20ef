import RunApp
import RunCore
import RunHTTP
import RunStore
import RunUI

/// `GET /settings` — the settings form, generated from the schema (one section controller per
/// section): text fields with the store's validation message under a refused value (the draft
/// stays in the field), switches, selects; the profile switcher. Saved to the shared store, so
/// the CLI and every other page see it at once; analysis settings recompute the runs, in the
/// background (``RecomputeWorker``): the page answers at once and says so.
enum SettingsPage {
    static func response(_ context: RequestContext) throws -> HTTPResponse {
        var notice: HTML = .empty
        if context.request.query["saved"] != nil {
            notice = "<p class=\"notice ok\" role=\"status\">\(context.strings.settingsSaved)"
            if let count = context.request.query["recomputed"].flatMap(Int.init), count > 0 {
                let runs = context.formatter.count(count, context.strings.runs)
                let text = context.request.query["newer"] == "1" ? context.strings.runsRecomputedWithNewerSettings(runs)
                    : context.strings.runsRecomputed(runs)
                notice += " " + HTML(stringLiteral: MarkupText.escape(text))
            }
            if context.request.query["recomputing"] == "1" {
                notice += " " + HTML(stringLiteral: MarkupText.escape(context.strings.runsRecomputing))
            }
            notice += "</p>"
            // Run numbers only (the query is the client's): anything else is left out.
            let failed = (context.request.query["failed"] ?? "").split(separator: ",").compactMap { Int64($0) }
            if !failed.isEmpty {
                notice += "<p class=\"notice error\" role=\"alert\">"
                    + HTML(stringLiteral: MarkupText.escape(context.strings.runsNotRecomputed(failed.map(String.init).joined(separator: ", "))))
                    + "</p>"
            }
        }
        return page(context, form: SettingsFormContext(reading: context.reading, formatter: context.formatter), notice: notice, status: 200)
    }

    /// `POST /settings`: every field of the form; all saved, or none with the refusals shown.
    static func save(_ context: RequestContext) throws -> HTTPResponse {
        var texts = context.form.values
        texts.removeValue(forKey: CSRFGuard.fieldName)
        let submission = try SettingsSubmission.save(texts, to: context.workspace.settings, library: context.library,
                                                     strings: context.formatter.strings, queueRecompute: context.recompute.queue)
        guard submission.isSaved else {
            let reading = try context.workspace.reading()
            let form = SettingsFormContext(reading: reading, formatter: context.formatter, drafts: texts, messages: submission.messages)
            let notice: HTML = "<p class=\"notice error\" role=\"alert\">\(context.strings.settingsNotSaved)</p>"
            return page(context, form: form, notice: notice, status: 422)
        }
        return .seeOther(savedLocation(submission.reanalysis))
    }

    /// `POST /settings/profile`: makes another profile active (recomputing runs if its analysis settings differ).
    static func useProfile(_ context: RequestContext) throws -> HTTPResponse {
        let name = context.form["profile"] ?? ""
        let reanalysis = try SettingsChanges(settings: context.workspace.settings, library: context.library,
                                             queueRecompute: context.recompute.queue).useProfile(name)
        return .seeOther(savedLocation(reanalysis))
    }

    /// Where a saved change leads: the form, saying that the runs are being recomputed (or how many
    /// were recomputed and which could not be).
    private static func savedLocation(_ reanalysis: Reanalysis) -> String {
        if reanalysis.isQueued { return "/settings?saved=1&recomputing=1" }
        return "/settings?saved=1&recomputed=\(reanalysis.done.count)" + (reanalysis.settingsChangedMeanwhile ? "&newer=1" : "")
            + (reanalysis.failed.isEmpty ? "" : "&failed=" + reanalysis.failed.map { String($0.id) }.joined(separator: ","))
    }

    /// `POST /settings/profiles`: a new profile, a copy of the active one, made active.
    static func createProfile(_ context: RequestContext) throws -> HTTPResponse {
        let store = context.workspace.settings
        let name = (context.form["name"] ?? "").trimmingSpaces
        try store.createProfile(name, copying: try store.activeProfile())
        try store.useProfile(name)
        return .seeOther("/settings?saved=1")
    }

    private static func page(_ context: RequestContext, form: SettingsFormContext, notice: HTML, status: Int) -> HTTPResponse {
        let strings = context.strings, token = context.csrfToken
        var body: HTML = "<h1>\(strings.navigationSettings)</h1>\(notice)"
        let store = context.workspace.settings
        let profiles = (try? store.profiles()) ?? [form.reading.snapshot.profile]
        body += "<form class=\"inline\" method=\"post\" action=\"/settings/profile\">\(PageLayout.csrfField(token))"
            + "<label for=\"profile\">\(strings.profile)</label><select id=\"profile\" name=\"profile\">"
        for profile in profiles {
            body += profile == form.reading.snapshot.profile ? "<option selected>\(profile)</option>" : "<option>\(profile)</option>"
        }
        body += "</select><button type=\"submit\" class=\"secondary\">\(strings.useProfile)</button></form>"
        body += "<form class=\"inline\" method=\"post\" action=\"/settings/profiles\">\(PageLayout.csrfField(token))"
            + "<label for=\"new-profile\" class=\"visually-hidden\">\(strings.newProfileCopy)</label>"
            + "<input id=\"new-profile\" name=\"name\" type=\"text\" maxlength=\"40\" required "
            // ProfileName's rule, checked by the browser before the store checks it again.
            + "pattern=\"[\\p{L}\\p{N}][\\p{L}\\p{N} ._\\-]{0,39}\" placeholder=\"\(strings.newProfileCopy)\">"
            + "<button type=\"submit\" class=\"secondary\">\(strings.create)</button></form>"
        body += "<form method=\"post\" action=\"/settings\" novalidate>\(PageLayout.csrfField(token))"
        for section in SettingsScreen.sections(for: form) {
            body += "<section class=\"settings\" id=\"\(section.id)\"><h2>\(section.title)</h2>"
            for field in section.fields { body += fieldHTML(field, strings: strings) }
            body += "</section>"
        }
        body += "<div class=\"actions\"><button type=\"submit\">\(strings.save)</button></div></form>"
        return PageLayout.response(PageLayout.document(title: strings.navigationSettings, current: .settings, strings: strings,
                                                       language: context.language, csrfToken: token, body: body), status: status)
    }

    private static func fieldHTML(_ field: SettingField, strings: UIStrings) -> HTML {
        let id = "setting-" + field.key.replacingDots
        let help: HTML = "<p class=\"help\" id=\"\(id)-help\">\(field.help)</p>"
        let message: HTML = field.message.map { "<p class=\"message\" id=\"\(id)-message\" role=\"alert\">\($0)</p>" } ?? .empty
        let described = field.message == nil ? "\(id)-help" : "\(id)-message \(id)-help"
        let invalid = field.message == nil ? "false" : "true"
        var control: HTML
        switch field.control {
        case .text(let inputMode):
            control = "<label for=\"\(id)\">\(field.title)</label><input id=\"\(id)\" name=\"\(field.key)\" type=\"text\" "
                + "inputmode=\"\(inputMode)\" value=\"\(field.text)\" aria-invalid=\"\(invalid)\" aria-describedby=\"\(described)\">"
            if let unit = field.unit { control += "<span class=\"unit\">\(unit)</span>" }
        case .toggle:
            control = "<input type=\"hidden\" name=\"\(field.key)\" value=\"false\"><label class=\"switch\" for=\"\(id)\">"
                + "<input id=\"\(id)\" type=\"checkbox\" role=\"switch\" name=\"\(field.key)\" value=\"true\"\(field.isOn ? " checked" : "") "
                + "aria-describedby=\"\(described)\">\(field.title)</label>"
        case .choice(let choices):
            control = "<label for=\"\(id)\">\(field.title)</label><select id=\"\(id)\" name=\"\(field.key)\" aria-describedby=\"\(described)\">"
            for choice in choices {
                control += choice.value == field.text ? "<option value=\"\(choice.value)\" selected>\(choice.title)</option>"
                    : "<option value=\"\(choice.value)\">\(choice.title)</option>"
            }
            control += "</select>"
        }
        return "<div class=\"setting\"><div class=\"row\">\(control)</div>\(message)\(help)</div>"
    }
}

extension String {
    /// `heartRate.maximum` → `heartRate-maximum`, for element ids.
    fileprivate var replacingDots: String { String(map { $0 == "." ? "-" : $0 }) }
}
