"""Fill the gallery index catalogs from the scripts' own catalogs.

sphinx-gallery's index pages repeat each example's title (and its tooltip, the
script's first paragraph) on the example's card, so a card is translated once
its script is: ``make po`` copies every untranslated or fuzzy message of
``examples/**/index.po`` whose English text a script's catalog already
translates, and the ``:doc:`` card targets, which stay as they are.
"""

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "locale" / "zh_CN" / "LC_MESSAGES" / "examples"


def read_catalog(path):
    with path.open("rb") as handle:
        return read_po(handle)


def script_translations():
    """English text -> its translation, from every script catalog of the gallery."""
    known = {}
    for path in sorted(EXAMPLES.rglob("plot_*.po")):
        for message in read_catalog(path):
            if message.id and message.string and not message.fuzzy:
                known.setdefault(message.id, message.string)
    return known


def fill(path, known):
    """Fill ``path`` in place; returns how many messages it filled and which remain untranslated."""
    catalog = read_catalog(path)
    filled, missing = 0, []
    for message in catalog:
        if not message.id or (message.string and not message.fuzzy):
            continue
        if message.id.startswith(":doc:`") and message.id.endswith("`"):
            message.string = message.id
        elif message.id in known:
            message.string = known[message.id]
        else:
            missing.append(message.id)
            continue
        message.flags.discard("fuzzy")
        filled += 1
    if filled:
        with path.open("wb") as handle:
            write_po(handle, catalog, width=0)
    return filled, missing


def main():
    known = script_translations()
    for path in sorted(EXAMPLES.rglob("index.po")):
        filled, missing = fill(path, known)
        name = path.relative_to(ROOT)
        if filled:
            print(f"{name}: {filled} card messages filled from the scripts' catalogs")
        for text in missing:
            print(f"{name}: still untranslated: {text[:80]}", file=sys.stderr)


if __name__ == "__main__":
    main()
