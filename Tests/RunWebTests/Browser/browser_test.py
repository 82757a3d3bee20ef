#!/usr/bin/python3
"""Real-browser test of `runlog serve` with headless Chromium (Debian's chromium, chromium-driver,
python3-selenium).

Starts the built runlog on 127.0.0.1 (a port the system chooses) over a fresh library, then, as a
person would: uploads a corpus file, opens its run page, changes a setting and sees a bad value
refused, then turns map tiles on and pans and zooms the interactive map; starts a replay recording
(`runlog record --replay`, its own process), sees it under "Recording now", follows it on the live
page, presses Pause and sees the state become paused (in the page and in the store), finishes it;
follows another recording while its event stream is refused (every place taken) and then dropped
(the server restarts) and sees the page resume by itself; searches. Screenshots go to --output.
Each step is a function in STEPS.

Prints 'N passed, N failed' and exits 1 on any failure.
"""
import argparse
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait


class Session:
    """The server, the browser and where screenshots go."""

    def __init__(self, runlog, output, replay):
        self.output = output
        self.runlog = runlog
        self.replay = replay
        os.makedirs(output, exist_ok=True)
        self.home = tempfile.mkdtemp(prefix="runlog-browser-")
        env = dict(os.environ, RUNLOG_HOME=self.home, TZ="UTC")
        self.env = env
        self.start_server("0")
        options = Options()
        options.binary_location = "/usr/bin/chromium"
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1000"):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        self.wait = WebDriverWait(self.driver, 20)

    def start_server(self, port):
        """Starts runlog serve on 127.0.0.1 and `port` (0: the system chooses)."""
        self.server = subprocess.Popen([self.runlog, "serve", "--port", port], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       env=self.env, text=True)
        line = self.server.stdout.readline()
        if "http://" not in line:
            raise RuntimeError("runlog serve did not start: " + line + self.server.stderr.read())
        self.base = line.split("serves ")[1].split("/ ")[0]

    def stop_server(self):
        self.server.send_signal(signal.SIGTERM)   # graceful shutdown
        status = self.server.wait(timeout=20)
        if status != 0:
            raise RuntimeError("runlog serve exited with %d after SIGTERM" % status)

    def restart_server(self):
        """Stops the server and starts it again on the same port: every open connection dropped."""
        port = self.base.rsplit(":", 1)[1]
        self.stop_server()
        self.start_server(port)
        check(self.base.endswith(":" + port), "the server came back on its port: " + self.base)

    def open_event_stream(self, timeout=5):
        """A raw connection following /api/v1/live/events, its answer's head read: it holds one of
        the server's places. Tried again until `timeout` while the server refuses it (503, 429: a page just
        left may still hold a place for a moment)."""
        host, port = self.base[len("http://"):].rsplit(":", 1)
        deadline = time.time() + timeout
        while True:
            connection = socket.create_connection((host, int(port)), timeout=10)
            connection.sendall(("GET /api/v1/live/events HTTP/1.1\r\nHost: %s:%s\r\nAccept: text/event-stream\r\n\r\n"
                                % (host, port)).encode())
            head = b""
            while b"\r\n\r\n" not in head:
                piece = connection.recv(4096)
                if not piece:
                    break
                head += piece
            if head.startswith(b"HTTP/1.1 200"):
                return connection
            connection.close()
            check(time.time() < deadline, "a raw event stream: %r" % head[:60])
            time.sleep(0.1)

    def open(self, path):
        self.driver.get(self.base + path)

    def shot(self, name):
        self.driver.save_screenshot(os.path.join(self.output, name + ".png"))

    def runlog_json(self, *arguments):
        """Runs the CLI over the same library and shared store; its JSON output."""
        result = subprocess.run([self.runlog] + list(arguments), env=self.env, capture_output=True, text=True, timeout=30)
        if result.returncode != 0:
            raise RuntimeError("runlog %s: %s" % (" ".join(arguments), result.stderr))
        return json.loads(result.stdout)

    def fits_a_phone(self, name):
        """The page as a phone shows it: no sideways scrolling; a screenshot."""
        self.driver.set_window_size(390, 844)
        width = self.driver.execute_script("return document.documentElement.scrollWidth")
        self.shot(name)
        self.driver.set_window_size(1280, 1000)
        check(width <= 390, "the page fits a phone's width (scrollWidth %d)" % width)

    def console_errors(self):
        """Severe messages but the 422 of the refused settings form and the tiles this server lacks (expected)."""
        return [entry["message"] for entry in self.driver.get_log("browser")
                if entry["level"] == "SEVERE" and "status of 422" not in entry["message"] and "/tiles/" not in entry["message"]]

    def close(self):
        self.driver.quit()
        self.stop_server()


