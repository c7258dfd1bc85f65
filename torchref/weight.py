"""What every page downloads: only what the site uses, and nothing that blocks rendering needlessly.

- Sphinx's stock search (``searchindex.js``, ``searchtools.js``, ``language_data.js``,
  ``sphinx_highlight.js``) is neither written nor loaded: the site has its own search
  (``_search/search.js``, loaded by the search page only), so the search page is an
  additional page of our own template.
- The theme's ``fontawesome.js`` (1.5 MB) is not loaded (``templates/layout.html``) nor
  published: the theme's stylesheet already draws ``<i class="fa-...">`` icons from its
  webfont.
- Scripts that are not needed to render the page are deferred (they keep their order); the one
  that must run first (``documentation_options.js``, 300 bytes) is written into the page.
- The theme's template fragments (``_static/*webpack-macros.html``) are not published as pages.
- The theme's icon font and its icon rules keep only the icons the site shows: a few kilobytes
  instead of a 115 KB font and 66 KB of CSS rules for 2,000 icons on every first visit.
- The site's own scripts are published without their comments and indentation (rjsmin); the
  search page's carries the index's table (``_search/search.js``): one download, not two.
- Highlighted code has no ``<span>`` for the tokens that both of the theme's colour schemes
  draw in the code's plain colour (names, punctuation, whitespace): the same look in half the
  bytes (the API pages are mostly highlighted example code).
"""

import os
import re
import shutil
import zlib
from pathlib import Path

import pydata_sphinx_theme
import rjsmin
from fontTools import subset
from fontTools.ttLib import TTFont

from pygments.formatters import HtmlFormatter
from pygments.styles import get_style_by_name
from pygments.token import STANDARD_TYPES, Text
from sphinx.builders.html._assets import _JavaScript
from sphinx.util import logging

from .filescans import FileScans

logger = logging.getLogger(__name__)

DROPPED_SCRIPTS = {"searchtools.js", "language_data.js", "sphinx_highlight.js"}
# documentation_options.js stays synchronous, since the inline scripts after it set its fields, but is
# written into the page: 300 bytes are cheaper than a request that blocks the first paint.
INLINED_SCRIPTS = {"documentation_options.js"}
DEFERRED_SCRIPTS = {"doctools.js", "translations.js", "sg-tags.js", "torchref.js", "scripts/sphinx-book-theme.js",
                    "clipboard.min.js", "copybutton.js"}
# torchref-search.js stays in _static (the stylesheet purge reads the scripts there), but the search
# page loads it from _search/search.js, with the index's table (search/index.py)
OWN_SCRIPTS = ["torchref.js", "torchref-search.js"]
UNPUBLISHED = ["_static/webpack-macros.html", "_static/sbt-webpack-macros.html",
               "_static/scripts/fontawesome.js", "_static/scripts/fontawesome.js.map",
               "_static/scripts/fontawesome.js.LICENSE.txt", "_static/searchtools.js",
               "_static/language_data.js", "_static/sphinx_highlight.js"]


def use_own_search(app, config):
    """Sphinx writes no index of its own; the search page is ``templates/search.html``."""
    config.html_additional_pages = {**config.html_additional_pages, "search": "search.html"}


def disable_stock_search(app):
    if app.builder.format == "html":
        app.builder.search = False


def plain_token_types(style_names):
    """The token types every style draws exactly as plain text."""
    styles = [get_style_by_name(name) for name in style_names]
    return frozenset(
        ttype for ttype in STANDARD_TYPES
        if ttype is not Text and all(style.style_for_token(ttype) == style.style_for_token(Text) for style in styles))


class LeanHtmlFormatter(HtmlFormatter):
    plain = frozenset()

    def _get_css_classes(self, ttype):
        return "" if ttype in self.plain else super()._get_css_classes(ttype)


def lean_highlighting(app):
    highlighter = getattr(app.builder, "highlighter", None)
    theme = getattr(app.builder, "theme", None)
    if highlighter is None or theme is None:
        return
    options = theme.get_options(app.config.html_theme_options)
    names = [options.get("pygments_light_style"), options.get("pygments_dark_style")]
    if not all(names):
        return
    formatter = type("LeanHtmlFormatter", (LeanHtmlFormatter,), {"plain": plain_token_types(names)})
    highlighter.formatter = formatter


def lighten_scripts(app, pagename, templatename, context, doctree):
    scripts = []
    for script in context.get("script_files", []):
        name = os.fspath(getattr(script, "filename", "") or "").removeprefix("_static/")
        if name in DROPPED_SCRIPTS:
            continue
        if name in INLINED_SCRIPTS and (source := Path(app.outdir) / "_static" / name).exists():
            # Sphinx has copied the static files before writing the pages
            script = _JavaScript("", priority=script.priority, body=source.read_text(encoding="utf-8").strip())
        if name in DEFERRED_SCRIPTS and "defer" not in script.attributes and "async" not in script.attributes:
            script = _JavaScript(script.filename, priority=script.priority, **script.attributes, defer="defer")
        scripts.append(script)
    context["script_files"] = scripts


