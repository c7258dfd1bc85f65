"""Inline literals in the Chinese text of gallery scripts.

A gallery script's text is reStructuredText, and docutils ends an inline literal only where the
closing ``````  is followed by a space or by punctuation of certain kinds; a Chinese character or an
opening full-width bracket ("（") is neither. ``````forward``（参数`````` then runs on to the next
``````, and the page shows the sentence as code without a warning. Between a literal and a
character that is not such a delimiter, the catalog writes an escaped space, ``\\ ``, which
reStructuredText removes.
"""

import re
import unicodedata
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = sorted((ROOT / "locale" / "zh_CN" / "LC_MESSAGES" / "examples").rglob("*.po"))
LITERAL = re.compile(r"``[^`\s](?:[^`]*[^`\s])?``")
# what may follow a closing or precede an opening delimiter (docutils' inline markup rules)
AFTER = set(" -.,:;!?\\/'\")]}>") | {"Pd", "Po", "Pe", "Pf", "Pi"}
BEFORE = set(" -:/'\"<([{") | {"Pd", "Po", "Ps", "Pi", "Pf"}


def delimits(char, allowed):
    return char.isspace() or char in allowed or unicodedata.category(char) in allowed


def glued_literals(text):
    """The literals of ``text`` that touch a character docutils does not take as their edge."""
    return [match.group() for match in LITERAL.finditer(text)
            if (match.end() < len(text) and not delimits(text[match.end()], AFTER))
            or (match.start() > 0 and not delimits(text[match.start() - 1], BEFORE))]


def test_the_rule_catches_a_glued_literal_and_accepts_an_escaped_space():
    assert glued_literals("参数传给 ``forward``（即调用）") == ["``forward``"]
    assert glued_literals("调用``forward`` 时") == ["``forward``"]
    assert glued_literals("参数传给 ``forward``\\ （即调用）") == []
    assert glued_literals("``x``、``y``，以及 ``z``。") == []


def test_every_literal_of_the_gallery_catalogs_is_closed():
    found = []
    for catalog in CATALOGS:
        with catalog.open("rb") as handle:
            for message in read_po(handle):
                for literal in glued_literals(message.string or "") if message.id else []:
                    found.append(f"{catalog.relative_to(ROOT)}:{message.lineno}: {literal} touches a character "
                                 "that does not end it: write an escaped space beside it (python scripts/escape_gallery_literals.py)")
    assert not found, "\n".join(found)
