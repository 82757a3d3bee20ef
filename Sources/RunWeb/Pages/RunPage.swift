import RunApp
import RunCore
import RunHTTP
import RunStore
import RunUI

/// `GET /runs/{id}` — one run: its numbers, the map (SVG drawn here; Leaflet over tiles too when
/// the setting map.downloadTiles is on), charts of pace, elevation and heart rate against
/// distance, splits, best efforts, zones, the clean-up, and forms to rename it, note it, download,
/// share and delete it.
enum RunPage {
    static func response(_ context: RequestContext) throws -> HTTPResponse {
        // The splits table shows the display unit's splits only: the other unit's are not read.
        let run = try StoredRun(id: try context.runID(), context: context, splits: context.formatter.units.splitUnits)
        let strings = context.strings, formatter = context.formatter
        let record = run.record
        let token = context.csrfToken
        var body: HTML = "<h1>\(record.name)</h1>"
        // Headline numbers.
        body += "<dl class=\"fields\">"
        for field in run.presentation.fields(formatter: formatter, calendar: context.calendar) where field.label != strings.fieldName {
            body += "<div><dt>\(field.label)</dt><dd>\(field.value)</dd></div>"
        }
        body += "</dl>"
        for diagnostic in run.presentation.diagnostics { body += "<p class=\"muted\">\(diagnostic.description)</p>" }
        // Map and charts.
        let figures = try run.figures(context: context)
        body += "<h2>\(strings.map)</h2>"
        if let drawing = figures.map {
            body += "<figure><div class=\"figure-scroll\">\(SVGMarkup(drawing))</div><ul class=\"legend\">"
            for entry in drawing.legend { body += "<li class=\"\(entry.category)\">\(entry.title)</li>" }
            body += "</ul></figure>"
            if let tiles = context.tileServer {
                let attribution = tiles.template.contains("openstreetmap") ? "© OpenStreetMap contributors" : ""
                body += "<h2>\(strings.interactiveMap)</h2><div id=\"interactive-map\" data-tile-url=\"\(tiles.template)\" "
                    + "data-track-url=\"/api/v1/runs/\(record.id)/track\" data-attribution=\"\(attribution)\"></div>"
            }
        } else {
            body += "<p class=\"muted\">\(strings.noTrack)</p>"
        }
        for chart in figures.charts {
            body += "<figure><figcaption>\(chart.title)</figcaption><div class=\"figure-scroll\">\(SVGMarkup(chart.drawing))</div></figure>"
        }
        // Splits, best efforts, zones, clean-up: the section controllers of `runlog show`.
        if let analysis = run.presentation.analysis {
            body += SectionHTMLRenderer.render(RunDetailScreen.sections(for: RunDetailContext(analysis: analysis, formatter: formatter,
                                                                                             calendar: context.calendar)))
        }
        // Sport, name and notes.
        body += """
        <h2>\(strings.fieldSport) · \(strings.fieldName) · \(strings.fieldNotes)</h2>
        <form class="inline" method="post" action="/runs/\(record.id)/sport">\(PageLayout.csrfField(token))
        <label for="sport" class="visually-hidden">\(strings.fieldSport)</label>
        <select id="sport" name="sport">\(sportOptions(record, strings: strings))</select>
        <button type="submit">\(strings.save)</button></form>
        <form class="inline" method="post" action="/runs/\(record.id)/rename">\(PageLayout.csrfField(token))
        <label for="name" class="visually-hidden">\(strings.fieldName)</label>
        <input id="name" name="name" type="text" maxlength="200" required pattern=".*\\S.*" value="\(record.name)">
        <button type="submit">\(strings.rename)</button></form>
        <form method="post" action="/runs/\(record.id)/notes">\(PageLayout.csrfField(token))
        <label for="notes" class="visually-hidden">\(strings.fieldNotes)</label>
        <textarea id="notes" name="notes" maxlength="10000">\(record.notes)</textarea>
        <div class="actions"><button type="submit">\(strings.save)</button></div></form>
        """
        // Download, share, delete.
        let fileName = run.downloadFileName(context: context)
        let shareTitle = [record.name, record.startTimeSeconds.map { context.calendar.date($0) },
                          formatter.distance(record.summary.distanceMeters)].compactMap { $0 }.joined(separator: " · ")
        body += """
        <div class="actions">
        <a class="button" href="/runs/\(record.id)/gpx" download="\(fileName)">\(strings.downloadGPX)</a>
        <button type="button" class="secondary" hidden data-share-url="/runs/\(record.id)/gpx" data-share-file="\(fileName)" data-share-title="\(shareTitle)">\(strings.share)</button>
        <a class="button danger" href="/runs/\(record.id)/delete">\(strings.delete)</a>
        </div>
        """
        var extraHead = HTML.empty
        if context.tileServer != nil {
            extraHead = "<link rel=\"stylesheet\" href=\"/static/leaflet/leaflet.css\">\n<script src=\"/static/leaflet/leaflet.js\" defer></script>\n"
        }
        return PageLayout.response(PageLayout.document(title: record.name, current: .runs, strings: strings, language: context.language,
                                                       csrfToken: token, extraHead: extraHead, body: body))
    }

    /// `POST /runs/{id}/rename` (form field `name`).
    static func rename(_ context: RequestContext) throws -> HTTPResponse {
        let id = try context.runID()
        try context.library.rename(id: id, to: context.form["name"] ?? "")
        return .seeOther("/runs/\(id)")
    }

    /// The sport choices: the file's or inferred one, then every sport, the run's chosen.
    private static func sportOptions(_ record: RunRecord, strings: UIStrings) -> HTML {
        var options: HTML = record.chosenSport == nil ? "<option value=\"auto\" selected>" : "<option value=\"auto\">"
        options += "\(strings.sportAutomatic)</option>"
        for sport in Sport.allCases {
            options += sport == record.chosenSport ? "<option value=\"\(sport.rawValue)\" selected>" : "<option value=\"\(sport.rawValue)\">"
            options += "\(strings.sportName(sport))</option>"
        }
        return options
    }

    /// `POST /runs/{id}/sport` (form field `sport`: a sport, or `auto`): recomputes the run.
    static func setSport(_ context: RequestContext) throws -> HTTPResponse {
        let id = try context.runID()
        let edit = RunEdit(sport: try RunEdit.sportChange(context.form["sport"] ?? ""))
        try Runs(library: context.library, preferences: AnalysisPreferences(settings: context.settings),
                 currentPreferences: { try context.currentAnalysisPreferences() }).edit(id: id, edit)
        return .seeOther("/runs/\(id)")
    }

    /// `POST /runs/{id}/notes` (form field `notes`).
    static func setNotes(_ context: RequestContext) throws -> HTTPResponse {
        let id = try context.runID()
        try context.library.setNotes(id: id, to: context.form["notes"] ?? "")
        return .seeOther("/runs/\(id)")
    }
}