def text_now(driver, css):
    """The text of the element `css` selects now, or None when it is being replaced."""
    try:
        return driver.find_element(By.CSS_SELECTOR, css).text
    except (NoSuchElementException, StaleElementReferenceException):
        return None


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def upload_a_corpus_file(s, corpus):
    s.open("/import")
    s.driver.find_element(By.ID, "files").send_keys(corpus)
    # Another writer holds the library (as `runlog import` in another process would): the upload
    # is answered at once with the import's page, which waits; when the writer lets go, the page's
    # script sees the import end and shows the report, with no reload by the test.
    lock = sqlite3.connect(os.path.join(s.home, "library.sqlite"), isolation_level=None, timeout=30)
    lock.execute("BEGIN IMMEDIATE")
    try:
        s.driver.find_element(By.CSS_SELECTOR, "form[action='/import'] button[type=submit]").click()
        s.wait.until(EC.url_contains("/imports/"))
        status = s.wait.until(EC.presence_of_element_located((By.ID, "import-status")))
        state = s.driver.find_element(By.ID, "import-job").get_attribute("data-state")
        check(state in ("queued", "running"), "the import waits for the library: " + state + ", " + status.text)
        s.shot("01-import-waiting")
    finally:
        lock.execute("COMMIT")
        lock.close()
    report = s.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "ul.report li.totals")))
    check(report.text.startswith("1 run imported"), "import report: " + report.text)
    check(s.driver.find_element(By.ID, "import-job").get_attribute("data-state") == "done", "the import's page says done")
    s.shot("01-import-report")


def open_its_run_page(s, corpus):
    s.driver.find_element(By.CSS_SELECTOR, "main p a[href^='/runs/']").click()
    s.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "svg.map .track polyline")))
    check(s.driver.find_element(By.CSS_SELECTOR, "svg.map .marker-start") is not None, "start marker")
    check(len(s.driver.find_elements(By.CSS_SELECTOR, "svg.chart")) >= 2, "charts")
    check(s.driver.find_element(By.CSS_SELECTOR, "button[data-share-url]").is_displayed(), "the share button shows with the script")
    check(s.driver.find_element(By.ID, "name").get_attribute("value") != "", "the name field")
    s.shot("02-run-desktop")
    s.driver.set_window_size(390, 844)   # a phone
    s.driver.refresh()
    s.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "svg.map")))
    width = s.driver.execute_script("return document.documentElement.scrollWidth")
    check(width <= 390, "the run page fits a phone's width (scrollWidth %d)" % width)
    # The charts' and the map's labels stay readable on a phone (the figures scroll sideways instead).
    smallest = s.driver.execute_script(
        "return Math.min(...[...document.querySelectorAll('svg.chart text, svg.map .scale text')]"
        ".map(t => t.getBoundingClientRect().height).filter(h => h > 0))")
    check(smallest >= 9, "labels on a phone are %.1f px high" % smallest)
    s.shot("02-run-phone")
    s.driver.set_window_size(1280, 1000)


