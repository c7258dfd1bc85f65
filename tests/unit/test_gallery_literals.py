"""Inline literals in the Chinese text of gallery scripts (torchref/rst_literals.py says why)."""

from pathlib import Path

from babel.messages.pofile import read_po

from torchref.rst_literals import glued_literals

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = sorted((ROOT / "locale" / "zh_CN" / "LC_MESSAGES" / "examples").rglob("*.po"))


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
