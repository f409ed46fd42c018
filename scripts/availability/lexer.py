"""A Swift lexer that is enough for these checks: it knows comments (nested block comments too),
string literals (multi-line, raw with any number of #, and the code inside interpolations), regex
literals in #/.../# form, backtick identifiers, numbers and punctuation, and says where each token
is (line, and column in characters, both from 1) and whether a line break comes before it."""

IDENT = "ident"  # identifiers and keywords
RAW_IDENT = "raw-ident"  # a backtick name that is not an identifier (Swift 6.2's raw identifiers)
NUMBER = "number"
STRING = "string"  # a literal's text parts; the code of its interpolations follows as tokens
POUND = "pound"  # #if, #available, #expect...
PUNCT = "punct"

_MULTI = ("->", "::", "...", "..<")


class Token:
    __slots__ = ("kind", "text", "line", "column", "newline", "interpolation")

    def __init__(self, kind, text, line, column, newline, interpolation):
        self.kind = kind
        self.text = text
        self.line = line
        self.column = column
        self.newline = newline  # a line break (or the file's start) comes before it
        self.interpolation = interpolation  # how many string interpolations it is inside

    def __repr__(self):
        return "%s(%r @%d:%d)" % (self.kind, self.text, self.line, self.column)


def _identifier_start(c):
    return c == "_" or c.isalpha() or (ord(c) > 0x7F and c.isidentifier())


def _identifier_part(c):
    return c == "_" or c.isalnum() or (ord(c) > 0x7F and ("a" + c).isidentifier())


def is_identifier(text):
    return bool(text) and _identifier_start(text[0]) and all(_identifier_part(c) for c in text[1:])


class Lexer:
    def __init__(self, text):
        self.text = text
        self.n = len(text)
        self.i = 0
        self.line = 1
        self.line_start = 0
        self.tokens = []
        self.newline = True
        self.depth = 0  # interpolations

    def advance(self, count=1):
        for _ in range(count):
            if self.i < self.n and self.text[self.i] == "\n":
                self.line += 1
                self.line_start = self.i + 1
            self.i += 1

    def emit(self, kind, start, line, column):
        self.tokens.append(Token(kind, self.text[start:self.i], line, column, self.newline, self.depth))
        self.newline = False

    def skip_block_comment(self):
        nesting = 0
        while self.i < self.n:
            if self.text.startswith("/*", self.i):
                nesting += 1
                self.advance(2)
            elif self.text.startswith("*/", self.i):
                nesting -= 1
                self.advance(2)
                if nesting == 0:
                    return
            else:
                if self.text[self.i] == "\n":
                    self.newline = True
                self.advance()

    def run(self, until_close_paren=False):
        """Lexes to the end, or (inside an interpolation) to the ')' that closes it."""
        text = self.text
        parens = 0
        while self.i < self.n:
            c = text[self.i]
            if c == "\n":
                self.newline = True
                self.advance()
                continue
            if c in " \t\r\f\v":
                self.advance()
                continue
            if text.startswith("//", self.i):
                while self.i < self.n and text[self.i] != "\n":
                    self.advance()
                continue
            if text.startswith("/*", self.i):
                self.skip_block_comment()
                continue
            start, line, column = self.i, self.line, self.i - self.line_start + 1
            if c == '"' or (c == "#" and self._raw_string_ahead()):
                self.string()
                continue
            if c == "#" and text.startswith("#/", self.i) or (c == "#" and self._raw_regex_ahead()):
                self.regex()
                self.tokens.append(Token(STRING, text[start:self.i], line, column, self.newline, self.depth))
                self.newline = False
                continue
            if c == "#" and self.i + 1 < self.n and _identifier_start(text[self.i + 1]):
                self.advance()
                while self.i < self.n and _identifier_part(text[self.i]):
                    self.advance()
                self.emit(POUND, start, line, column)
                continue
            if c == "`":
                end = text.find("`", self.i + 1)
                newline_at = text.find("\n", self.i + 1)
                if end != -1 and (newline_at == -1 or end < newline_at):
                    self.advance(end + 1 - self.i)
                    inner = text[start + 1:self.i - 1]
                    self.tokens.append(Token(IDENT if is_identifier(inner) else RAW_IDENT, inner, line, column,
                                             self.newline, self.depth))
                    self.newline = False
                    continue
            if _identifier_start(c) or (c == "$" and self.i + 1 < self.n and _identifier_part(text[self.i + 1])):
                self.advance()
                while self.i < self.n and _identifier_part(text[self.i]):
                    self.advance()
                self.emit(IDENT, start, line, column)
                continue
            if c.isdigit():
                self.number()
                self.emit(NUMBER, start, line, column)
                continue
            for multi in _MULTI:
                if text.startswith(multi, self.i):
                    self.advance(len(multi))
                    break
            else:
                if until_close_paren:
                    if c == "(":
                        parens += 1
                    elif c == ")":
                        if parens == 0:
                            self.advance()
                            return
                        parens -= 1
                self.advance()
            self.emit(PUNCT, start, line, column)

    def number(self):
        text = self.text
        previous = ""
        while self.i < self.n:
            c = text[self.i]
            if c.isalnum() or c == "_":
                pass
            elif c == "." and self.i + 1 < self.n and text[self.i + 1].isdigit():
                pass
            elif c in "+-" and previous in "eEpP" and not text.startswith("0x", self.i - 1):
                pass
            else:
                break
            previous = c
            self.advance()

    def _raw_string_ahead(self):
        j = self.i
        while j < self.n and self.text[j] == "#":
            j += 1
        return j < self.n and self.text[j] == '"'

    def _raw_regex_ahead(self):
        j = self.i
        while j < self.n and self.text[j] == "#":
            j += 1
        return j < self.n and self.text[j] == "/" and j > self.i

    def regex(self):
        hashes = 0
        while self.text[self.i] == "#":
            hashes += 1
            self.advance()
        self.advance()  # the /
        close = "/" + "#" * hashes
        end = self.text.find(close, self.i)
        self.advance((end if end != -1 else self.n) + len(close) - self.i)

    def string(self):
        text = self.text
        start, line, column = self.i, self.line, self.i - self.line_start + 1
        hashes = 0
        while text[self.i] == "#":
            hashes += 1
            self.advance()
        multiline = text.startswith('"""', self.i)
        self.advance(3 if multiline else 1)
        close = ('"""' if multiline else '"') + "#" * hashes
        escape = "\\" + "#" * hashes
        part_start, part_line, part_column = start, line, column
        while self.i < self.n:
            if text.startswith(close, self.i):
                self.advance(len(close))
                break
            if text.startswith(escape, self.i):
                after = self.i + len(escape)
                if after < self.n and text[after] == "(":
                    # The literal so far, then the interpolation's code as tokens.
                    self.advance(len(escape) + 1)
                    self.tokens.append(Token(STRING, text[part_start:self.i], part_line, part_column,
                                             self.newline, self.depth))
                    self.newline = False
                    self.depth += 1
                    self.run(until_close_paren=True)
                    self.depth -= 1
                    part_start, part_line, part_column = self.i, self.line, self.i - self.line_start + 1
                    continue
                self.advance(len(escape) + 1)
                continue
            if text[self.i] == "\n" and not multiline:
                break  # unterminated; the compiler would have said so
            self.advance()
        self.tokens.append(Token(STRING, text[part_start:self.i], part_line, part_column, self.newline, self.depth))
        self.newline = False


def tokenize(text):
    lexer = Lexer(text)
    lexer.run()
    return lexer.tokens
