"""The extension's own interface strings, translated through a gettext catalog.

The catalog ``torchref/locale/<lang>/LC_MESSAGES/torchref.po`` is compiled at
start-up, so no binary ``.mo`` file is kept in the repository.
"""

from pathlib import Path

from babel.messages.mofile import write_mo
from docutils import nodes
from babel.messages.pofile import read_po
from sphinx.errors import ConfigError
from sphinx.locale import get_translation

CATALOG = "torchref"
LOCALE_DIR = Path(__file__).parent / "locale"

_translate = get_translation(CATALOG)


def _(message):
    """``message`` in the build's language (looked up when called, not when imported)."""
    return str(_translate(message))


def compile_catalog(language):
    """Compile the catalog of ``language`` (``en`` needs none); fail if it is missing."""
    if language == "en":
        return
    po_file = LOCALE_DIR / language / "LC_MESSAGES" / f"{CATALOG}.po"
    if not po_file.exists():
        raise ConfigError(f"missing translation catalog for language {language!r}: {po_file}")
    mo_file = po_file.with_suffix(".mo")
    if not mo_file.exists() or mo_file.stat().st_mtime < po_file.stat().st_mtime:
        with po_file.open("rb") as po, mo_file.open("wb") as mo:
            write_mo(mo, read_po(po, locale=language))


def ui_paragraph(text="", classes=()):
    """A paragraph the extension writes itself: already in the build's language,
    so gettext must neither extract nor translate it."""
    return nodes.paragraph(text=text, classes=list(classes), translatable=False)
