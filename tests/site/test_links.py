"""No broken internal link, anchor or download in either edition."""

from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

from helpers import SITE, pages, parse

LINK_ATTRIBUTES = (("a", "href"), ("link", "href"), ("script", "src"), ("img", "src"))


def internal_targets(html):
    for tag, attribute in LINK_ATTRIBUTES:
        for element in html.find_all(tag, attrs={attribute: True}):
            url = urlsplit(element[attribute])
            if url.scheme or url.netloc or element[attribute].startswith(("mailto:", "javascript:")):
                continue
            yield element[attribute], unquote(url.path), url.fragment


@lru_cache(maxsize=None)
def ids_of(path):
    html = parse(path)
    return {e["id"] for e in html.find_all(id=True)} | {e["name"] for e in html.find_all("a", attrs={"name": True})}


def test_internal_links_and_anchors_resolve(edition):
    broken = []
    for page in pages(edition) + [Path("404.html")]:
        source = SITE / edition / page
        for href, path, fragment in internal_targets(parse(source)):
            if path.startswith("/"):  # the site is served at the root of make serve's address
                target = SITE / path.lstrip("/")
            else:
                target = (source.parent / path).resolve() if path else source
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{page}: {href} (missing file)")
            elif fragment and target.suffix == ".html" and fragment not in ids_of(target):
                broken.append(f"{page}: {href} (missing anchor)")
    assert broken == []


def test_downloads_resolve_and_include_the_zip(edition):
    downloads = set()
    for page in pages(edition):
        source = SITE / edition / page
        for anchor in parse(source).find_all("a", class_="download"):
            target = (source.parent / unquote(anchor["href"])).resolve()
            assert target.is_file() and target.stat().st_size > 0, f"{page}: {anchor['href']}"
            downloads.add(target.suffix)
    assert {".py", ".ipynb", ".zip"} <= downloads
