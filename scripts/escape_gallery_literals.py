"""Write an escaped space between each inline literal of the Chinese gallery catalogs and a character
that does not end it (torchref/rst_literals.py says why); prints how many it wrote.

    python scripts/escape_gallery_literals.py
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from torchref.rst_literals import LITERAL, glued  # noqa: E402

CATALOGS = sorted((ROOT / "locale" / "zh_CN" / "LC_MESSAGES" / "examples").rglob("*.po"))

ESCAPED_SPACE = "\\\\ "  # as a .po string writes a backslash and a space


def escaped(line):
    """A msgstr line of a catalog (``-w 0``: one message per line) with its glued literals set apart."""
    out, position, count = [], 0, 0
    for match in LITERAL.finditer(line):
        before, after = glued(line, match)
        out.append(line[position:match.start()] + ESCAPED_SPACE * before + match.group() + ESCAPED_SPACE * after)
        position, count = match.end(), count + before + after
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
