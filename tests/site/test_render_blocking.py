"""What a page's first paint waits for: one stylesheet, of the rules the site uses (torchref/usedcss.py)."""

from urllib.parse import urljoin, urlsplit

import pytest

from helpers import EDITIONS, SITE, pages, parse

# The purged bundle is about 125 KB; the theme's sheets alone were 379 KB before the purge.
MAX_STYLESHEET_KB = 160


def blocking(edition, page):
    """The stylesheets and synchronous external scripts in the page's <head>, as site paths."""
    head = parse(SITE / edition / page).head
    base = f"/{edition}/{page}"
    sheets = [urlsplit(urljoin(base, link["href"])).path for link in head.find_all("link", rel="stylesheet")
              if "media" not in link.attrs]
    scripts = [urlsplit(urljoin(base, s["src"])).path for s in head.find_all("script", src=True)
               if not ({"defer", "async"} & set(s.attrs)) and s.get("type") != "module"]
    return sheets, scripts


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_page_waits_for_one_small_stylesheet_and_no_script(edition):
    problems = []
    for page in [p.as_posix() for p in pages(edition)] + ["404.html"]:
        sheets, scripts = blocking(edition, page)
        if len(sheets) != 1:
            problems.append(f"{page}: {len(sheets)} stylesheets {sheets}")
            continue
        path = SITE / sheets[0].lstrip("/")
        size = path.stat().st_size / 1024 if path.exists() else None
        if size is None or size > MAX_STYLESHEET_KB:
            problems.append(f"{page}: {sheets[0]} is {size and round(size)} KB (at most {MAX_STYLESHEET_KB})")
        if scripts:
            problems.append(f"{page}: scripts block the first paint: {scripts}")
    assert not problems, "\n".join(problems)
