"""Chinese-edition safeguards: every page has a catalog, and a page that falls back shows it."""

from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

from .ui import _, ui_paragraph

logger = logging.getLogger(__name__)


def catalog_path(app, docname):
    locale_dir = (Path(app.srcdir) / app.config.locale_dirs[0]).resolve()
    return locale_dir / app.config.language / "LC_MESSAGES" / f"{docname}.po"


def require_catalogs(app, env, docnames):
    """A translated edition must not silently publish English pages."""
    if app.config.language == "en":
        return
    for docname in sorted(docnames):
        path = catalog_path(app, docname)
        if not path.exists():
            logger.warning(
                f"missing translation catalog {path.relative_to(Path(app.srcdir).parent)} "
                "(run 'make po' and translate it)",
                location=docname, type="torchref", subtype="missing-catalog",
            )


def fell_back_to_english(node):
    """Whether gettext left ``node`` in English. Sphinx never marks a translated
    toctree as translated, so its caption is compared instead."""
    if isinstance(node, addnodes.toctree):
        return bool(node.get("rawcaption")) and node.get("caption") == node["rawcaption"]
    return node.get("translated") is False


def mark_untranslated_pages(app, doctree, docname):
    """Put a notice on top of a page whose translation is behind the English text."""
    if app.config.language == "en":
        return
    behind = [n for n in doctree.findall(nodes.Element) if "translated" in n and fell_back_to_english(n)]
    if not behind:
        return
    notice = nodes.container(classes=["translation-behind"])
    notice += ui_paragraph(_(
        "Part of this page has not been translated yet: {count} passage(s) are shown in English."
    ).format(count=len(behind)))
    sections = list(doctree.findall(nodes.section))
    target = sections[0] if sections else doctree
    target.insert(1 if sections else 0, notice)


class KeepEntryFieldLabels(SphinxTransform):
    """The labels of an entry's fields ("Parameters", "Returns") come from Sphinx's
    own catalog, already translated; looked up again in the page's catalog they
    would count as untranslated text."""

    default_priority = 10  # before sphinx.transforms.i18n.Locale (20)

    def apply(self):
        for label in self.document.findall(nodes.field_name):
            if isinstance(label.parent.parent.parent, addnodes.desc_content):
                label["translatable"] = False
