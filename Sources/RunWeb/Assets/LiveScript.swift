/// The live page's script (served as `/static/live.js`; the CSP allows script from this server
/// only). Follows `GET /api/v1/live/events` — read with `fetch` and a stream reader, parsed as
/// Server-Sent Events (the WHATWG HTML standard's event-stream format: `event:`, `data:`, `id:`
/// fields, blank-line ended, `:` comments) — and shows each event's `display` texts as the server
/// wrote them (language and units of the settings); the buttons POST their command with the
/// page's CSRF token, Finish after a confirmation; a refused command is said in the page's
/// language (the page's `data-refusals`). Texts go in with `textContent` only.
///
/// **Never stops following.** When the stream breaks — the server refused it (503: as many
/// streams are open as it allows; 429: as many from this address), dropped it, or went away —
/// the script opens a new one itself after a back-off: 1 s, doubling to at most 30 s, each wait
/// drawn between half and all of that (so pages that lost one server do not come back in step),
/// reset once a stream opens; and never sooner than the refusal's `Retry-After` (seconds or an
/// HTTP date) says. That is why it reads the stream with `fetch`: `EventSource` shows no status
/// or header of a refusal (and alone would give up for good after a 503 and retry a drop at a
/// fixed pace). The new stream asks for the states after the last one shown (`?lastEventId=`),
/// so none is missed. `data-stream` on `#live` says `open`, `waiting` (until the next attempt)
/// or `connecting`; `data-retry-after` the last refusal's `Retry-After` in seconds (empty when
/// it named none). A command refused because the page's session expired (`sessionExpired`)
/// takes a new session's token from `GET /api/v1/session` and is sent once more.
enum LiveScript {
    static let js = #"""
"use strict";
(function () {
  var root = document.getElementById("live");
  if (!root || !window.fetch || !window.ReadableStream) return;
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

  // One event of the stream (its lines, without the blank line that ended it).
  function dispatch(block) {
    var type = "message", data = [];
    block.split(/\r\n|\r|\n/).forEach(function (line) {
      if (line === "" || line.charAt(0) === ":") return;
      var colon = line.indexOf(":");
      var field = colon < 0 ? line : line.slice(0, colon);
      var value = colon < 0 ? "" : line.slice(colon + 1);
      if (value.charAt(0) === " ") value = value.slice(1);
      if (field === "event") type = value;
      else if (field === "data") data.push(value);
      else if (field === "id" && value !== "") lastEventId = value;
    });
    if ((type === "state" || type === "stale") && data.length) show(JSON.parse(data.join("\n")));
  }

  // Retry-After in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3); 0 without one.
  function retryAfter(response) {
    var value = response && response.headers.get("Retry-After");
    if (!value) return 0;
    var milliseconds = /^\s*\d+\s*$/.test(value) ? 1000 * Number(value) : Date.parse(value) - Date.now();
    return isFinite(milliseconds) ? Math.max(0, milliseconds) : 0;
  }

  function retry(controller, refusal) {
    if (controller !== source) return;
    source = null;
    lost = true;
    message.textContent = refusal ? root.dataset.streamClosed : root.dataset.streamLost;
    message.hidden = false;
    var ceiling = Math.min(30000, 1000 * Math.pow(2, failures));
    failures += 1;
    var wait = Math.max(ceiling / 2 + Math.random() * ceiling / 2, retryAfter(refusal));
    root.dataset.retryAfter = refusal && refusal.headers.get("Retry-After") ? String(retryAfter(refusal) / 1000) : "";
    root.dataset.stream = "waiting";
    window.setTimeout(follow, wait);
  }

  async function follow() {
    var url = root.dataset.eventsUrl;
    if (lastEventId !== null) url += (url.indexOf("?") < 0 ? "?" : "&") + "lastEventId=" + encodeURIComponent(lastEventId);
    root.dataset.stream = "connecting";
    var controller = new AbortController();
    source = controller;
    var response = null;
    try {
      response = await fetch(url, { credentials: "same-origin", cache: "no-store", signal: controller.signal,
                                    headers: { "Accept": "text/event-stream" } });
      if (!response.ok || !response.body) { retry(controller, response); return; }
      failures = 0;
      root.dataset.stream = "open";
      if (lost) { message.hidden = true; lost = false; }
      var reader = response.body.getReader(), decoder = new TextDecoder(), buffer = "";
      for (;;) {
        var chunk = await reader.read();
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        var blocks = buffer.split(/\r\n\r\n|\n\n|\r\r/);
        buffer = blocks.pop();
        blocks.forEach(dispatch);
      }
    } catch (error) {
      // Dropped, or the server went away: retried below like an end of the stream.
    }
    retry(controller, null);
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
