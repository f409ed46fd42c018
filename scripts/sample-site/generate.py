#!/usr/bin/env python3
"""Writes the sample-site fixture tree from quotes.json, deterministically.

The tree is laid out like Apple's site (see README.md):

  videos/play/<collection>/<id>/index.html              talk page
  videos/<collection>/<id>/cmaf.m3u8                    HLS master playlist
  videos/<collection>/<id>/subtitles/eng/prog_index.m3u8  subtitle media playlist
  videos/<collection>/<id>/subtitles/eng/sequence_N.webvtt  WebVTT segments
  sources.json                                          the talks' real page URLs

Every cue text comes from quotes.json and nothing else. Run it again after
editing quotes.json; the output depends only on quotes.json.

  python3 generate.py                         # regenerate next to this script
  python3 generate.py --check WRITEUP.txt ... # also check every quote occurs
                                              # verbatim in one of the files
"""

import argparse
import html
import json
import math
import os
import shutil
import sys

SEGMENT_MILLISECONDS = 6006          # Apple's #EXTINF:6.006
MAX_WORDS_PER_CUE = 12               # cues of 5-15 words
MIN_CUE_MILLISECONDS = 2500
MAX_CUE_MILLISECONDS = 3500
MILLISECONDS_PER_WORD = 300
# Silence left between two excerpts of a talk: duo-kb ends a passage at a pause of
# 1.5 s or more, so excerpts are never glued into one quote.
EXCERPT_GAP_MILLISECONDS = 1500
MIN_SQUEEZED_CUE_MILLISECONDS = 400
TIMESTAMP_MAP = "X-TIMESTAMP-MAP=MPEGTS:181083,LOCAL:00:00:00.000"
LINE_WRAP_CHARACTERS = 42            # Apple's captions wrap to two lines


class CurationError(Exception):
    pass


def parse_time(text):
    """'m:ss' -> milliseconds."""
    minutes, seconds = text.split(":")
    if len(seconds) != 2 or not minutes.isdigit() or not seconds.isdigit():
        raise CurationError(f"bad time {text!r}: expected m:ss")
    return (int(minutes) * 60 + int(seconds)) * 1000


