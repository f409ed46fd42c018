#!/usr/bin/env python3
"""The page `duo-kb serve` answers at `/`, driven in headless Chromium.

Starts `duo-kb serve` on a copy of the sample corpus on a loopback port it picks, then drives the
page through the DevTools protocol over a pipe (--remote-debugging-pipe: file descriptors 3
and 4, one NUL-terminated JSON message each), so the standard library is all it needs. What
the page shows is compared with what the CLI answers on the same corpus: the exact quote, its
deep link and citation id, the copied citation, each verdict of a pasted write-up, the
passage a deep link opens. Runs axe-core (when its path is given) in light and dark mode,
fails on serious or critical violations, and saves screenshots of the views.

  web_page_test.py DUO_KB_BINARY REPOSITORY_ROOT SCREENSHOT_DIR [AXE_MIN_JS]

Prints one line per check and `N passed, M failed` last; exits 1 on any failure.
"""
import base64
import http.server
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

WAIT_SECONDS = 20
QUERY = "scrolling content displace"
QUESTION = "What happens to the controls when my app sits on the left side?"

# A write-up with one quotation of each verdict the sample corpus can give: Apple's words at
# their time, a word added, and the right words at the wrong time.
WRITE_UP = """# Notes on iPhone Duo layouts

Apple puts it plainly: “Continuous scrolling content like articles, feeds, documents, and lists don’t displace.” ([Strike a pose with adaptive layouts on iPhone Duo](https://developer.apple.com/videos/play/tech-talks/111463/?time=226), 3:46)

Maria says “New hardware features also play a big role in shaping the available space.” (Strike a pose with adaptive layouts on iPhone Duo, 0:37)

> “These include the hinge and the two cameras across the outer and inner displays.” — Strike a pose with adaptive layouts on iPhone Duo (5:12)
"""
EXPECTED_VERDICTS = ["verified", "misquoted", "wrong-time"]
TOKEN = "page-test-token"


class Failure(Exception):
    pass


