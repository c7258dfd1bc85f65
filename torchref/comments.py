"""Comments inside example code, as translatable messages.

A run of whole-line comments is one message (its lines joined by spaces); a
comment after code on the same line is one message. The Chinese edition
replaces the text of each comment by its translation and leaves every other
character of the code as it is: ``strip_comments`` of both is the same code.
"""

import io
import re
import tokenize
import unicodedata

# Comments that are directives, not prose: sphinx-gallery's and the build's own.
NOT_PROSE = re.compile(r"^(%%|requires:|also-on:|sphinx_gallery_|noqa|type:|fmt:|pragma)")


def _comment_tokens(code):
    try:
        return [t for t in tokenize.generate_tokens(io.StringIO(code).readline) if t.type == tokenize.COMMENT]
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return []


def comment_groups(code):
    """``[(text, [(line, column), ...])]``: each message with the places of its comment tokens
    (0-based line, column of ``#``)."""
    lines = code.splitlines()
    groups = []
    previous = None  # (line, column) of the last whole-line comment in the open group
    for token in _comment_tokens(code):
        (row, column) = token.start
        line = row - 1
        text = token.string[1:].strip()
        whole_line = not lines[line][:column].strip()
        prose = bool(text) and not NOT_PROSE.match(text) and any(c.isalpha() for c in text)
        if whole_line and prose and previous and previous == (line - 1, column) and groups:
            groups[-1][0].append(text)
            groups[-1][1].append((line, column))
        elif prose:
            groups.append(([text], [(line, column)]))
        previous = (line, column) if whole_line and prose else None
    return [(" ".join(texts), places) for texts, places in groups]


def messages(code):
    """The distinct comment messages of ``code``, in order."""
    return list(dict.fromkeys(text for text, _ in comment_groups(code)))


def _width(text):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wrap(text, width):
    """Lines of at most ``width`` columns (a Chinese character takes two), broken at spaces or
    between Chinese characters."""
    lines, current = [], ""
    for piece in re.findall(r"[\u3000-\u9fff\uff00-\uffef]|[^\s\u3000-\u9fff\uff00-\uffef]+|\s+", text):
        if piece.isspace():
            piece = " "
        if current and _width(current + piece.rstrip()) > width:
            lines.append(current.rstrip())
            current = piece.lstrip()
        else:
            current += piece
    if current.strip():
        lines.append(current.rstrip())
    return lines or [text]


def translate_comments(code, lookup):
    """``code`` with each comment message that ``lookup`` (a dict) translates replaced."""
    lines = code.splitlines(keepends=True)
    replaced = {}  # line -> new text of that line (None: drop the line)
    for text, places in comment_groups(code):
        translation = lookup.get(text)
        if not translation or translation == text:
            continue
        (first, column) = places[0]
        prefix = lines[first][:column]
        ending = "\n" if lines[places[-1][0]].endswith("\n") else ""
        if len(places) == 1:
            replaced[first] = f"{prefix}# {translation}{ending}"
            continue
        width = max(len(lines[line].rstrip("\n")) - column - 2 for line, _ in places)
        wrapped = wrap(translation, max(width, 20))
        replaced[first] = "".join(f"{prefix}# {piece}\n" for piece in wrapped)
        if not ending:
            replaced[first] = replaced[first][:-1]
        for line, _ in places[1:]:
            replaced[line] = None
    return "".join(replaced.get(n, line) or "" if n in replaced else line for n, line in enumerate(lines))


def strip_comments(code):
    """The code without its comments and trailing spaces, line by line, blank lines dropped:
    what must be identical in both editions."""
    lines = code.splitlines()
    for token in reversed(_comment_tokens(code)):
        row, column = token.start
        lines[row - 1] = lines[row - 1][:column]
    return "\n".join(line.rstrip() for line in lines if line.strip())
