"""Paths and readers shared by the test suites."""

from functools import lru_cache
from pathlib import Path

import yaml
from bs4 import BeautifulSoup
from sphinx.util.inventory import InventoryFile

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_build" / "site"
EDITIONS = ("en", "zh_CN")
OTHER_EDITION = {"en": "zh_CN", "zh_CN": "en"}
# the browser suites' viewports: a phone (the width issue #9 names) and a desktop
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@lru_cache(maxsize=None)
def parse(path):
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


@lru_cache(maxsize=None)
def entry_terms(path):
    """``{id: <dt>}`` of a page's entries: one walk of the page for all its objects."""
    return {dt["id"]: dt for dt in reversed(parse(path).find_all("dt", id=True))}  # the first of an id, as find()


@lru_cache(maxsize=None)
def inventory(edition):
    """``{name: (role, page#anchor)}`` of an edition's objects.inv."""
    with (SITE / edition / "objects.inv").open("rb") as handle:
        loaded = InventoryFile.load(handle, "", lambda uri, page: page)
    return {name: (role, item.uri) for role, items in loaded.items() for name, item in items.items()}


def pages(edition):
    """Every page of an edition, relative to the edition's root; the not-found page, which is
    served in place of any missing URL, is checked on its own."""
    root = SITE / edition
    return sorted(p.relative_to(root) for p in root.rglob("*.html")
                  if "_static" not in p.parts and p.name != "404.html")


def delivered_objects():
    """``[(section, pages, object name)]`` for every section the site delivers; ``pages`` is the
    tuple of pages the section is spread over (one for most)."""
    topics = yaml.safe_load((ROOT.parent / "shared" / "topics.yaml").read_text(encoding="utf-8"))
    delivered = yaml.safe_load((ROOT / "tests" / "delivered.yaml").read_text(encoding="utf-8"))
    return [
        (section, tuple([pages] if isinstance(pages, str) else pages), name)
        for section, pages in delivered.items()
        for name in topics["sections"][section]["objects"]
    ]
