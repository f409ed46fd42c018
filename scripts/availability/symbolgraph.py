"""The macOS availability of every public API of the toolchain's modules, from the symbol graphs
`swift symbolgraph-extract` writes. Each symbol carries the versions it was annotated with; a member
with no macOS annotation of its own takes that of the type or extension it belongs to (the
`memberOf` relationships), as the compiler does."""
import concurrent.futures
import glob
import json
import os
import subprocess
import tempfile


class SymbolGraphError(Exception):
    pass


class Availability:
    __slots__ = ("name", "introduced", "obsoleted", "unavailable")

    def __init__(self, name, introduced=None, obsoleted=None, unavailable=False):
        self.name = name  # e.g. String.init(validating:as:)
        self.introduced = introduced  # (major, minor, patch) or None
        self.obsoleted = obsoleted
        self.unavailable = unavailable

    def to_json(self):
        return [self.name, self.introduced, self.obsoleted, self.unavailable]

    @classmethod
    def from_json(cls, value):
        name, introduced, obsoleted, unavailable = value
        return cls(name, tuple(introduced) if introduced else None, tuple(obsoleted) if obsoleted else None,
                   unavailable)


def _version(entry):
    if not entry:
        return None
    return (entry.get("major", 0), entry.get("minor", 0), entry.get("patch", 0))


def _macos_entry(symbol):
    for entry in symbol.get("availability", ()):
        if entry.get("domain") == "macOS":
            return entry
    return None


def extract(swift, module, target, sdk, directory, timeout=120):
    """Writes the module's symbol graphs into directory; returns an error message or None."""
    command = [swift, "symbolgraph-extract", "-module-name", module, "-target", target, "-output-dir", directory,
               "-minimum-access-level", "public"]
    if sdk:
        command += ["-sdk", sdk]
    try:
        result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as error:
        return str(error)
    if result.returncode != 0:
        return (result.stderr.decode("utf-8", "replace").strip().splitlines() or ["exit status %d" % result.returncode])[-1]
    return None


def availability_map(graph_files):
    """USR to Availability for every symbol of the graphs with a macOS annotation, its own or inherited."""
    symbols = {}
    parent = {}
    defaults = {}  # requirement -> its default implementations
    for path in graph_files:
        with open(path, encoding="utf-8") as handle:
            graph = json.load(handle)
        for symbol in graph.get("symbols", ()):
            usr = symbol["identifier"]["precise"]
            # A member a type gets from a protocol extension is listed again under the type; the index
            # names the protocol extension's own declaration, which is listed where it is declared.
            if "::SYNTHESIZED::" in usr:
                continue
            symbols[usr] = symbol
        for relation in graph.get("relationships", ()):
            if relation.get("kind") == "memberOf":
                parent.setdefault(relation["source"], relation["target"])
            elif relation.get("kind") == "defaultImplementationOf":
                defaults.setdefault(relation["target"], []).append(relation["source"])
    result = {}
    for usr, symbol in symbols.items():
        entry = _macos_entry(symbol)
        ancestor = usr
        seen = set()
        while entry is None:
            ancestor = parent.get(ancestor)
            if ancestor is None or ancestor in seen or ancestor not in symbols:
                break
            seen.add(ancestor)
            entry = _macos_entry(symbols[ancestor])
        if entry is None:
            continue
        introduced = _version(entry.get("introduced"))
        obsoleted = _version(entry.get("obsoleted"))
        unavailable = bool(entry.get("isUnconditionallyUnavailable"))
        if introduced is None and obsoleted is None and not unavailable:
            continue
        name = ".".join(symbol.get("pathComponents") or [symbol.get("names", {}).get("title", usr)])
        result[usr] = Availability(name, introduced, obsoleted, unavailable)
    # A protocol requirement added later with a default implementation: the index names the
    # requirement (FixedWidthInteger.&* on macOS 15), but for an older target the compiler calls the
    # older implementation, so the requirement counts from the oldest of them.
    for requirement, implementations in defaults.items():
        own = result.get(requirement)
        if own is None or own.unavailable or own.obsoleted:
            continue
        for implementation in implementations:
            other = result.get(implementation)
            if other is None or other.unavailable or other.obsoleted or not other.introduced:
                del result[requirement]
                break
            if other.introduced < own.introduced:
                own.introduced = other.introduced
    return result


def load(swift, modules, target, sdk, cache_path=None, key=None):
    """The availability map of the modules that extract (the others are skipped: a package's own or a
    C module has no symbol graph in the toolchain). Fails when the standard library does not extract."""
    if cache_path and key and os.path.exists(cache_path):
        try:
            with open(cache_path, encoding="utf-8") as handle:
                cached = json.load(handle)
            if cached.get("key") == key:
                return {usr: Availability.from_json(value) for usr, value in cached["symbols"].items()}, cached["modules"]
        except (OSError, ValueError, KeyError, TypeError):
            pass
    with tempfile.TemporaryDirectory() as scratch:
        def one(module):
            directory = os.path.join(scratch, module)
            os.mkdir(directory)
            return module, extract(swift, module, target, sdk, directory)

        with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
            outcomes = dict(pool.map(one, modules))
        if outcomes.get("Swift"):
            raise SymbolGraphError("swift symbolgraph-extract cannot extract the standard library: %s" % outcomes["Swift"])
        extracted = sorted(module for module, error in outcomes.items() if error is None)
        files = sorted(glob.glob(os.path.join(scratch, "*", "*.symbols.json")))
        symbols = availability_map(files)
    if cache_path and key:
        try:
            os.makedirs(os.path.dirname(cache_path), exist_ok=True)
            temporary = cache_path + ".tmp%d" % os.getpid()
            with open(temporary, "w", encoding="utf-8") as handle:
                json.dump({"key": key, "modules": extracted,
                           "symbols": {usr: value.to_json() for usr, value in symbols.items()}}, handle)
            os.replace(temporary, cache_path)
        except OSError:
            pass
    return symbols, extracted