THEME_STATIC = Path(pydata_sphinx_theme.__file__).parent / "theme" / "pydata_sphinx_theme" / "static"
ICON_CSS = "styles/pydata-sphinx-theme.css"
ICON_FONT = "vendor/fontawesome/webfonts/fa-solid-900.woff2"
ICON_RULE = re.compile(r'(?P<selectors>\.fa-[a-z0-9-]+(?:,\.fa-[a-z0-9-]+)*)\{--fa:"(?P<glyph>[^"]*)"\}')
ICON_NAME = re.compile(r"\bfa-[a-z0-9-]+")
PRIVATE_USE = re.compile("[\ue000-\uf8ff]")


def css_glyphs(text):
    """The characters of a CSS string: ``\\f0c9`` escapes or the characters themselves."""
    return {chr(int(code, 16)) for code in re.findall(r"\\([0-9a-fA-F]{1,6}) ?", text)} | set(re.sub(r"\\[0-9a-fA-F]{1,6} ?", "", text))


def icon_names(text):
    return sorted(set(ICON_NAME.findall(text)))


def trim_icons(outdir, cache_dir=None):
    """Keep the icon rules and glyphs of the icons named in the pages and scripts, and every glyph
    the theme's stylesheet itself uses (admonitions, links). With ``cache_dir``, each file's icon
    names and the font cut to each set of glyphs are kept there: a build reads only the files
    written since the last, and cuts the font again only for another set of glyphs. Returns the
    files' findings (filescans.FileScans), which the stylesheet purge keeps current when it rewrites
    a page's links."""
    css_source = THEME_STATIC / ICON_CSS
    font_source = THEME_STATIC / ICON_FONT
    if not (css_source.exists() and font_source.exists() and (outdir / "_static" / ICON_CSS).exists()):
        return None
    scans = FileScans(cache_dir and Path(cache_dir) / "icon-names.json", version=ICON_NAME.pattern)
    used = set()
    for path in outdir.rglob("*"):
        if path.suffix in (".html", ".js") and path.is_file():
            used.update(scans.findings(path, icon_names))
    scans.save()
    logger.info(f"[torchref] icons trimmed to the {len(used)} the site names ({scans.scanned} files scanned)")
    glyphs = set()

    def keep_used(match):
        if used & {name.lstrip(".") for name in match.group("selectors").split(",")}:
            glyphs.update(css_glyphs(match.group("glyph")))
            return match.group(0)
        return ""

    css = ICON_RULE.sub(keep_used, css_source.read_text(encoding="utf-8"))
    glyphs.update(PRIVATE_USE.findall(css))
    (outdir / "_static" / ICON_CSS).write_text(css, encoding="utf-8")
    key = zlib.crc32(f"{pydata_sphinx_theme.__version__}:{''.join(sorted(glyphs))}".encode())
    cut = Path(cache_dir) / f"icons-{key:08x}.woff2" if cache_dir else None
    if cut is None or not cut.exists():
        cut_font(font_source, glyphs, cut or outdir / "_static" / ICON_FONT)
    if cut is not None:
        shutil.copyfile(cut, outdir / "_static" / ICON_FONT)
    return scans


def cut_font(font_source, glyphs, target):
    font = TTFont(font_source, recalcTimestamp=False)  # the same bytes from every build
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(glyph) for glyph in glyphs))
    subsetter.subset(font)
    font.flavor = "woff2"
    Path(target).parent.mkdir(parents=True, exist_ok=True)
    font.save(target)


def minify_scripts(outdir):
    """The site's own scripts as published: the same code, without comments and indentation."""
    for name in OWN_SCRIPTS:
        path = outdir / "_static" / name
        if path.exists():
            code = path.read_text(encoding="utf-8")
            if (minified := rjsmin.jsmin(code)) != code:
                path.write_text(minified, encoding="utf-8")


def remove_unpublished(app, exception):
    if exception is None and app.builder.format == "html":
        for name in UNPUBLISHED:
            path = app.outdir / name
            if path.exists():
                path.unlink()
        app._torchref_icon_scans = trim_icons(Path(app.outdir), Path(app.doctreedir) / "icons")
        minify_scripts(Path(app.outdir))


def setup(app):
    app.connect("config-inited", use_own_search)
    app.connect("builder-inited", disable_stock_search)
    app.connect("builder-inited", lean_highlighting)
    app.connect("html-page-context", lighten_scripts, priority=900)
    app.connect("build-finished", remove_unpublished)
