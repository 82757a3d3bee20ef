/// The live page's script (served as `/static/live.js`; the CSP allows script from this server
/// only). Follows `GET /api/v1/live/events` with `EventSource` — which reconnects by itself and
/// sends `Last-Event-ID`, so no state is missed — and shows each event's `display` texts as the
/// server wrote them (language and units of the settings); the buttons POST their command with
/// the page's CSRF token, Finish after a confirmation; a refused command is said in the page's
/// language (the page's `data-refusals`). Texts go in with `textContent` only.
enum LiveScript {
    static let js = #"""
"use strict";
(function () {
  var root = document.getElementById("live");
  if (!root || !window.EventSource) return;
  var status = document.getElementById("live-status");
  var fields = document.getElementById("live-fields");
  var stored = document.getElementById("live-stored");
  var controls = document.getElementById("live-controls");
  var pause = document.getElementById("live-pause");
  var lap = document.getElementById("live-lap");
  var message = document.getElementById("live-message");
  var token = document.querySelector("meta[name=csrf-token]").content;
  // The recorder's refusals in the page's language, by "command state" (the API says them in English).
  var refusals = JSON.parse(root.dataset.refusals || "{}");

  function show(live) {
    var display = live.display;
    root.dataset.state = live.state;
    root.dataset.sequence = live.sequence == null ? "" : String(live.sequence);
    root.dataset.stale = String(live.stale);
    status.textContent = display.status;
    status.classList.toggle("stale", display.isStale);
    var boxes = display.fields.map(function (field) {
      var box = document.createElement("div");
      box.dataset.field = field.id;
      var label = document.createElement("dt");
      label.textContent = field.label;
      var value = document.createElement("dd");
      value.textContent = field.value;
      box.append(label, value);
      return box;
    });
    fields.replaceChildren(...boxes);
    if (display.storedRun) {
      var link = document.createElement("a");
      link.href = display.storedRun.path;
      link.textContent = display.storedRun.text;
      stored.replaceChildren(link);
    }
    stored.hidden = !display.storedRun;
    controls.hidden = !display.acceptsCommands;
    if (lap) lap.hidden = live.state !== "running";
    pause.dataset.command = display.pauseCommand;
    pause.textContent = display.pauseTitle;
  }

  var source = new EventSource(root.dataset.eventsUrl);
  ["state", "stale"].forEach(function (type) {
    source.addEventListener(type, function (event) { show(JSON.parse(event.data)); });
  });

  // A refused stream (too many open, 503) is not retried by the browser: say so. A lost one
  // (the server stopped) is retried by the browser: say that the numbers may be old meanwhile.
  var lost = false;
  source.addEventListener("error", function () {
    lost = source.readyState !== EventSource.CLOSED;
    message.textContent = lost ? root.dataset.streamLost : root.dataset.streamClosed;
    message.hidden = false;
  });
  source.addEventListener("open", function () {
    if (lost) { message.hidden = true; lost = false; }
  });

  function refuse(reason) {
    message.textContent = root.dataset.notSent + reason;
    message.hidden = false;
  }

  controls.addEventListener("click", async function (event) {
    var button = event.target.closest("button[data-command]");
    if (!button) return;
    if (button.dataset.confirm && !window.confirm(button.dataset.confirm)) return;
    message.hidden = true;
    button.disabled = true;
    try {
      var response = await fetch(root.dataset.commandsUrl, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": token },
        body: JSON.stringify({ command: button.dataset.command })
      });
      if (!response.ok) {
        var body = await response.json().catch(function () { return null; });
        var error = body && body.error;
        refuse(!error ? String(response.status) : error.code === "noRecording" ? root.dataset.noRecording
               : refusals[error.command + " " + error.state] || error.message);
      }
    } catch (error) {
      refuse(String(error));
    } finally {
      button.disabled = false;
    }
  });
})();
"""#
}
