"""Chinese-edition safeguards: every page has a catalog, and a page that falls back shows it."""

from pathlib import Path

from docutils import nodes
from sphinx.util import logging

from .ui import _

logger = logging.getLogger(__name__)


def catalog_path(app, docname):
    locale_dir = Path(app.confdir, app.config.locale_dirs[0])
    return locale_dir / app.config.language / "LC_MESSAGES" / f"{docname}.po"


def require_catalogs(app, env, docnames):
    """A translated edition must not silently publish English pages."""
    if app.config.language == "en":
        return
    for docname in sorted(docnames):
        path = catalog_path(app, docname)
        if not path.exists():
            logger.warning(
                f"missing translation catalog {path.relative_to(app.confdir)} "
                "(run 'make po' and translate it)",
                location=docname, type="torchref", subtype="missing-catalog",
            )


def mark_untranslated_pages(app, doctree, docname):
    """Put a notice on top of a page whose translation is behind the English text."""
    if app.config.language == "en":
        return
    behind = [n for n in doctree.findall(nodes.Element) if "untranslated" in n.get("classes", ())]
    if not behind:
        return
    notice = nodes.container(classes=["translation-behind"])
    notice += nodes.paragraph(text=_(
        "Part of this page has not been translated yet: {count} passage(s) are shown in English."
    ).format(count=len(behind)))
    sections = list(doctree.findall(nodes.section))
    target = sections[0] if sections else doctree
    target.insert(1 if sections else 0, notice)