def a_bad_setting_is_refused(s, corpus):
    s.open("/settings")
    field = s.driver.find_element(By.ID, "setting-heartRate-maximum")
    field.clear()
    field.send_keys("abc")
    s.driver.find_element(By.CSS_SELECTOR, "form[action='/settings'] .actions button").click()
    message = s.wait.until(EC.presence_of_element_located((By.ID, "setting-heartRate-maximum-message")))
    check("heartRate.maximum" in message.text and "whole number" in message.text, "the store's message: " + message.text)
    field = s.driver.find_element(By.ID, "setting-heartRate-maximum")
    check(field.get_attribute("value") == "abc", "the draft stays in the field")
    check(field.get_attribute("aria-invalid") == "true", "the field is marked invalid")
    s.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", field)
    s.shot("03-settings-refused")
    field.clear()
    field.send_keys("185")
    s.driver.find_element(By.CSS_SELECTOR, "form[action='/settings'] .actions button").click()
    notice = s.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "p.notice.ok")))
    check(s.driver.find_element(By.ID, "setting-heartRate-maximum").get_attribute("value") == "185", "saved: " + notice.text)
    s.shot("04-settings-saved")


def interactive_map_pans_and_zooms(s, corpus):
    """With map tiles on (here from this server, which has none: the tiles fail, the map still works),
    the run page has a Leaflet map that every pointer event reaches: a drag pans it, a click zooms."""
    s.open("/settings")
    tiles = s.driver.find_element(By.ID, "setting-map-downloadTiles")
    if not tiles.is_selected():
        tiles.click()
    url = s.driver.find_element(By.ID, "setting-map-tileURL")
    url.clear()
    url.send_keys(s.base + "/tiles/{z}/{x}/{y}.png")
    s.driver.find_element(By.CSS_SELECTOR, "form[action='/settings'] .actions button").click()
    s.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "p.notice.ok")))
    s.open("/runs/1")
    line = s.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "#interactive-map path.leaflet-interactive")))
    container = s.driver.find_element(By.ID, "interactive-map")
    s.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", container)
    pane = s.driver.find_element(By.CSS_SELECTOR, "#interactive-map .leaflet-map-pane")
    before = pane.get_attribute("style")
    drag = ActionChains(s.driver).move_to_element(container).click_and_hold()
    for _ in range(4):   # a drag in steps, as a hand makes it (Leaflet moves the map on the next frame)
        drag = drag.move_by_offset(30, 15).pause(0.05)
    drag.release().perform()
    s.wait.until(lambda d: pane.get_attribute("style") != before)
    shape = line.get_attribute("d")
    s.driver.find_element(By.CSS_SELECTOR, "#interactive-map .leaflet-control-zoom-in").click()
    s.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#interactive-map path.leaflet-interactive").get_attribute("d") != shape)
    s.shot("05-interactive-map")


