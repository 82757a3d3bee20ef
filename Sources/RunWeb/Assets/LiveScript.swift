/// The live page's script (served as `/static/live.js`; the CSP allows script from this server
/// only). Follows `GET /api/v1/live/events` with `EventSource` and shows each event's `display`
/// texts as the server wrote them (language and units of the settings); the buttons POST their
/// command with the page's CSRF token, Finish after a confirmation; a refused command is said in
/// the page's language (the page's `data-refusals`). Texts go in with `textContent` only.
///
/// **Never stops following.** When the stream breaks — the server refused it (503: as many
/// streams are open as it allows), dropped it, or went away — the script closes it and opens a
/// new one itself after a back-off: 1 s, doubling to at most 30 s, each wait drawn between half
/// and all of that (so pages that lost one server do not come back in step), reset once a stream
/// opens. (`EventSource` alone would give up for good after a 503 and retry a drop at a fixed
/// pace.) The new stream asks for the states after the last one shown (`?lastEventId=`), so none
/// is missed. `data-stream` on `#live` says `open`, `waiting` (until the next attempt) or
/// `connecting`. A command refused because the page's session expired (`sessionExpired`) takes a
/// new session's token from `GET /api/v1/session` and is sent once more.
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

  // The stream, opened again after a back-off whenever it breaks (see the type's comment).
  var source = null;
  var lastEventId = null;
  var failures = 0;
  var lost = false;
  function follow() {
    var url = root.dataset.eventsUrl;
    if (lastEventId !== null) url += (url.indexOf("?") < 0 ? "?" : "&") + "lastEventId=" + encodeURIComponent(lastEventId);
    root.dataset.stream = "connecting";
    var stream = new EventSource(url);
    source = stream;
    ["state", "stale"].forEach(function (type) {
      stream.addEventListener(type, function (event) {
        if (event.lastEventId) lastEventId = event.lastEventId;
        show(JSON.parse(event.data));
      });
    });
    stream.addEventListener("open", function () {
      failures = 0;
      root.dataset.stream = "open";
      if (lost) { message.hidden = true; lost = false; }
    });
    stream.addEventListener("error", function () {
      if (stream !== source) return;
      // Refused (closed by the browser) or broken (the browser would retry): either way ours to retry.
      var refused = stream.readyState === EventSource.CLOSED;
      stream.close();
      source = null;
      lost = true;
      message.textContent = refused ? root.dataset.streamClosed : root.dataset.streamLost;
      message.hidden = false;
      var ceiling = Math.min(30000, 1000 * Math.pow(2, failures));
      failures += 1;
      root.dataset.stream = "waiting";
      window.setTimeout(follow, ceiling / 2 + Math.random() * ceiling / 2);
    });
  }
  follow();

  function refuse(reason) {
    message.textContent = root.dataset.notSent + reason;
    message.hidden = false;
  }

  function send(command) {
    return fetch(root.dataset.commandsUrl, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": token },
      body: JSON.stringify({ command: command })
    });
  }

  controls.addEventListener("click", async function (event) {
    var button = event.target.closest("button[data-command]");
    if (!button) return;
    if (button.dataset.confirm && !window.confirm(button.dataset.confirm)) return;
    message.hidden = true;
    button.disabled = true;
    try {
      var response = await send(button.dataset.command);
      var body = response.ok ? null : await response.json().catch(function () { return null; });
      var error = body && body.error;
      if (error && error.code === "sessionExpired") {
        // The page outlived its session: a new one (its cookie comes with the answer), then once more.
        var session = await fetch("/api/v1/session", { credentials: "same-origin" });
        if (session.ok) {
          token = (await session.json()).csrfToken;
          response = await send(button.dataset.command);
          body = response.ok ? null : await response.json().catch(function () { return null; });
          error = body && body.error;
        }
      }
      if (!response.ok) {
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
