"""The published stylesheets keep every rule the pages use (torchref/usedcss.py).

Chromium asks each page, light and dark, at phone and desktop widths and with the navigation
drawer open, which selectors of the full stylesheets (as the theme and extensions ship them)
match one of its elements; each of those must still be in the published, purged stylesheet.
Interaction states (:hover, :focus, ...) and pseudo-elements are taken off before asking, so a
rule for a hovered link counts when the link is there.
"""

from pathlib import Path

import pydata_sphinx_theme
import pytest
import sphinx_book_theme
import sphinx_copybutton
import sphinx_gallery

from helpers import DESKTOP, PHONE, ROOT, SITE
from torchref import usedcss

SOURCES = {
    "_static/styles/pydata-sphinx-theme.css":
        Path(pydata_sphinx_theme.__file__).parent / "theme/pydata_sphinx_theme/static/styles/pydata-sphinx-theme.css",
    "_static/styles/sphinx-book-theme.css":
        Path(sphinx_book_theme.__file__).parent / "theme/sphinx_book_theme/static/styles/sphinx-book-theme.css",
    "_static/sg_gallery.css": Path(sphinx_gallery.__file__).parent / "_static/sg_gallery.css",
    "_static/copybutton.css": Path(sphinx_copybutton.__file__).parent / "_static/copybutton.css",
    "_static/torchref.css": ROOT / "torchref/static/torchref.css",
}
PAGES = ["index.html", "tensors/index.html", "tensors/views.html", "examples/tensors/plot_views_and_strides.html",
         "examples/index.html", "search.html?q=torch.cat", "genindex.html", "glossary.html", "404.html"]

MATCHING = """selectors => selectors.filter(selector => {
  const asked = selector
    .replace(/::?(before|after|placeholder|selection|marker|backdrop|file-selector-button|-webkit-[\\w-]+|-moz-[\\w-]+)\\b/g, "")
    .replace(/:(hover|focus|focus-visible|focus-within|active|visited|link|target)\\b/g, "")
    .trim() || "*";
  try { return document.querySelector(asked) !== null; } catch (error) { return false; }
})"""


def selectors(items):
    for rules, index in usedcss.style_rules(items):
        yield from usedcss.split_selectors(rules[index][0])


def published_selectors(tab, server):
    """The selectors of the stylesheets the page links, as published."""
    hrefs = tab.evaluate("() => [...document.querySelectorAll('link[rel=stylesheet]')].map(l => l.href)")
    found = set()
    for href in hrefs:
        assert href.startswith(server), href
        path = SITE / href.removeprefix(server + "/").split("?")[0]
        found.update(selectors(usedcss.parse(path.read_text(encoding="utf-8"))))
    return found


def source_selectors():
    return sorted({s for path in SOURCES.values() for s in selectors(usedcss.parse(path.read_text(encoding="utf-8")))})


def page_states(tab):
    """Light and dark; at desktop width, then at phone width with the navigation drawer open."""
    for mode in ("light", "dark"):
        tab.evaluate("mode => { document.documentElement.dataset.mode = mode;"
                     " document.documentElement.dataset.theme = mode; }", mode)
        yield f"{mode}, desktop"
    tab.set_viewport_size(PHONE)
    toggle = tab.locator("button.primary-toggle:visible").first
    if toggle.count():
        toggle.click()
        tab.wait_for_timeout(300)
        yield "dark, phone, drawer open"


@pytest.mark.parametrize("page", PAGES)
def test_every_rule_a_page_uses_is_published(browser, server, edition, page):
    tab = browser.new_page(viewport=DESKTOP)
    try:
        tab.goto(f"{server}/{edition}/{page}", wait_until="networkidle")
        wanted = source_selectors()
        published = published_selectors(tab, server)
        missing = {}
        for state in page_states(tab):
            for selector in tab.evaluate(MATCHING, wanted):
                if selector not in published:
                    missing.setdefault(selector, state)
        assert not missing, f"{edition}/{page}: rules its elements match were purged: {missing}"
    finally:
        tab.close()
