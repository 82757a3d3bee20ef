#!/usr/bin/python3
"""Real-browser test of `runlog serve` with headless Chromium (Debian's chromium, chromium-driver,
python3-selenium).

Starts the built runlog on 127.0.0.1 (a port the system chooses) over a fresh library, then, as a
person would: uploads a corpus file, opens its run page, changes a setting and sees a bad value
refused, then turns map tiles on and pans and zooms the interactive map. Screenshots go to --output. Each step is a function in STEPS; the live page's step (press
Pause during a replay) is to be added there by the recorder's issue.

Prints 'N passed, N failed' and exits 1 on any failure.
"""
import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait


class Session:
    """The server, the browser and where screenshots go."""

    def __init__(self, runlog, output):
        self.output = output
        os.makedirs(output, exist_ok=True)
        self.home = tempfile.mkdtemp(prefix="runlog-browser-")
        env = dict(os.environ, RUNLOG_HOME=self.home, TZ="UTC")
        self.server = subprocess.Popen([runlog, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       env=env, text=True)
        line = self.server.stdout.readline()
        if "http://" not in line:
            raise RuntimeError("runlog serve did not start: " + line + self.server.stderr.read())
        self.base = line.split("serves ")[1].split("/ ")[0]
        options = Options()
        options.binary_location = "/usr/bin/chromium"
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1000"):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        self.wait = WebDriverWait(self.driver, 20)

    def open(self, path):
        self.driver.get(self.base + path)

    def shot(self, name):
        self.driver.save_screenshot(os.path.join(self.output, name + ".png"))

    def console_errors(self):
        """Severe messages but the 422 of the refused settings form and the tiles this server lacks (expected)."""
        return [entry["message"] for entry in self.driver.get_log("browser")
                if entry["level"] == "SEVERE" and "status of 422" not in entry["message"] and "/tiles/" not in entry["message"]]

    def close(self):
        self.driver.quit()
        self.server.send_signal(signal.SIGTERM)   # graceful shutdown
        status = self.server.wait(timeout=20)
        if status != 0:
            raise RuntimeError("runlog serve exited with %d after SIGTERM" % status)


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def upload_a_corpus_file(s, corpus):
    s.open("/import")
    s.driver.find_element(By.ID, "files").send_keys(corpus)
    s.driver.find_element(By.CSS_SELECTOR, "form[action='/import'] button[type=submit]").click()
    report = s.wait.until(EC.presence_of_element_located((By.CSS_SELECTOR, "ul.report li.totals")))
    check(report.text.startswith("1 run imported"), "import report: " + report.text)
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


def no_console_errors(s, corpus):
    errors = s.console_errors()
    check(not errors, "browser console errors (CSP violations among them): %s" % errors)


# The live page's step (press Pause during a replay, see the state change) joins here with the recorder.
STEPS = [upload_a_corpus_file, open_its_run_page, a_bad_setting_is_refused, interactive_map_pans_and_zooms, no_console_errors]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runlog", required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--output", required=True)
    arguments = parser.parse_args()
    started = time.time()
    corpus = os.path.abspath(arguments.corpus)
    session = Session(os.path.abspath(arguments.runlog), arguments.output)
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