class Browser:
    """Chromium with the DevTools protocol on file descriptors 3 (commands in) and 4 (out)."""

    def __init__(self, profile):
        os.makedirs(profile, exist_ok=True)
        commands_read, self._commands = os.pipe()
        self._answers, answers_write = os.pipe()
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if not chromium:
            raise Failure("no chromium on PATH (scripts/bootstrap --tests installs it)")
        flags = [
            "--headless=new", "--remote-debugging-pipe", "--user-data-dir=" + profile, "--no-first-run",
            "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
            "--disable-default-apps", "--disable-extensions", "--disable-sync", "--disable-gpu", "--mute-audio",
            "--metrics-recording-only", "--password-store=basic", "--use-mock-keychain", "--hide-scrollbars",
            "--window-size=1100,900",
        ]
        if os.geteuid() == 0:
            flags.append("--no-sandbox")
        # The shell puts the two pipe ends at 3 and 4, where Chromium looks for them.
        script = 'exec 3<&%d 4>&%d; exec "$0" "$@"' % (commands_read, answers_write)
        self.process = subprocess.Popen(
            ["bash", "-c", script, chromium] + flags + ["about:blank"], pass_fds=(commands_read, answers_write),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=open(os.path.join(profile, "stderr"), "w"))
        os.close(commands_read)
        os.close(answers_write)
        self._next_id = 0
        self._replies = {}
        self._lock = threading.Condition()
        self.events = queue.Queue()
        self.log = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        buffer = b""
        while True:
            chunk = os.read(self._answers, 1 << 16)
            if not chunk:
                with self._lock:
                    self._replies[None] = "closed"
                    self._lock.notify_all()
                return
            buffer += chunk
            while b"\0" in buffer:
                message, buffer = buffer.split(b"\0", 1)
                payload = json.loads(message)
                if "id" in payload:
                    with self._lock:
                        self._replies[payload["id"]] = payload
                        self._lock.notify_all()
                else:
                    self.log.append(payload)
                    self.events.put(payload)

    def send(self, method, params=None, session=None):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + WAIT_SECONDS * 3
        with self._lock:
            while self._next_id not in self._replies:
                if None in self._replies:
                    raise Failure("chromium closed its DevTools pipe during " + method)
                if not self._lock.wait(timeout=max(0.0, deadline - time.monotonic())):
                    raise Failure("no answer from chromium to " + method)
            reply = self._replies.pop(self._next_id)
        if "error" in reply:
            raise Failure("%s: %s" % (method, reply["error"].get("message")))
        return reply.get("result", {})

    def close(self):
        try:
            self.send("Browser.close")
        except Failure:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Page:
    def __init__(self, browser, origin):
        self.browser = browser
        self.origin = origin
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Network", "Log"):
            self.call(domain + ".enable")
        browser.send("Browser.grantPermissions", {
            "origin": origin, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
        self.call("Emulation.setFocusEmulationEnabled", {"enabled": True})
        self.call("Emulation.setDeviceMetricsOverride", {
            "width": 1100, "height": 900, "deviceScaleFactor": 1, "mobile": False})

    def call(self, method, params=None):
        return self.browser.send(method, params, self.session)

    def scheme(self, value):
        self.call("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": value}]})

    def go(self, route):
        self.call("Page.navigate", {"url": self.origin + "/" + route})
        self.wait("document.readyState === 'complete' && !!document.getElementById('q')", "the page to load")

    def evaluate(self, expression, awaiting=False):
        result = self.call("Runtime.evaluate", {
            "expression": expression, "returnByValue": True, "awaitPromise": awaiting, "userGesture": True})
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise Failure("in the page: %s (%s)" % (
                details.get("exception", {}).get("description", details.get("text")), expression[:80]))
        return result["result"].get("value")

    def wait(self, expression, what):
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.05)
        raise Failure("waited %d s for %s" % (WAIT_SECONDS, what))

    def key(self, key, code=None, text=None, virtual=None, modifiers=0):
        event = {"key": key, "code": code or key, "modifiers": modifiers}
        if virtual:
            event["windowsVirtualKeyCode"] = virtual
        if text:
            event.update(text=text, unmodifiedText=text)
        self.call("Input.dispatchKeyEvent", dict(event, type="keyDown" if text else "rawKeyDown"))
        self.call("Input.dispatchKeyEvent", dict(event, type="keyUp"))

    def type(self, text):
        for character in text:
            code = "Key" + character.upper() if character.isalpha() else ("Space" if character == " " else None)
            self.key(character, code=code, text=character)

    def click(self, selector):
        box = self.evaluate("""(() => { const node = document.querySelector(%s); if (!node) return null;
            node.scrollIntoView({block: 'center'}); const r = node.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2]; })()""" % json.dumps(selector))
        if not box:
            raise Failure("nothing to click at " + selector)
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", {
                "type": kind, "x": box[0], "y": box[1], "button": "left", "clickCount": 1})

    def text(self, selector):
        return self.evaluate("(document.querySelector(%s) || {}).textContent" % json.dumps(selector))

    def clipboard(self):
        return self.evaluate("navigator.clipboard.readText()", awaiting=True)

    def screenshot(self, path, whole=True):
        """The page from its top (whole: all of it, up to 4000 px), or what the window shows."""
        if whole:
            size = self.call("Page.getLayoutMetrics")["cssContentSize"]
            shot = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": {
                "x": 0, "y": 0, "width": 1100, "height": min(max(size["height"], 600), 4000), "scale": 1}})
        else:
            shot = self.call("Page.captureScreenshot", {"format": "png"})
        with open(path, "wb") as file:
            file.write(base64.b64decode(shot["data"]))


