"""Interface strings that the theme hard-codes in English, in the build's language.

sphinx-book-theme builds its search placeholder from a catalog that has no
Chinese for it, and writes a few tooltips and landmark names straight into its
templates ("Toggle primary sidebar", ``aria-label="Main"``). The placeholder is
set here through the page context; the template literals are replaced in the
written pages of a translated edition (sphinx-book-theme 1.4 has no option for them).
"""

from pathlib import Path

from .ui import _

# attribute="English text" as the theme's templates write them
TEMPLATE_LITERALS = (
    ("title", "Toggle primary sidebar"),
    ("title", "Toggle secondary sidebar"),
    ("aria-label", "Main"),
    ("aria-label", "Page"),
)


def search_placeholder(app, pagename, templatename, context, doctree):
    context["theme_search_bar_text"] = _("Search…")


def template_literals():
    return {f'{attribute}="{text}"': f'{attribute}="{_(text)}"' for attribute, text in TEMPLATE_LITERALS}


def translate_template_literals(app, exception):
    if exception or app.config.language == "en" or app.builder.format != "html":
        return
    replacements = template_literals()
    for page in Path(app.outdir).rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        changed = html
        for english, translated in replacements.items():
            changed = changed.replace(english, translated)
        if changed != html:
            page.write_text(changed, encoding="utf-8")


def setup(app):
    app.connect("html-page-context", search_placeholder, priority=900)  # after the theme's own
    app.connect("build-finished", translate_template_literals)
