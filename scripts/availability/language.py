"""Syntax and standard-library names newer than the oldest compiler the package supports (its
swift-tools-version). Syntax has no symbol graph, so this is a table: each entry says which Swift
release introduced it and where it was proposed. Types that Swift 6.2 added with macOS 26
availability (InlineArray, UTF8Span) are also reported by the availability check while the target is
below 26; Span, RawSpan and MutableSpan are back-deployed to macOS 10.14.4, so only this table sees
that Swift 6.1 lacks them."""
from . import lexer

# Standard-library types that a compiler older than the given version does not have.
NEW_TYPES = {
    "InlineArray": ((6, 2), "SE-0453"),
    "Span": ((6, 2), "SE-0447"),
    "RawSpan": ((6, 2), "SE-0447"),
    "MutableSpan": ((6, 2), "SE-0467"),
    "MutableRawSpan": ((6, 2), "SE-0467"),
    "OutputSpan": ((6, 2), "SE-0485"),
    "OutputRawSpan": ((6, 2), "SE-0485"),
    "UTF8Span": ((6, 2), "SE-0464"),
}

TYPE_DECLARATIONS = {"struct", "class", "enum", "actor", "protocol", "typealias", "associatedtype"}


def declared_types(tokens):
    """The type names a file declares (a package's own Span hides the standard library's)."""
    names = set()
    for i, token in enumerate(tokens[:-1]):
        if token.kind == lexer.IDENT and token.text in TYPE_DECLARATIONS and tokens[i + 1].kind == lexer.IDENT:
            names.add(tokens[i + 1].text)
    return names


def _text(tokens, i):
    return tokens[i].text if 0 <= i < len(tokens) else ""


def _attribute(tokens, i, name):
    return tokens[i].kind == lexer.PUNCT and tokens[i].text == "@" and _text(tokens, i + 1) == name


def _same_line(tokens, i):
    return i < len(tokens) and not tokens[i].newline


UNSAFE_BEFORE = {"=", "return", "(", ",", "try", "await", "{", ":", "in", "[", "throw"}


def findings(tokens, own_types):
    """[(token index, what, (major, minor), proposal)] for each use of a newer feature."""
    found = []
    n = len(tokens)
    brackets = [0]  # open brackets at each interpolation level, from the outermost code
    for i, token in enumerate(tokens):
        text = token.text
        kind = token.kind
        level = token.interpolation
        if level + 1 > len(brackets):
            brackets.extend([0] * (level + 1 - len(brackets)))
        elif level + 1 < len(brackets):
            del brackets[level + 1:]
        if kind == lexer.PUNCT and text in ("(", "["):
            brackets[level] += 1
        elif kind == lexer.PUNCT and text in (")", "]"):
            brackets[level] -= 1
        if kind == lexer.RAW_IDENT:
            found.append((i, "the raw identifier `%s`" % text, (6, 2), "SE-0451"))
        elif kind == lexer.IDENT:
            following = _text(tokens, i + 1)
            if text in NEW_TYPES and text not in own_types and _text(tokens, i - 1) != ".":
                version, proposal = NEW_TYPES[text]
                found.append((i, "the standard library's %s" % text, version, proposal))
            elif text == "nonisolated" and following == "(" and _text(tokens, i + 2) == "nonsending":
                found.append((i, "nonisolated(nonsending)", (6, 2), "SE-0461"))
            elif text == "nonisolated" and following in ("struct", "class", "enum", "actor", "protocol", "extension"):
                found.append((i, "nonisolated on a type or extension", (6, 1), "SE-0449"))
            elif text == "weak" and following == "let":
                found.append((i, "weak let", (6, 2), "SE-0481"))
            elif text == "isolated" and following == "deinit":
                found.append((i, "isolated deinit", (6, 2), "SE-0371"))
            elif following == "::" and _same_line(tokens, i + 1):
                found.append((i, "the module selector %s::" % text, (6, 3), "SE-0491"))
            elif text == "processExitsWith" and following == ":":
                found.append((i, "an exit test (processExitsWith:)", (6, 2), "ST-0008"))
            elif text == "Attachment" and _text(tokens, i - 1) != "." and (
                    (following == "." and _text(tokens, i + 2) == "record") or following == "("):
                found.append((i, "a test attachment (Attachment)", (6, 2), "ST-0009"))
            elif text == "unsafe" and _same_line(tokens, i + 1) and tokens[i + 1].kind == lexer.IDENT and (
                    i == 0 or tokens[i].newline or _text(tokens, i - 1) in UNSAFE_BEFORE):
                found.append((i, "an unsafe expression", (6, 2), "SE-0458"))
            elif (text == "default" and following == ":" and level > 0 and brackets[level] == 0
                  and _text(tokens, i - 1) == ","):
                found.append((i, "an interpolation's default: value", (6, 2), "SE-0477"))
        elif kind == lexer.PUNCT:
            following = _text(tokens, i + 1)
            if text == "@" and _same_line(tokens, i + 1):
                attribute = {"concurrent": ("@concurrent", (6, 2), "SE-0461"),
                             "abi": ("@abi", (6, 2), "SE-0476"),
                             "c": ("@c", (6, 3), "SE-0495"),
                             "safe": ("@safe", (6, 2), "SE-0458"),
                             "unsafe": ("@unsafe", (6, 2), "SE-0458")}.get(following)
                if attribute:
                    found.append((i,) + attribute)
            elif text == "<" and following == "let" and _same_line(tokens, i + 1):
                found.append((i, "an integer generic parameter (<let N: Int>)", (6, 2), "SE-0452"))
            elif text == "[" and tokens[i + 1:i + 2] and tokens[i + 1].kind in (lexer.NUMBER, lexer.IDENT) and \
                    _text(tokens, i + 2) == "of" and tokens[i + 2].kind == lexer.IDENT:
                found.append((i, "the [N of T] InlineArray type", (6, 2), "SE-0483"))
            elif text == "," and following in (")", ">") and i + 1 < n:
                found.append((i, "a trailing comma in a parameter, argument, tuple or generic list", (6, 1), "SE-0439"))
            elif text == "\\":
                # A key path to a method: \Type.method() or \.method()
                j = i + 1
                while j < n and (tokens[j].kind == lexer.IDENT or tokens[j].text in (".", "?", "!")):
                    j += 1
                if j > i + 1 and j < n and tokens[j].text == "(" and not tokens[j].newline and \
                        tokens[j - 1].kind == lexer.IDENT:
                    found.append((i, "a key path to a method", (6, 2), "SE-0479"))
    return found