def live_page_pauses_a_replay(s, corpus):
    """A replay recording in its own process: "Recording now" on the runs page leads to the live
    page, which follows it (Server-Sent Events); Pause makes it paused — on the page and in the
    recorder's state in the store —, Finish (after the question) stores it."""
    recorder = subprocess.Popen([s.runlog, "record", "--replay", s.replay, "--speed", "20"], env=s.env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        s.open("/")
        deadline = time.time() + 20
        while not s.driver.find_elements(By.CSS_SELECTOR, "section#recording-now") and time.time() < deadline:
            time.sleep(0.3)
            s.driver.refresh()
        section = s.driver.find_element(By.CSS_SELECTOR, "section#recording-now")
        check("Recording now" in section.text, "the section's title: " + section.text)
        s.shot("06-runs-recording-now")
        section.find_element(By.CSS_SELECTOR, "a[href='/live']").click()
        live = s.wait.until(EC.presence_of_element_located((By.ID, "live")))
        s.wait.until(lambda d: live.get_attribute("data-state") == "running" and d.find_element(By.ID, "live-controls").is_displayed())
        # The fields are replaced on every event: read them afresh each time (never keep an element).
        distance = "#live-fields [data-field=distance] dd"
        first = s.wait.until(lambda d: text_now(d, distance))
        s.wait.until(lambda d: text_now(d, distance) not in (None, first))
        s.shot("07-live-running")
        s.driver.find_element(By.ID, "live-pause").click()
        s.wait.until(lambda d: live.get_attribute("data-state") == "paused")
        check(s.driver.find_element(By.ID, "live-pause").text == "Resume", "the button resumes now")
        check(not s.driver.find_element(By.ID, "live-lap").is_displayed(), "no lap while paused")
        check(s.driver.find_element(By.ID, "live-status").text.startswith("Paused"), "status: " + s.driver.find_element(By.ID, "live-status").text)
        state = s.runlog_json("live", "--once", "--json")
        check(state["state"] == "paused", "the recorder's state in the store: %s" % state["state"])
        s.shot("08-live-paused")
        s.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        s.shot("09-live-paused-dark")
        s.fits_a_phone("10-live-phone-dark")
        s.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        s.driver.find_element(By.CSS_SELECTOR, "#live-controls button[data-command=finish]").click()
        s.wait.until(EC.alert_is_present()).accept()
        stored = s.wait.until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#live-stored a")))
        check(stored.get_attribute("href").endswith("/runs/2"), "the stored run: " + stored.get_attribute("href"))
        check(s.driver.find_element(By.ID, "live-status").text == "No run in progress", "after finishing")
        check(not s.driver.find_element(By.ID, "live-controls").is_displayed(), "no buttons without a recording")
        s.shot("11-live-finished")
        check(recorder.wait(timeout=30) == 0, "the recorder ended: " + recorder.stderr.read())
    finally:
        if recorder.poll() is None:
            recorder.kill()
            recorder.wait()


def live_page_recovers_after_its_stream_is_dropped(s, corpus):
    """The live page never stops following: its stream refused (429: every place its address may
    hold is taken, here by raw connections from the same address; the refusal says Retry-After: 5)
    and then dropped (the server restarts on its port), it says so, tries again after a back-off —
    not before the Retry-After — and shows the new states once the server takes it again."""
    recorder = subprocess.Popen([s.runlog, "record", "--replay", s.replay, "--speed", "5"], env=s.env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    holders = []
    try:
        deadline = time.time() + 20
        while time.time() < deadline and s.runlog_json("live", "--once", "--json")["state"] != "running":
            time.sleep(0.2)
        s.open("/")   # the live page of the step before lets its stream go
        holders = [s.open_event_stream() for _ in range(4)]   # every place one address may hold
        s.open("/live")
        live = s.wait.until(EC.presence_of_element_located((By.ID, "live")))
        # Every data-stream and data-sequence the page goes through, noted as they change.
        s.driver.execute_script("""
            var root = document.getElementById("live");
            window.liveNotes = {streams: [root.dataset.stream], times: [Date.now()], sequences: []};
            new MutationObserver(function (changes) {
                changes.forEach(function (change) {
                    if (change.attributeName === "data-stream") {
                        window.liveNotes.streams.push(root.dataset.stream);
                        window.liveNotes.times.push(Date.now());
                    }
                    else window.liveNotes.sequences.push(Number(root.dataset.sequence));
                });
            }).observe(root, {attributes: true, attributeFilter: ["data-stream", "data-sequence"]});""")
        message = s.driver.find_element(By.ID, "live-message")
        s.wait.until(lambda d: live.get_attribute("data-stream") == "waiting")
        check(message.is_displayed() and message.text == live.get_attribute("data-stream-closed"), "refused: " + message.text)
        s.shot("14-live-refused")
        check(live.get_attribute("data-retry-after") == "5", "the refusal's Retry-After: %r" % live.get_attribute("data-retry-after"))
        for holder in holders:
            holder.close()
        holders = []
        s.wait.until(lambda d: live.get_attribute("data-stream") == "open")
        opened = int(live.get_attribute("data-sequence") or "0")
        s.wait.until(lambda d: int(live.get_attribute("data-sequence") or "0") > opened)
        check(not message.is_displayed(), "the message goes once the page follows again")
        # Dropped: the server stops and starts again on its port.
        s.restart_server()
        dropped = int(live.get_attribute("data-sequence") or "0")
        s.wait.until(lambda d: live.get_attribute("data-stream") == "open"
                     and int(live.get_attribute("data-sequence") or "0") > dropped)
        notes = s.driver.execute_script("return window.liveNotes")
        streams = notes["streams"]
        check(streams.count("waiting") >= 2 and streams[-1] == "open", "the stream's states: %s" % streams)
        # The first wait followed the refusal's Retry-After (5 s), not the first back-off (0.5-1 s).
        # (Noted when the observer is told, which may be a little after the change: 3 s tells them apart.)
        times = notes["times"]
        first_wait = streams.index("waiting")
        waited = (times[first_wait + 1] - times[first_wait]) / 1000
        check(waited >= 3, "waited %.2f s after a refusal saying Retry-After: 5" % waited)
        print("live page: refused with Retry-After 5, tried again after %.2f s" % waited)
        sequences = notes["sequences"]
        check(sequences == sorted(sequences), "the states shown in order: %s" % sequences)
        check(live.get_attribute("data-state") == "running", "still running: " + live.get_attribute("data-state"))
        s.shot("15-live-recovered")
        # Refusals and drops said in the console are expected here; nothing else.
        unexpected = [m for m in s.console_errors() if "/api/v1/live/events" not in m]
        check(not unexpected, "other console errors: %s" % unexpected)
    finally:
        for holder in holders:
            holder.close()
        subprocess.run([s.runlog, "record", "discard"], env=s.env, capture_output=True, timeout=30)
        try:
            recorder.wait(timeout=30)
        except subprocess.TimeoutExpired:
            recorder.kill()
            recorder.wait()


def search_by_words_and_set(s, corpus):
    """The search box and the choice of sets: the recorded run is found by a word of its name."""
    name = s.runlog_json("show", "2", "--json")["name"]
    word = name.split()[0]
    s.open("/search")
    options = [o.text for o in s.driver.find_elements(By.CSS_SELECTOR, "#search-set option")]
    check(options == ["All runs (default)"], "the sets: %s" % options)
    field = s.driver.find_element(By.ID, "search-words")
    field.send_keys(word)
    field.submit()
    # The results are a new page: wait until the old one is gone, then read the new one afresh
    # (an element of the page being replaced goes stale under the reader).
    s.wait.until(EC.staleness_of(field))
    summary = s.wait.until(lambda d: text_now(d, "main p.summary"))
    links = [a.text for a in s.driver.find_elements(By.CSS_SELECTOR, "main table a[href='/runs/2']")]
    check(links == [name], "found %s for %r (%s)" % (links, word, summary))
    check(not s.driver.find_elements(By.CSS_SELECTOR, "main table a[href='/runs/1']") or word in s.runlog_json("show", "1", "--json")["name"],
          "run 1 not found by %r" % word)
    s.shot("12-search")
    s.fits_a_phone("13-search-phone")


def no_console_errors(s, corpus):
    errors = s.console_errors()
    check(not errors, "browser console errors (CSP violations among them): %s" % errors)


STEPS = [upload_a_corpus_file, open_its_run_page, a_bad_setting_is_refused, interactive_map_pans_and_zooms,
         live_page_pauses_a_replay, live_page_recovers_after_its_stream_is_dropped, search_by_words_and_set, no_console_errors]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runlog", required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--output", required=True)
    parser.add_argument("--replay", required=True, help="a GPX file with times to record with runlog record --replay")
    arguments = parser.parse_args()
    started = time.time()
    corpus = os.path.abspath(arguments.corpus)
    session = Session(os.path.abspath(arguments.runlog), arguments.output, os.path.abspath(arguments.replay))
    passed = failed = 0
    try:
        for step in STEPS:
            try:
                step(session, corpus)
                passed += 1
                print("ok   %s" % step.__name__)
            except Exception as error:  # report every step, then fail
                failed += 1
                print("FAIL %s: %s" % (step.__name__, error))
                session.shot("failed-" + step.__name__)
    finally:
        session.close()
    print("browser test took %.1f s; screenshots in %s" % (time.time() - started, arguments.output))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