def cue_time(milliseconds):
    hours, rest = divmod(milliseconds, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    seconds, millis = divmod(rest, 1000)
    return f"{hours:02d}:{minutes:02d}:{seconds:02d}.{millis:03d}"


def split_words(words):
    """Splits a quote's words into cues of at most MAX_WORDS_PER_CUE, evenly."""
    count = math.ceil(len(words) / MAX_WORDS_PER_CUE)
    base, extra = divmod(len(words), count)
    chunks, index = [], 0
    for n in range(count):
        size = base + (1 if n < extra else 0)
        chunks.append(words[index:index + size])
        index += size
    return chunks


def wrap(words):
    """One line, or two balanced lines when the cue is long (never inside a word)."""
    line = " ".join(words)
    if len(line) <= LINE_WRAP_CHARACTERS or len(words) < 2:
        return [line]
    best = min(range(1, len(words)),
               key=lambda k: abs(len(" ".join(words[:k])) - len(" ".join(words[k:]))))
    return [" ".join(words[:best]), " ".join(words[best:])]


def escape_cue_text(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def build_cues(talk, notes):
    """Turns a talk's quotes into timed cues: [(start, end, lines)]."""
    quotes = sorted(talk["quotes"], key=lambda q: parse_time(q["time"]))
    starts = [parse_time(q["time"]) for q in quotes]
    for a, b in zip(quotes, quotes[1:]):
        if a["time"] == b["time"]:
            raise CurationError(f"{talk['id']}: two quotes at {a['time']}; merge them in quotes.json")
    cues = []
    for index, quote in enumerate(quotes):
        words = quote["text"].split()
        if not words:
            raise CurationError(f"{talk['id']} {quote['time']}: empty quote")
        chunks = split_words(words)
        durations = [min(MAX_CUE_MILLISECONDS, max(MIN_CUE_MILLISECONDS, MILLISECONDS_PER_WORD * len(c)))
                     for c in chunks]
        start = starts[index]
        if index + 1 < len(quotes):
            available = starts[index + 1] - start - EXCERPT_GAP_MILLISECONDS
            if sum(durations) > available:
                squeezed = max(MIN_SQUEEZED_CUE_MILLISECONDS, available // len(chunks))
                durations = [min(squeezed, (starts[index + 1] - start) // len(chunks))] * len(chunks)
                notes.append(f"{talk['id']} {quote['time']}: {len(chunks)} cue(s) shortened to "
                             f"{durations[0]} ms to end by {quotes[index + 1]['time']}")
        speaker = quote.get("speaker")
        for chunk, duration in zip(chunks, durations):
            lines = [escape_cue_text(line) for line in wrap(chunk)]
            if speaker:
                lines[0] = f"<v {speaker}>" + lines[0]
            cues.append((start, start + duration, lines))
            start += duration
    return cues


def webvtt_segment(cues):
    parts = ["WEBVTT\n", TIMESTAMP_MAP + "\n", "\n"]
    for start, end, lines in cues:
        parts.append(f"{cue_time(start)} --> {cue_time(end)}\n")
        parts.extend(line + "\n" for line in lines)
        parts.append("\n")
    return "".join(parts)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)


def write_subtitles(folder, cues):
    last_end = max(end for _, end, _ in cues)
    segment_count = last_end // SEGMENT_MILLISECONDS + 1
    playlist = ["#EXTM3U", "#EXT-X-TARGETDURATION:7.0", "#EXT-X-VERSION:3",
                "#EXT-X-MEDIA-SEQUENCE:0", "#EXT-X-PLAYLIST-TYPE:VOD"]
    repeats = 0
    for number in range(segment_count):
        segment_start = number * SEGMENT_MILLISECONDS
        segment_end = segment_start + SEGMENT_MILLISECONDS
        # A cue goes in every segment it overlaps: a cue crossing a boundary is
        # repeated verbatim at the top of the next segment, as Apple does.
        inside = [c for c in cues if c[0] < segment_end and c[1] > segment_start]
        repeats += sum(1 for c in inside if c[0] < segment_start)
        write(os.path.join(folder, f"sequence_{number}.webvtt"), webvtt_segment(inside))
        playlist += ["#EXTINF:6.006", f"sequence_{number}.webvtt"]
    playlist.append("#EXT-X-ENDLIST")
    write(os.path.join(folder, "prog_index.m3u8"), "\n".join(playlist) + "\n")
    return segment_count, repeats


MASTER_PLAYLIST = """#EXTM3U
#EXT-X-VERSION:6
#EXT-X-INDEPENDENT-SEGMENTS

#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac-stereo",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio/aac/stereo/prog_index.m3u8"
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",DEFAULT=YES,AUTOSELECT=YES,FORCED=NO,LANGUAGE="en",URI="subtitles/eng/prog_index.m3u8"

#EXT-X-STREAM-INF:BANDWIDTH=7964000,AVERAGE-BANDWIDTH=5118000,CODECS="avc1.640028,mp4a.40.2",RESOLUTION=1920x1080,FRAME-RATE=29.970,AUDIO="aac-stereo",SUBTITLES="subs",CLOSED-CAPTIONS=NONE
video/1080p/prog_index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=3821000,AVERAGE-BANDWIDTH=2468000,CODECS="avc1.640020,mp4a.40.2",RESOLUTION=1280x720,FRAME-RATE=29.970,AUDIO="aac-stereo",SUBTITLES="subs",CLOSED-CAPTIONS=NONE
video/720p/prog_index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=1285000,AVERAGE-BANDWIDTH=861000,CODECS="avc1.64001f,mp4a.40.2",RESOLUTION=960x540,FRAME-RATE=29.970,AUDIO="aac-stereo",SUBTITLES="subs",CLOSED-CAPTIONS=NONE
video/540p/prog_index.m3u8
"""


def talk_page(talk):
    collection, talk_id = talk["collection"], talk["id"]
    title = html.escape(talk["title"])
    master = f"/videos/{collection}/{talk_id}/cmaf.m3u8"
    canonical = f"https://developer.apple.com/videos/play/{collection}/{talk_id}/"
    description = ""
    if talk.get("datePublished"):
        description += f'<meta itemprop="datePublished" content="{html.escape(talk["datePublished"])}">\n'
    if talk.get("description"):
        description += f'<meta property="og:description" content="{html.escape(talk["description"])}">\n'
    return f"""<!DOCTYPE html>
<html lang="en-US">
<head>
<meta charset="utf-8">
<title>{title} - Tech Talks - Videos - Apple Developer</title>
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<link rel="canonical" href="{canonical}">
<meta property="og:type" content="video.other">
<meta property="og:site_name" content="Apple Developer">
<meta property="og:url" content="{canonical}">
<meta property="og:title" content="{title}">
{description}<meta property="og:video" content="{master}">
</head>
<body class="page-video">
<main id="main" class="main" role="main">
<section class="column large-12 small-12 no-padding-top no-padding-bottom">
<div class="video-player">
<video id="video" class="video" src="{master}" data-id="{collection}-{talk_id}" data-locale="en" preload="none" controls></video>
</div>
</section>
<section class="row">
<section class="column large-9 small-12 supplement details active" id="details">
<h1>{title}</h1>
</section>
<section class="column large-9 small-12 supplement transcript" id="transcript">
<section id="transcript-content"></section>
</section>
</section>
</main>
</body>
</html>
"""


def check_quotes(talks, paths):
    texts = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            texts.append(handle.read())
    missing = [f"{t['id']} {q['time']}: {q['text'][:60]!r}"
               for t in talks for q in t["quotes"] if not any(q["text"] in s for s in texts)]
    if missing:
        raise CurationError("quotes not found verbatim in the write-ups:\n  " + "\n  ".join(missing))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quotes", default=os.path.join(here, "quotes.json"))
    parser.add_argument("--out", default=here, help="folder that receives videos/ and sources.json")
    parser.add_argument("--check", nargs="+", metavar="WRITEUP", default=[],
                        help="fail unless every quote occurs verbatim in one of these files")
    arguments = parser.parse_args()

    with open(arguments.quotes, encoding="utf-8") as handle:
        document = json.load(handle)
    talks = sorted(document["talks"], key=lambda t: (t["collection"], t["id"]))
    if arguments.check:
        check_quotes(talks, arguments.check)

    shutil.rmtree(os.path.join(arguments.out, "videos"), ignore_errors=True)
    notes, sources = [], []
    for talk in talks:
        collection, talk_id = talk["collection"], talk["id"]
        cues = build_cues(talk, notes)
        write(os.path.join(arguments.out, "videos", "play", collection, talk_id, "index.html"), talk_page(talk))
        media = os.path.join(arguments.out, "videos", collection, talk_id)
        write(os.path.join(media, "cmaf.m3u8"), MASTER_PLAYLIST)
        segments, repeats = write_subtitles(os.path.join(media, "subtitles", "eng"), cues)
        sources.append({"kind": "talk", "url": f"https://developer.apple.com/videos/play/{collection}/{talk_id}/"})
        print(f"{collection}/{talk_id}: {len(talk['quotes'])} quotes, {len(cues)} cues, "
              f"{segments} segments, {repeats} boundary repeats - {talk['title']}")
    write(os.path.join(arguments.out, "sources.json"),
          json.dumps({"version": 1, "sources": sources}, indent=2) + "\n")
    for note in notes:
        print("note:", note)


if __name__ == "__main__":
    try:
        main()
    except CurationError as error:
        print(f"generate.py: {error}", file=sys.stderr)
        sys.exit(1)
