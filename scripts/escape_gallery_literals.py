"""Write an escaped space between each inline literal of the Chinese gallery catalogs and a character
that does not end it (tests/unit/test_gallery_literals.py says why); prints how many it wrote.

    python scripts/escape_gallery_literals.py
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "unit"))

from test_gallery_literals import AFTER, BEFORE, CATALOGS, LITERAL, delimits  # noqa: E402

ESCAPED_SPACE = "\\\\ "  # as a .po string writes a backslash and a space


def escaped(line):
    """A msgstr line of a catalog (``-w 0``: one message per line) with its glued literals set apart."""
    out, position, count = [], 0, 0
    for match in LITERAL.finditer(line):
        start, end = match.span()
        before = "" if start == 0 or delimits(line[start - 1], BEFORE) else ESCAPED_SPACE
        after = "" if end == len(line) or delimits(line[end], AFTER) else ESCAPED_SPACE
        out.append(line[position:start] + before + match.group() + after)
        position, count = end, count + bool(before) + bool(after)
    return "".join(out) + line[position:], count


def main():
    total = 0
    for catalog in CATALOGS:
        lines = catalog.read_text(encoding="utf-8").split("\n")
        in_msgstr = False
        for number, line in enumerate(lines):
            in_msgstr = line.startswith("msgstr") or (in_msgstr and line.startswith('"'))
            if in_msgstr:
                lines[number], count = escaped(line)
                total += count
        catalog.write_text("\n".join(lines), encoding="utf-8")
    print(f"{total} escaped spaces written")


if __name__ == "__main__":
    main()