def start_server(binary, home, work, name, arguments, servers):
    """Starts `duo-kb serve` on port 0 (a free one, named in its first line); its origin."""
    log_path = os.path.join(work, "serve-%s.log" % name)
    with open(log_path, "w") as log:
        server = subprocess.Popen([binary, "--home", home, "serve", "--host", "127.0.0.1", "--port", "0"] + arguments,
                                  stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    servers.append(server)
    deadline = time.monotonic() + WAIT_SECONDS * 3
    while time.monotonic() < deadline and server.poll() is None:
        announced = re.search(r"at (http://127\.0\.0\.1:\d+)/", open(log_path).read())
        if announced:
            return announced.group(1)
        time.sleep(0.1)
    return None


def token_is_asked_for(page, origin, run):
    expect(origin is not None, "the server with a token did not start")
    status, answer = get_json(origin + "/api/search?q=displace")
    equal(status, 401, "an API request without the token")
    page.origin = origin
    page.go("#/search?q=" + QUERY)
    page.wait("!document.getElementById('view-token').hidden", "the token form")
    page.click("#token")
    page.type(TOKEN)
    page.key("Enter", virtual=13, text="\r")
    expected = json.loads(run.cli("search", QUERY, "--format", "json", "--limit", "20"))
    page.wait("!document.getElementById('view-search').hidden && document.querySelectorAll('#results > li').length === %d"
              % len(expected["results"]), "the results once the token is given")
    equal(page.text("#results > li .quote p"), expected["results"][0]["quote"], "the quote")


def get_json(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


class Run:
    def __init__(self, binary, home):
        self.binary = binary
        self.home = home
        self.passed = 0
        self.failed = 0

    def cli(self, *arguments, input_text=None):
        result = subprocess.run([self.binary, "--home", self.home] + list(arguments), capture_output=True, text=True,
                                input=input_text, timeout=120)
        return result.stdout

    def check(self, name, function):
        try:
            function()
            self.passed += 1
            print("ok    " + name)
        except Failure as failure:
            self.failed += 1
            print("FAIL  %s: %s" % (name, failure))
        except Exception as error:  # a bug in this test or an unexpected answer: report, go on
            self.failed += 1
            print("FAIL  %s: %s: %s" % (name, type(error).__name__, error))


def expect(condition, message):
    if not condition:
        raise Failure(message)


def equal(found, wanted, what):
    if found != wanted:
        raise Failure("%s: %r, not %r" % (what, found, wanted))


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    binary, root, shots = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    axe_path = sys.argv[4] if len(sys.argv) == 5 else None
    os.makedirs(shots, exist_ok=True)
    work = tempfile.mkdtemp(prefix="duo-kb-web-")
    home = os.path.join(work, "home")
    shutil.copytree(os.path.join(root, "Corpus"), os.path.join(home, "Corpus"))
    with_related_documentation(home)
    with_deprecated_documentation_page(binary, home, work)
    os.makedirs(os.path.join(home, "Index"))
    run = Run(binary, home)
    subprocess.run([binary, "--home", home, "index"], check=True, capture_output=True)

    servers = []
    browser = None
    try:
        origin = start_server(binary, home, work, "open", [], servers)
        if origin is None:
            print("0 passed, 1 failed (duo-kb serve did not start; its log:)")
            print(open(os.path.join(work, "serve-open.log")).read())
            return 1
        browser = Browser(os.path.join(work, "profile"))
        page = Page(browser, origin)
        checks(run, page, origin, shots, axe_path)
        guarded = start_server(binary, home, work, "token", ["--token", TOKEN], servers)
        run.check("a server with a token asks for it, then answers", lambda: token_is_asked_for(page, guarded, run))
    finally:
        if browser:
            browser.close()
        for server in servers:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(work, ignore_errors=True)
    print("%d passed, %d failed" % (run.passed, run.failed))
    return 1 if run.failed else 0


# A talk of the copy that links to a documentation page, as a harvest records it; the page
# is not in the corpus, so it is named without a link of its own.
RELATED_TALK = "tech-talks/111461"
RELATED_PAGES = [{"title": "SwiftUI", "url": "https://developer.apple.com/documentation/swiftui"}]


def with_related_documentation(home):
    path = os.path.join(home, "Corpus", "documents", RELATED_TALK + ".json")
    with open(path, encoding="utf-8") as file:
        text = file.read()
    marker = '  "isRemovedUpstream" : false,\n'
    if marker not in text:
        sys.exit("web_page_test: %s has no isRemovedUpstream line to add related documentation after" % path)
    pages = ",\n".join("    " + json.dumps(page, separators=(",", ":")) for page in RELATED_PAGES)
    text = text.replace(marker, marker + '  "relatedDocumentation" : [\n' + pages + "\n  ],\n", 1)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


# A deprecated symbol page of Apple's developer documentation, written for this test as DocC
# render JSON, harvested by duo-kb itself from a loopback copy of the site into a home of
# its own and copied into the page's corpus: the sample home keeps no refresh record.
DOC_PATH = "kit/thing/run"
DOC_ID = "doc/" + DOC_PATH
DOC_PAGE = {
    "schemaVersion": {"major": 0, "minor": 3, "patch": 0}, "kind": "symbol",
    "identifier": {"url": "doc://com.example/documentation/" + DOC_PATH, "interfaceLanguage": "swift"},
    "metadata": {"title": "run()", "role": "symbol", "symbolKind": "method", "roleHeading": "Instance Method",
                 "modules": [{"name": "Kit"}],
                 "platforms": [{"name": "iOS", "introducedAt": "13.0", "deprecatedAt": "17.0"}]},
    "abstract": [{"type": "text", "text": "Starts the legacy engine of the thing."}],
    "deprecationSummary": [{"type": "paragraph", "inlineContent": [{"type": "text", "text": "Use start() instead."}]}],
    "primaryContentSections": [
        {"kind": "declarations", "declarations": [
            {"languages": ["swift"], "tokens": [{"kind": "keyword", "text": "func"}, {"kind": "text", "text": " run()"}]}]}],
    "references": {},
}


def with_deprecated_documentation_page(binary, home, work):
    body = json.dumps(DOC_PAGE).encode("utf-8")

    class Site(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            found = self.path == "/tutorials/data/documentation/%s.json" % DOC_PATH
            self.send_response(200 if found else 404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body) if found else 0))
            self.end_headers()
            if found:
                self.wfile.write(body)

        def log_message(self, *arguments):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    harvest = os.path.join(work, "documentation-home")
    os.makedirs(harvest)
    try:
        subprocess.run([binary, "--home", harvest, "add", "https://developer.apple.com/documentation/" + DOC_PATH],
                       check=True, capture_output=True)
        subprocess.run([binary, "--home", harvest, "refresh", "--allow-host", "127.0.0.1", "--mirror",
                        "https://developer.apple.com=http://127.0.0.1:%d" % server.server_address[1]],
                       check=True, capture_output=True)
    finally:
        server.shutdown()
    shutil.copytree(os.path.join(harvest, "Corpus", "documents", "doc"),
                    os.path.join(home, "Corpus", "documents", "doc"))


def summary(answer):
    """The closing line of `duo-kb search` for a JSON answer, as the page should say it."""
    total, shown = answer["total"], len(answer["results"])
    if shown == 0:
        return "No passage matches."
    if not answer["partialMatches"]:
        return "%d matching passage%s%s" % (total, "" if total == 1 else "s",
                                            "; the best %d shown." % shown if total > shown else ".")
    every = "No passage matches" if total == 0 else "%d passage%s" % (total, " matches" if total == 1 else "s match")
    return "%s all the words; showing passages that match some of the words (%d of %d)." % (every, shown - total, shown)


def checks(run, page, origin, shots, axe_path):
    expected = json.loads(run.cli("search", QUERY, "--format", "json", "--limit", "20"))
    first = expected["results"][0] if expected["results"] else None

    def search_as_you_type():
        page.scheme("light")
        page.go("#/search")
        page.wait("document.activeElement && document.activeElement.id === 'q'", "the search box to have focus")
        page.type(QUERY)
        page.wait("document.querySelectorAll('#results > li').length === %d && !!document.getElementById('search-summary').textContent"
                  % len(expected["results"]), "%d results" % len(expected["results"]))
        expect(first is not None, "the CLI finds nothing for %r" % QUERY)
        shown = page.evaluate("""Array.from(document.querySelectorAll('#results > li')).map(li => ({
            quote: li.querySelector('.quote p').textContent, link: li.querySelector('.open').href,
            open: li.querySelector('.open').textContent, citation: li.querySelector('.citation').textContent,
            title: li.querySelector('.title').textContent, moment: (li.querySelector('.moment') || {}).textContent,
            transcript: li.querySelector('.transcript').getAttribute('href')}))""")
        for hit, row in zip(expected["results"], shown):
            equal(row["quote"], hit["quote"], "the quote")
            equal(row["link"], hit["link"], "the deep link")
            equal(row["citation"], hit["citation"], "the citation id")
            equal(row["title"], hit["source"]["title"], "the title")
            equal(row["moment"], hit["timestamp"] or hit["heading"], "the time or section")
            equal(row["transcript"], "#/doc/%s?cite=%s" % (hit["source"]["id"], hit["citation"]), "the transcript link")
        equal(shown[0]["quote"], "Continuous scrolling content like articles, feeds, documents, and lists don’t displace.",
              "the first quote")
        expect(shown[0]["link"].endswith("/videos/play/tech-talks/111463/?time=226"), "the video link: " + shown[0]["link"])
        equal(shown[0]["open"], "Play at 3:46", "the video button")
        equal(page.evaluate("location.hash"), "#/search?q=" + QUERY.replace(" ", "%20"), "the address after typing")
        equal(page.text("#search-summary"), summary(expected), "the summary")
        page.screenshot(os.path.join(shots, "search-light.png"))

    def a_question_says_what_it_shows():
        answer = json.loads(run.cli("search", QUESTION, "--format", "json", "--limit", "20"))
        expect(answer["total"] == 0 and answer["results"], "the CLI answers %r with some of its words" % QUESTION)
        page.go("#/search?q=" + urllib.parse.quote(QUESTION))
        page.wait("document.querySelectorAll('#results > li').length === %d && !!document.getElementById('search-summary').textContent"
                  % len(answer["results"]), "%d results" % len(answer["results"]))
        equal(page.text("#search-summary"), summary(answer), "the summary")
        expect(page.text("#search-summary").startswith("No passage matches all the words; "), "no passage said to match")

    def keyboard_and_copy():
        page.key("ArrowDown", virtual=40)
        equal(page.evaluate("document.activeElement.dataset.citation"), first["citation"], "the focused result")
        page.key("c", code="KeyC", text="c")
        page.wait("document.getElementById('toast').textContent.indexOf('Copied') === 0", "the copy to be confirmed")
        wanted = run.cli("cite", first["citation"], "--format", "markdown").rstrip("\n")
        equal(page.clipboard(), wanted, "the clipboard after c")
        page.click("#results > li .formats summary")
        page.wait("document.querySelector('#results > li .formats').open", "the format menu to open")
        page.click("#results > li .formats button[data-format='text']")
        wanted_text = run.cli("cite", first["citation"], "--format", "text").rstrip("\n")
        page.wait("document.querySelector('#results > li .formats button[data-format=text]').dataset.copied === %s"
                  % json.dumps(wanted_text), "the plain-text citation to be copied")
        equal(page.clipboard(), wanted_text, "the clipboard after Plain text")
        # CSL-JSON carries the dates: the page copies the CLI's, with the day published and fetched.
        if not page.evaluate("document.querySelector('#results > li .formats').open"):
            page.click("#results > li .formats summary")
            page.wait("document.querySelector('#results > li .formats').open", "the format menu to open again")
        page.click("#results > li .formats button[data-format='csl-json']")
        wanted_csl = run.cli("cite", first["citation"], "--format", "csl-json").rstrip("\n")
        page.wait("document.querySelector('#results > li .formats button[data-format=\"csl-json\"]').dataset.copied === %s"
                  % json.dumps(wanted_csl), "the CSL-JSON citation to be copied")
        expect('"accessed"' in wanted_csl, "the CSL-JSON citation has the day it was fetched")
        page.key("Escape", virtual=27)
        page.wait("document.activeElement.id === 'q' || document.activeElement.tagName === 'SUMMARY'", "focus to move back")

    def filters_narrow_the_search():
        events = page.evaluate("Array.from(document.getElementById('f-event').options).map(o => o.value)")
        expect("tech-talks" in events, "the event filter offers %r" % events)
        page.evaluate("(() => { const s = document.getElementById('f-kind'); s.value = 'hig'; s.dispatchEvent(new Event('change')); })()")
        page.wait("location.hash.indexOf('kind=hig') > 0 && document.querySelectorAll('#results > li').length === 0 && "
                  "document.getElementById('search-summary').textContent === 'No passage matches.'", "no guideline results")
        page.evaluate("(() => { const s = document.getElementById('f-kind'); s.value = 'talk'; s.dispatchEvent(new Event('change')); })()")
        page.wait("location.hash.indexOf('kind=talk') > 0 && document.querySelectorAll('#results > li').length === %d"
                  % len(expected["results"]), "the talk results back")

    def a_bad_query_says_where():
        status, answer = get_json(origin + "/api/search?q=%28a")
        equal(status, 400, "the status of a bad query")
        page.go("#/search?q=(a")
        page.wait("document.getElementById('search-summary').classList.contains('error')", "the error")
        expect(answer["error"]["message"] in page.text("#search-summary"), "the error shown: %r" % page.text("#search-summary"))

    def deep_link_opens_the_passage():
        page.go("#/search?q=" + QUERY)
        page.wait("document.querySelectorAll('#results > li').length > 0", "results")
        page.click("#results > li .transcript")
        page.wait("!document.getElementById('view-doc').hidden && !!document.querySelector('#doc-passages li.current')",
                  "the document at the passage")
        route = "#/doc/%s?cite=%s" % (first["source"]["id"], first["citation"])
        equal(page.evaluate("location.hash"), route, "the document's address")
        equal(page.evaluate("document.activeElement.dataset.citation"), first["citation"], "the passage with focus")
        expect(first["quote"] in page.text("#doc-passages li.current"), "the passage holds the quote")
        status, document = get_json(origin + "/api/documents/" + first["source"]["id"])
        equal(status, 200, "GET /api/documents/{id}")
        equal(page.evaluate("document.querySelectorAll('#doc-passages li[id^=passage-]').length"),
              len(document["passages"]), "the passages shown")
        equal(page.text("#doc-title"), first["source"]["title"], "the document title")
        links = page.evaluate("Array.from(document.querySelectorAll('#doc-passages .permalink')).map(a => a.getAttribute('href'))")
        equal(len(set(links)), len(links), "distinct passage links")
        page.screenshot(os.path.join(shots, "document-light.png"), whole=False)
        # The same address in a fresh load opens the same passage.
        page.call("Page.navigate", {"url": "about:blank"})
        page.go(route)
        page.wait("document.activeElement && document.activeElement.dataset.citation === %s" % json.dumps(first["citation"]),
                  "the deep link to focus the passage")
        # Back to Search by its link: the last search is still there.
        page.go("#/search?q=" + QUERY)
        page.wait("document.querySelectorAll('#results > li').length > 0", "results")
        page.click("#results > li .transcript")
        page.wait("!document.getElementById('view-doc').hidden", "the document")
        page.click("[data-nav=search]")
        page.wait("!document.getElementById('view-search').hidden && document.getElementById('q').value === %s && "
                  "document.querySelectorAll('#results > li').length === %d" % (json.dumps(QUERY), len(expected["results"])),
                  "the search as it was left")

    def verify_marks_each_quotation():
        with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False, encoding="utf-8") as file:
            file.write(WRITE_UP)
        report = json.loads(run.cli("verify", file.name, "--format", "json"))
        os.unlink(file.name)
        page.go("#/verify")
        page.click("#verify-text")
        page.call("Input.insertText", {"text": WRITE_UP})
        page.click("#verify-form button[type=submit]")
        page.wait("document.querySelectorAll('#verdicts > li').length === %d" % len(report["quotations"]),
                  "%d verdicts" % len(report["quotations"]))
        statuses = page.evaluate("Array.from(document.querySelectorAll('#verdicts > li')).map(li => li.dataset.status)")
        equal(statuses, [quotation["status"] for quotation in report["quotations"]], "the verdicts")
        equal(statuses, EXPECTED_VERDICTS, "the verdicts of the write-up")
        marks = page.evaluate("Array.from(document.querySelectorAll('#verify-marked mark')).map(m => [m.dataset.status, m.textContent])")
        equal([mark[0] for mark in marks], statuses, "the marks in the document")
        for (status, text), quotation in zip(marks, report["quotations"]):
            expect(quotation["quotation"] in text, "mark %r holds %r" % (text, quotation["quotation"]))
        equal(page.text("#verify-summary"), report["summary"] + ".", "the summary")
        equal(page.evaluate("Array.from(document.getElementById('verify-marked').childNodes).filter(n => n.nodeName !== 'SUP')"
                            ".map(n => n.textContent).join('')"), WRITE_UP, "the document as pasted, around the marks")
        misquoted = report["quotations"][1]
        expect(misquoted["closest"] in page.text("#verdict-2 .closest"), "the misquote shows Apple's words")
        expect("not at 5:12" in page.text("#verdict-3 .explanation"), "the wrong time is explained: " + page.text("#verdict-3 .explanation"))
        page.screenshot(os.path.join(shots, "verify-light.png"))

    def dark_mode():
        page.scheme("dark")
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        equal(background, "rgb(22, 22, 24)", "the dark background")
        page.screenshot(os.path.join(shots, "verify-dark.png"))
        page.go("#/search?q=" + QUERY)
        page.wait("document.querySelectorAll('#results > li').length > 0", "results")
        page.screenshot(os.path.join(shots, "search-dark.png"))
        page.scheme("light")

    def accessibility(scheme):
        def audit():
            expect(axe_path is not None, "no axe-core given")
            page.scheme(scheme)
            source = open(axe_path, encoding="utf-8").read()
            problems = []
            for route, ready in [
                ("#/search?q=" + QUERY, "document.querySelectorAll('#results > li').length > 0"),
                ("#/verify", "true"),
                ("#/doc/%s?cite=%s" % (first["source"]["id"], first["citation"]), "!!document.querySelector('#doc-passages li.current')"),
                ("#/docs", "document.querySelectorAll('#doc-list li').length > 0"),
            ]:
                page.go(route)
                page.wait(ready, "the view at " + route)
                if route == "#/verify":
                    page.click("#verify-text")
                    page.call("Input.insertText", {"text": WRITE_UP})
                    page.click("#verify-form button[type=submit]")
                    page.wait("document.querySelectorAll('#verdicts > li').length > 0", "verdicts")
                page.evaluate(source + ";true")
                if not problems and route.startswith("#/search"):
                    # The audit can fail: an unlabelled field planted in the page is found.
                    planted = page.evaluate("""(() => { const input = document.createElement('input'); input.id = 'planted';
                        document.getElementById('main').appendChild(input);
                        return axe.run(document, {runOnly: ['label']}).then(r => { input.remove();
                        return r.violations.some(v => v.nodes.some(n => n.target.join(' ') === '#planted')); }); })()""",
                                            awaiting=True)
                    expect(planted, "axe-core missed an unlabelled field planted in the page")
                result = page.evaluate("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v => "
                                       "({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 3)})))",
                                       awaiting=True)
                for violation in result:
                    line = "%s %s [%s]: %s at %s" % (route, scheme, violation["impact"], violation["id"], violation["nodes"])
                    print("      axe: " + line)
                    if violation["impact"] in ("serious", "critical"):
                        problems.append(line)
            page.scheme("light")
            expect(not problems, "%d serious or critical: %s" % (len(problems), "; ".join(problems)))
        return audit

    def a_search_address_runs_on_load():
        page.go("?q=" + urllib.parse.quote_plus(QUERY) + "&kind=talk")
        page.wait("document.querySelectorAll('#results > li').length === %d" % len(expected["results"]),
                  "the results of /?q=")
        equal(page.evaluate("location.search"), "", "the query string once the page has taken it in")
        equal(page.evaluate("location.hash"), "#/search?kind=talk&q=" + QUERY.replace(" ", "%20"),
              "the address of the search")
        equal(page.evaluate("document.getElementById('q').value"), QUERY, "the search box")
        equal(page.evaluate("document.getElementById('f-kind').value"), "talk", "the kind filter")
        equal(page.text("#results > li .quote p"), first["quote"], "the first quote")
        # Typing keeps the address in step, without a new history entry.
        length = page.evaluate("history.length")
        page.evaluate("(() => { const q = document.getElementById('q'); q.focus(); "
                      "q.setSelectionRange(q.value.length, q.value.length); })()")
        page.type(" iphone")
        page.wait("location.hash.indexOf('iphone') > 0", "the address to follow the search box")
        equal(page.evaluate("history.length"), length, "the history's length after typing")

    def opensearch_names_the_search_address():
        link = page.evaluate("(document.querySelector('link[rel=search]') || {}).href")
        equal(link, origin + "/opensearch.xml", "the page's OpenSearch link")
        equal(page.evaluate("document.querySelector('link[rel=search]').type"),
              "application/opensearchdescription+xml", "its type")
        with urllib.request.urlopen(link, timeout=10) as response:
            equal(response.status, 200, "GET /opensearch.xml")
            equal(response.headers["Content-Type"], "application/opensearchdescription+xml; charset=utf-8",
                  "its content type")
            description = response.read().decode("utf-8")
        templates = re.findall(r'<Url type="text/html" method="get" template="([^"]+)"/>', description)
        equal(templates, [origin + "/?q={searchTerms}"], "the search template")
        # What a browser does with it: the words in the template, then the page.
        page.go(templates[0].replace("{searchTerms}", urllib.parse.quote_plus(QUERY))[len(origin) + 1:])
        page.wait("document.querySelectorAll('#results > li').length === %d" % len(expected["results"]),
                  "the results of the template's address")

    def the_header_says_what_the_corpus_is():
        status = json.loads(run.cli("status", "--format", "json"))
        expect(status.get("lastRefresh") is None, "the sample corpus has no refresh recorded")
        page.wait("document.getElementById('kb-status').textContent.length > 0", "the header's status")
        equal(page.text("#kb-status"), "%d documents · corpus built %s" % (
            sum(status["documents"].values()), status["corpusFetchedAt"][:10]), "the header")
        expect("never" not in page.text("#kb-status"), "the header says never")

    def nothing_leaves_the_server():
        outside = []
        for event in page.browser.log:
            if event.get("method") == "Network.requestWillBeSent":
                url = event["params"]["request"]["url"]
                if not (url.startswith(origin + "/") or url.startswith("data:") or url == "about:blank"):
                    outside.append(url)
        expect(not outside, "requests beyond the server: %r" % outside[:5])

    def no_script_errors():
        errors = []
        for event in page.browser.log:
            if event.get("method") == "Runtime.exceptionThrown":
                errors.append(event["params"]["exceptionDetails"].get("exception", {}).get("description", "exception"))
            elif event.get("method") == "Log.entryAdded" and event["params"]["entry"]["level"] == "error":
                entry = event["params"]["entry"]
                # A refused API request (the bad query's 400) is logged by the browser itself.
                if entry.get("source") == "network" and "/api/search?q=" in entry.get("url", ""):
                    continue
                errors.append(entry["text"])
        expect(not errors, "errors in the page: %r" % errors[:5])

    def a_talk_lists_its_related_documentation():
        status, document = get_json(origin + "/api/documents/" + RELATED_TALK)
        equal(status, 200, "GET /api/documents/{id}")
        equal([(p["title"], p["url"], p.get("id"), p["inCorpus"]) for p in document.get("relatedDocumentation", [])],
              [("SwiftUI", "https://developer.apple.com/documentation/swiftui", "doc/swiftui", False)],
              "the API's related documentation")
        page.go("#/doc/" + RELATED_TALK)
        page.wait("!document.getElementById('doc-related').hidden", "the related documentation")
        equal(page.evaluate("Array.from(document.querySelectorAll('#doc-related-list a')).map(a => a.getAttribute('href'))"),
              ["https://developer.apple.com/documentation/swiftui"], "the related documentation's links")
        expect("doc/swiftui" in page.text("#doc-related"), "the page's id shown: %r" % page.text("#doc-related"))
        status, other = get_json(origin + "/api/documents/tech-talks/111462")
        expect("relatedDocumentation" not in other, "a talk without links has no relatedDocumentation")
        page.go("#/doc/tech-talks/111462")
        page.wait("document.getElementById('doc-title').textContent === %s" % json.dumps(other["document"]["title"]),
                  "the other talk")
        expect(page.evaluate("document.getElementById('doc-related').hidden"), "no related documentation shown")

    def a_deprecated_api_is_flagged():
        answer = json.loads(run.cli("search", "kind:doc legacy engine", "--format", "json"))
        expect(answer["results"], "the CLI finds the documentation page")
        hit = answer["results"][0]
        equal((hit["source"]["kind"], hit["source"]["deprecated"]), ("doc", True), "the CLI's hit")
        expect(hit["citation"].startswith(DOC_ID), "the hit's id: %r" % hit["citation"])
        page.go("#/search?q=" + urllib.parse.quote("kind:doc legacy engine"))
        page.wait("document.querySelectorAll('#results > li').length === %d" % len(answer["results"]), "the doc results")
        first = page.text("#results > li")
        expect("Deprecated API: not to be cited as current" in first, "the first result says: %r" % first)
        expect("Starts the legacy engine of the thing." in first, "the quote: %r" % first)

    run.check("search answers as you type with the CLI's exact quotes and deep links", search_as_you_type)
    run.check("the keyboard reaches a result and copies its citation in three formats", keyboard_and_copy)
    run.check("filters narrow the search and stay in the address", filters_narrow_the_search)
    run.check("a question no passage has all the words of says what it shows", a_question_says_what_it_shows)
    run.check("a bad query shows the server's error", a_bad_query_says_where)
    run.check("a result opens its passage in the transcript, and the link reopens it", deep_link_opens_the_passage)
    run.check("/?q= runs that search on load and the address follows the box", a_search_address_runs_on_load)
    run.check("the page links an OpenSearch description whose template is /?q=", opensearch_names_the_search_address)
    run.check("the header says what the corpus is and how old", the_header_says_what_the_corpus_is)
    run.check("verify marks each quotation with the CLI's verdict", verify_marks_each_quotation)
    run.check("dark mode follows the system setting", dark_mode)
    run.check("axe-core finds nothing serious in light mode", accessibility("light"))
    run.check("axe-core finds nothing serious in dark mode", accessibility("dark"))
    run.check("a talk's page lists the documentation it links to", a_talk_lists_its_related_documentation)
    run.check("a deprecated API is said to be one beside its title", a_deprecated_api_is_flagged)
    run.check("the page asks nothing of any other host", nothing_leaves_the_server)
    run.check("the page runs without script errors", no_script_errors)


if __name__ == "__main__":
    sys.exit(main())
