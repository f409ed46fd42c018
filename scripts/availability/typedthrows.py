"""Typed-throws function types used as values. Before macOS 15 the runtime has no metadata for a
function type with a typed throws ("runtime support for typed throws function types is only
available in macOS 15.0.0 or newer"), so such a type must not be stored, put in a collection or an
Optional, or passed as a generic argument while the package targets an older macOS. A declaration's
own `throws(E)` (func, init, subscript, accessor), `do throws(E)`, a closure's signature, and a
function-type parameter of a declaration need no metadata; `throws(any Error)` and `throws(Never)`
are not typed throws at all. This is a scan of the source text, so it judges by syntax alone."""
from . import lexer
from .scopes import matching

UNTYPED = {"any Error", "any Swift.Error", "Never", "Swift.Never", "Error", "Swift.Error"}
TYPE_PREFIXES = {"inout", "borrowing", "consuming", "sending", "__owned", "__shared", "any", "some"}
STATEMENT_STARTS = {"let", "var", "func", "init", "case", "return", "if", "guard", "for", "while", "switch",
                    "struct", "class", "enum", "actor", "protocol", "extension", "typealias", "subscript",
                    "import", "throw", "defer", "do", "repeat"}
OPENERS = {")": "(", "]": "[", ">": "<", "}": "{"}


def matching_back(tokens, index):
    closing = tokens[index].text
    opening = OPENERS[closing]
    depth = 0
    for j in range(index, -1, -1):
        token = tokens[j]
        if token.kind != lexer.PUNCT:
            continue
        if token.text == closing:
            depth += 1
        elif token.text == opening:
            depth -= 1
            if depth == 0:
                return j
    return 0


def enclosing(tokens, index):
    """The index of the nearest unclosed (, [, < or { before index, or -1 at a statement's start."""
    depth = 0
    for j in range(index - 1, -1, -1):
        token = tokens[j]
        if token.kind != lexer.PUNCT:
            if depth == 0 and token.kind == lexer.IDENT and token.newline and token.text in STATEMENT_STARTS:
                return -1
            continue
        if token.text in (")", "]", ">"):
            depth += 1
        elif token.text in ("(", "[", "<"):
            if depth == 0:
                return j
            depth -= 1
        elif token.text in ("{", "}") and depth == 0:
            return j
    return -1


def is_declaration_parameters(tokens, open_paren):
    """Whether the '(' at open_paren opens the parameters of a func, init or subscript."""
    b = open_paren - 1
    if b < 0:
        return False
    if tokens[b].text == ">":
        b = matching_back(tokens, b) - 1
        if b < 0:
            return False
    if tokens[b].text in ("init", "subscript"):
        return True
    if tokens[b].text in ("?", "!") and b > 0 and tokens[b - 1].text == "init":
        return True
    return b > 0 and tokens[b - 1].text == "func"


def skip_back_prefixes(tokens, j):
    """From the token before a type, back over attributes and ownership words; returns that index."""
    while j >= 0:
        token = tokens[j]
        if token.kind == lexer.IDENT and token.text in TYPE_PREFIXES:
            j -= 1
        elif token.kind == lexer.PUNCT and token.text == ")" and j >= 2:
            # @isolated(any), @convention(c)...
            opening = matching_back(tokens, j)
            if opening >= 2 and tokens[opening - 1].kind == lexer.IDENT and tokens[opening - 2].text == "@":
                j = opening - 3
            else:
                break
        elif token.kind == lexer.IDENT and j >= 1 and tokens[j - 1].text == "@":
            j -= 2
        else:
            break
    return j


def type_end(tokens, start):
    """The index just past a type that starts at start (a result type, up to a separator)."""
    j = start
    n = len(tokens)
    while j < n:
        token = tokens[j]
        if j > start and token.newline and token.text not in ("->", "?", "!", "&", "."):
            return j
        if token.kind == lexer.PUNCT:
            if token.text in ("(", "[", "<"):
                j = matching(tokens, j) + 1
                continue
            if token.text in (",", ")", "]", ">", "=", "{", "}", ";", ":"):
                return j
        elif token.kind == lexer.IDENT and token.text in ("in", "where") and j > start:
            return j
        j += 1
    return j


def closure_signature(tokens, after):
    """Whether the tokens after a throws clause lead to a closure's `in`."""
    j = after
    n = len(tokens)
    while j < n:
        token = tokens[j]
        if token.kind == lexer.IDENT and token.text == "in":
            return True
        if j > after and token.newline and token.text not in ("->", "?", "!"):
            return False
        if token.kind == lexer.PUNCT:
            if token.text in ("(", "[", "<"):
                j = matching(tokens, j) + 1
                continue
            if token.text in ("{", "}", "=", ",", ")", "]", ";"):
                return False
        elif token.kind == lexer.IDENT and token.text in STATEMENT_STARTS:
            return False
        j += 1
    return False


def text_of(tokens, start, end):
    parts = []
    for j in range(start, end):
        token = tokens[j]
        if parts and (token.text in (")", "]", ">", ",", ":", "?", "!", ".") or parts[-1].endswith(("(", "[", "<", ".", "@"))):
            parts.append(token.text)
        elif parts:
            parts.append(" " + token.text)
        else:
            parts.append(token.text)
    text = "".join(parts)
    for fix in (("throws (", "throws("), (" ,", ","), ("( ", "(")):
        text = text.replace(*fix)
    return text


