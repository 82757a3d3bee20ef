/// The import page's script (served as `/static/import.js`; the CSP allows script from this
/// server only). While an import waits or runs, it asks `GET /api/v1/imports/{id}` (the page's
/// `data-job-url`) every half second, shows the job's status line as the server wrote it (in the
/// page's language) with `textContent`, and loads the page again once the import ended, which then
/// shows the report. A failed request is tried again a second later; a 404 (the report is no
/// longer kept) reloads the page, which says so.
enum ImportScript {
    static let js = #"""
"use strict";
(function () {
  var root = document.getElementById("import-job");
  var status = document.getElementById("import-status");
  if (!root || !status || !window.fetch) return;
  function ask() {
    fetch(root.dataset.jobUrl, { credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(function (response) {
        if (response.status === 404) { window.location.reload(); return null; }
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      })
      .then(function (job) {
        if (!job) return;
        root.dataset.state = job.state;
        status.textContent = job.display.status;
        if (job.display.isFinished) { window.location.reload(); return; }
        setTimeout(ask, 500);
      })
      .catch(function () { setTimeout(ask, 1000); });
  }
  setTimeout(ask, 500);
})();
"""#
}
