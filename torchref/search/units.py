"""Cut a built page into the units a reader searches for: API entries, sections, pages."""

import copy
import re
from dataclasses import dataclass

from bs4 import BeautifulSoup

NOT_INDEXED = (
    "pre, div[class*=highlight], "
    "script, style, a.headerlink, .executed-example, .official-docs, .translation-behind, "
    ".not-executed, .sphx-glr-download-link-note, .sphx-glr-footer, .sphx-glr-signature"
)
SUMMARY_LENGTH = 480
SKIPPED_PAGES = {"genindex.html", "search.html", "py-modindex.html"}


@dataclass
class Unit:
    url: str  # page path, with #anchor below the page's top
    kind: str  # "api", "section", "page", or "example" (anything on a gallery page)
    name: str  # the documented object's name, for API entries
    title: str
    text: str

    @property
    def summary(self):
        """The start of the text, from which the browser cuts a snippet around the match."""
        return self.text[:SUMMARY_LENGTH]


def clean_text(element):
    return re.sub(r"\s+", " ", element.get_text(" ")).replace(" ¶", "").strip()


def own_text(section):
    """A section's text without its subsections and API entries (units of their own)."""
    section = copy.copy(section)
    for nested in section.select("section, dl.py"):
        nested.decompose()
    heading = section.find(re.compile(r"^h[1-6]$"))
    if heading:
        heading.decompose()
    return clean_text(section)


def page_units(html, page):
    """The units of one page (``page`` is its path relative to the edition's root)."""
    soup = BeautifulSoup(html, "html.parser")
    article = soup.select_one("article.bd-article") or soup.body
    for hidden in article.select(NOT_INDEXED):
        hidden.decompose()
    if page.startswith("examples/"):
        # A gallery page is one result: its sections retell the entries that embed them.
        heading = article.find("h1")
        return [Unit(url=page, kind="example", name="", title=clean_text(heading) if heading else page,
                     text=clean_text(article).removeprefix(clean_text(heading) if heading else "").strip())]
    units = []
    for section in article.select("section[id]"):
        heading = section.find(re.compile(r"^h[1-6]$"))
        if heading is None:
            continue
        top = heading.name == "h1"
        text = own_text(section)
        if not top and not text:
            continue  # a heading that only groups entries: the entries are the units
        units.append(Unit(
            url=page if top else f"{page}#{section['id']}",
            kind="page" if top else "section",
            name="",
            title=clean_text(heading),
            text=text,
        ))
    for signature in article.select("dl.py > dt[id]"):
        body = copy.copy(signature.find_next_sibling("dd"))
        for nested in body.select("dl.py"):
            nested.decompose()
        units.append(Unit(
            url=f"{page}#{signature['id']}",
            kind="api",
            name=signature["id"],
            title=signature["id"],
            text=clean_text(body),
        ))
    return units


def edition_units(edition_dir):
    """``{url: Unit}`` for every searchable page of one built edition."""
    found = {}
    for path in sorted(edition_dir.rglob("*.html")):
        page = path.relative_to(edition_dir).as_posix()
        if page in SKIPPED_PAGES or page.startswith(("_static/", "_sources/")):
            continue
        for unit in page_units(path.read_text(encoding="utf-8"), page):
            found.setdefault(unit.url, unit)
    return found