def context_of(tokens, start, end):
    """Why the type spanning tokens[start:end] needs metadata, or None when it does not."""
    c = skip_back_prefixes(tokens, start - 1)
    if c < 0:
        return "a type"
    before = tokens[c]
    if before.text == ":":
        outer = enclosing(tokens, c)
        if outer >= 0 and tokens[outer].text == "[":
            return "a dictionary's value type"
        if outer >= 0 and tokens[outer].text == "(":
            if is_declaration_parameters(tokens, outer):
                return None
            if outer > 0 and tokens[outer - 1].kind == lexer.IDENT and outer > 1 and tokens[outer - 2].text == "case":
                return "an enum case's associated value"
            if is_function_type_parameters(tokens, outer):
                return None
            return "a tuple element"
        if outer >= 0 and tokens[outer].text == "<":
            return "a generic argument"
        # A variable's or a stored property's annotation, unless a declaration keyword says otherwise.
        for j in range(c - 1, max(-1, c - 40), -1):
            if tokens[j].text in ("let", "var"):
                return "the type of a variable or property"
            if tokens[j].text in ("{", "}", ";") or (tokens[j].newline and tokens[j].text in STATEMENT_STARTS):
                break
        return "a type annotation"
    if before.text == "->":
        # The result of a declaration is fine; the result of a function type that is a value is not.
        if c > 0 and tokens[c - 1].text == ")" and is_declaration_parameters(tokens, matching_back(tokens, c - 1)):
            return None
        prev = c - 1
        while prev >= 0 and tokens[prev].text in ("async", "throws", "rethrows", "reasync"):
            prev -= 1
        if prev >= 0 and tokens[prev].text == ")":
            opening = matching_back(tokens, prev)
            if opening > 0 and tokens[opening - 1].text == "throws":
                prev = opening - 2
                while prev >= 0 and tokens[prev].text in ("async",):
                    prev -= 1
            if prev >= 0 and tokens[prev].text == ")" and is_declaration_parameters(tokens, matching_back(tokens, prev)):
                return None
        return "the result type of a function type"
    if before.text == "[":
        if end < len(tokens) and tokens[end].text == ":":
            return "a dictionary's key type"
        return "an array's element type"
    if before.text in ("<",) or (before.text == "," and enclosing(tokens, c) >= 0 and tokens[enclosing(tokens, c)].text == "<"):
        return "a generic argument"
    if before.text == "," and enclosing(tokens, c) >= 0 and tokens[enclosing(tokens, c)].text == "(":
        outer = enclosing(tokens, c)
        if is_function_type_parameters(tokens, outer):
            return None
        return "a tuple element"
    if before.text == "(":
        close = matching(tokens, c)
        after = tokens[close + 1].text if close + 1 < len(tokens) else ""
        if after in ("?", "!"):
            return "an Optional"
        if close == end:
            # Parenthesized: judge the parentheses' own context.
            return context_of(tokens, c, close + 1)
        if is_function_type_parameters(tokens, c):
            return None
        return "a tuple element"
    if before.text == "=":
        for j in range(c - 1, max(-1, c - 20), -1):
            if tokens[j].text == "typealias":
                return "a typealias"
            if tokens[j].text in ("{", "}", ";"):
                break
        return "a type in an expression"
    if before.text in ("as", "is") or (before.text in ("?", "!") and c > 0 and tokens[c - 1].text == "as"):
        return "a cast"
    return "a type"


def is_function_type_parameters(tokens, open_paren):
    """Whether the '(' opens a function type's parameters (followed by async/throws/->)."""
    close = matching(tokens, open_paren)
    j = close + 1
    while j < len(tokens) and tokens[j].text in ("async", "throws", "rethrows"):
        j += 1
        if j < len(tokens) and tokens[j - 1].text == "throws" and tokens[j].text == "(":
            j = matching(tokens, j) + 1
    return j < len(tokens) and tokens[j].text == "->"


def findings(tokens, versions, target):
    """[(token index, function type's text, why)] for each typed-throws function type used as a value."""
    minimum = (15, 0, 0)
    if target >= minimum:
        return []
    found = []
    n = len(tokens)
    for i, token in enumerate(tokens):
        if token.kind != lexer.IDENT or token.text != "throws" or i + 1 >= n or tokens[i + 1].text != "(":
            continue
        if versions[i] >= minimum:
            continue
        close = matching(tokens, i + 1)
        thrown = " ".join(t.text for t in tokens[i + 2:close]).replace(" . ", ".")
        if thrown in UNTYPED:
            continue
        prev = i - 1
        while prev >= 0 and tokens[prev].text in ("async", "reasync"):
            prev -= 1
        if prev < 0 or tokens[prev].text in ("do", "get", "set", "_read", "_modify", "init"):
            continue
        if closure_signature(tokens, close + 1):
            brace = enclosing(tokens, prev + 1 if tokens[prev].text != ")" else matching_back(tokens, prev))
            while brace >= 0 and tokens[brace].text != "{":
                brace = enclosing(tokens, brace)
            if brace > 0 and tokens[brace - 1].text in ("[", ",", ":"):
                outer = enclosing(tokens, brace)
                if outer >= 0 and tokens[outer].text == "[":
                    found.append((i, text_of(tokens, brace, close + 1) + " ... in }", "a closure stored in a collection"))
            continue
        if tokens[prev].text != ")":
            # `x throws(E) in` without parentheses is a closure (handled above); anything else is a
            # declaration's own clause.
            continue
        start = matching_back(tokens, prev)
        if is_declaration_parameters(tokens, start):
            continue
        after = close + 1
        end = type_end(tokens, after + 1) if after < n and tokens[after].text == "->" else after
        why = context_of(tokens, start, end)
        if why:
            found.append((i, text_of(tokens, start, end), why))
    return found
