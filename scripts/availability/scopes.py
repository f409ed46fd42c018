"""Which macOS version each token of a file may assume: the deployment target, raised inside
`if #available(macOS N, *) { ... }` (and `while`), after `guard #available(macOS N, *) else { ... }`
to the end of the enclosing block, and in a declaration marked `@available(macOS N, *)` or
`@available(macOS, introduced: N)` (its signature and its body). `#unavailable` and `#if` change
nothing: under `#if canImport(Darwin)` the API must still exist on the macOS the package targets."""
import bisect

from . import lexer

DECLARATION_KEYWORDS = {
    "func", "init", "deinit", "subscript", "var", "let", "struct", "class", "enum", "extension", "protocol",
    "actor", "typealias", "case", "macro", "associatedtype", "operator",
}
CONDITION_KEYWORDS = {"if", "guard", "while"}


def parse_version(text):
    parts = []
    for piece in text.split("."):
        if not piece.isdigit():
            break
        parts.append(int(piece))
    while len(parts) < 3:
        parts.append(0)
    return tuple(parts[:3])


def matching(tokens, index):
    """The index of the bracket that closes the one at index (or the last token)."""
    opening = tokens[index].text
    closing = {"(": ")", "[": "]", "{": "}", "<": ">"}[opening]
    depth = 0
    for j in range(index, len(tokens)):
        token = tokens[j]
        if token.kind != lexer.PUNCT:
            continue
        if token.text == opening:
            depth += 1
        elif token.text == closing:
            depth -= 1
            if depth == 0:
                return j
    return len(tokens) - 1


def macos_version(tokens, open_paren):
    """The macOS version in `#available(...)` or `@available(...)` whose '(' is at open_paren."""
    close = matching(tokens, open_paren)
    inside = tokens[open_paren + 1:close]
    for k, token in enumerate(inside):
        if token.kind == lexer.IDENT and token.text in ("macOS", "OSX"):
            if k + 1 < len(inside) and inside[k + 1].kind == lexer.NUMBER:
                return parse_version(inside[k + 1].text), close
            # @available(macOS, introduced: N)
            for m in range(k + 1, len(inside) - 2):
                if inside[m].text == "introduced" and inside[m + 1].text == ":" and inside[m + 2].kind == lexer.NUMBER:
                    return parse_version(inside[m + 2].text), close
                if inside[m].text in ("macOS", "OSX") or inside[m].text == "*":
                    break
    return None, close


class _Frame:
    __slots__ = ("available", "on_close")

    def __init__(self, available, on_close=None):
        self.available = available
        # (for a guard's else block, the version the enclosing block assumes after it; the
        # bracket depth to return to)
        self.on_close = on_close


class _Condition:
    __slots__ = ("keyword", "parens", "available", "seen_else")

    def __init__(self, keyword, parens):
        self.keyword = keyword
        self.parens = parens
        self.available = None
        self.seen_else = False


class _Declaration:
    __slots__ = ("available", "parens", "seen_keyword")

    def __init__(self, available, parens):
        self.available = available
        self.parens = parens
        self.seen_keyword = False


def available_versions(tokens, floor=(0, 0, 0)):
    """For each token, the macOS version code there may assume (at least floor)."""
    frames = [_Frame(floor, (None, 0))]
    conditions = {}  # frame depth -> _Condition
    declarations = {}  # frame depth -> _Declaration
    parens = 0
    result = [floor] * len(tokens)
    i = 0
    n = len(tokens)
    while i < n:
        token = tokens[i]
        depth = len(frames)
        text = token.text
        declaration = declarations.get(depth)
        if token.kind == lexer.IDENT and parens == 0 and token.interpolation == 0:
            if text in CONDITION_KEYWORDS:
                conditions[depth] = _Condition(text, parens)
            elif text == "else" and depth in conditions and conditions[depth].keyword == "guard":
                conditions[depth].seen_else = True
            elif text in DECLARATION_KEYWORDS and declaration is not None and declaration.parens == parens:
                if declaration.seen_keyword and (token.newline or (i > 0 and tokens[i - 1].text == ";")):
                    del declarations[depth]
                    declaration = None
                else:
                    declaration.seen_keyword = True
        here = frames[-1].available
        if declaration is not None and declaration.available > here:
            here = declaration.available
        if token.kind == lexer.POUND and text == "#available" and i + 1 < n and tokens[i + 1].text == "(":
            version, close = macos_version(tokens, i + 1)
            condition = conditions.get(depth)
            if version and condition is not None:
                condition.available = max(condition.available or version, version)
            for j in range(i, close + 1):
                result[j] = here
            i = close + 1
            continue
        if (token.kind == lexer.PUNCT and text == "@" and i + 2 < n and tokens[i + 1].text == "available"
                and tokens[i + 2].text == "("):
            version, close = macos_version(tokens, i + 2)
            if version:
                if declaration is not None and not declaration.seen_keyword:
                    declaration.available = max(declaration.available, version)
                else:
                    declarations[depth] = _Declaration(version, parens)
                    here = max(here, version)
            for j in range(i, close + 1):
                result[j] = here
            i = close + 1
            continue
        result[i] = here
        if token.kind == lexer.PUNCT:
            if text in ("(", "["):
                parens += 1
            elif text in (")", "]"):
                parens = max(0, parens - 1)
            elif text == "{":
                available = frames[-1].available
                on_close = None
                condition = conditions.get(depth)
                if condition is not None and condition.parens == parens:
                    del conditions[depth]
                    if condition.available:
                        if condition.keyword == "guard":
                            if condition.seen_else:
                                on_close = condition.available
                        else:
                            available = max(available, condition.available)
                if declaration is not None and declaration.parens == parens:
                    del declarations[depth]
                    available = max(available, declaration.available)
                frames.append(_Frame(available, (on_close, parens)))
                parens = 0
            elif text == "}":
                if len(frames) > 1:
                    closed = frames.pop()
                    conditions.pop(depth, None)
                    declarations.pop(depth, None)
                    raised, parens = closed.on_close
                    if raised and raised > frames[-1].available:
                        frames[-1].available = raised
        i += 1
    return result


class Positions:
    """Finds the token at a line and UTF-8 byte column (as the index store gives them)."""

    def __init__(self, text, tokens):
        self.lines = text.split("\n")
        self.keys = [(token.line, token.column) for token in tokens]

    def token_index(self, line, byte_column):
        if 1 <= line <= len(self.lines):
            prefix = self.lines[line - 1].encode("utf-8")[:max(0, byte_column - 1)]
            column = len(prefix.decode("utf-8", "ignore")) + 1
        else:
            column = byte_column
        return max(0, bisect.bisect_right(self.keys, (line, column)) - 1)
