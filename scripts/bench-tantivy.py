#!/usr/bin/env python3
"""tantivy side of scripts/bench-search: build an index of one document per passage from
JSON Lines ({"id", "body"}), run the queries (tab-separated: kind, ours, fts5, tantivy),
print a JSON report on stdout: latencies in microseconds by kind, and each query's in the
file's order (null where it failed). Exits 3 when the tantivy module is not installed.
With --reuse, the index a first run built in the directory is opened instead (a later
round of queries; its build time is reported as 0)."""
import json, os, resource, shutil, sys, time

try:
    import tantivy
except ImportError:
    sys.exit(3)

corpus, queries_path, directory = sys.argv[1:4]
reuse = sys.argv[4:5] == ["--reuse"]

if reuse:
    index = tantivy.Index.open(directory)
    schema = index.schema
    build_seconds = 0.0
else:
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(directory)
    builder = tantivy.SchemaBuilder()
    builder.add_integer_field("id", stored=True, indexed=False)
    builder.add_text_field("body", stored=True, index_option="position")
    schema = builder.build()
    index = tantivy.Index(schema, path=directory)

    lines = [json.loads(line) for line in open(corpus, encoding="utf-8")]
    start = time.perf_counter()
    writer = index.writer(heap_size=256_000_000, num_threads=2)
    for line in lines:
        writer.add_document(tantivy.Document(id=line["id"], body=line["body"]))
    writer.commit()
    writer.wait_merging_threads()
    build_seconds = time.perf_counter() - start
    del lines
index.reload()
searcher = index.searcher()
size = sum(os.path.getsize(os.path.join(directory, name)) for name in os.listdir(directory))

queries = []
for line in open(queries_path, encoding="utf-8"):
    kind, ours, fts5, query = line.rstrip("\n").split("\t")
    queries.append((kind, query))

def run(text):
    if text.startswith('"') and text.endswith('"*') and " " not in text:
        # The query parser reads a prefix only after a phrase of two words or more.
        query = tantivy.Query.regex_query(schema, "body", text[1:-2] + ".*")
    else:
        query = index.parse_query(text, ["body"], conjunction_by_default=True)
    result = searcher.search(query, 10)
    for _, address in result.hits:
        searcher.doc(address)["body"]

latencies = {}
per_query = []
for kind, text in queries:
    try:
        run(text)
    except Exception:
        pass
for kind, text in queries:
    samples = []
    for _ in range(3):
        start = time.perf_counter()
        try:
            run(text)
        except Exception:
            continue
        samples.append((time.perf_counter() - start) * 1e6)
    if samples:
        samples.sort()
        value = samples[len(samples) // 2]
        latencies.setdefault(kind, []).append(value)
        latencies.setdefault("all", []).append(value)
        per_query.append(value)
    else:
        per_query.append(None)

print(json.dumps({
    "buildSeconds": build_seconds,
    "megabytes": size / 1048576,
    "latencies": latencies,
    "perQuery": per_query,
    "peakMegabytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,  # includes the build
}))
