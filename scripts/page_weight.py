"""Bytes and requests of a cold load of each kind of page, both editions (``make page-weight``).

Each page is opened in a fresh Chromium context (an empty cache) from a local
server (``python -m http.server`` semantics: nothing is compressed, so the
figures are the uncompressed bytes), and every response until the network is
idle is counted: the page, its styles, scripts, fonts, images and, on the
search page, the search index shards a query fetches. API pages are every page
with an API entry; their row is the heaviest of them, which must stay under
the target.
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from local_site import launch_chromium, serve  # noqa: E402

SITE = ROOT / "_build" / "site"
EDITIONS = ("en", "zh_CN")
API_TARGET = 1_000_000  # bytes, uncompressed, of any API page's cold load
KINDS = [  # (kind, page) besides the API pages
    ("home", "index.html"),
    ("section", "tensors/index.html"),
    ("example", "examples/tensors/plot_views_and_strides.html"),
    ("search", "search.html?q=torch.cat"),
]


def api_pages(site, edition):
    root = site / edition
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*.html")
                  if "_static" not in p.parts and not p.name.startswith("plot_")
                  and 'class="py ' in p.read_text(encoding="utf-8"))


def cold_load(browser, url):
    """(bytes, requests, {resource type: bytes}) of one cold load of ``url``."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    sizes = []
    page.on("requestfinished", lambda request: sizes.append(
        (request.resource_type, request.sizes()["responseBodySize"])))
    page.goto(url, wait_until="networkidle")
    context.close()
    by_type = {}
    for kind, size in sizes:
        by_type[kind] = by_type.get(kind, 0) + size
    return sum(size for _, size in sizes), len(sizes), by_type


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (default: _build/site)")
    args = parser.parse_args(argv)
    site = args.site
    from playwright.sync_api import sync_playwright

    failed = []
    with serve(site) as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        print(f"cold loads at 390x844, uncompressed; target: every API page <= {API_TARGET / 1e6:.1f} MB")
        print(f"{'edition':8} {'kind':8} {'page':52} {'KB':>8} {'requests':>8}  script KB  style KB  font KB")
        for edition in EDITIONS:
            rows = [(kind, page) for kind, page in KINDS]
            heaviest = None
            for page in api_pages(site, edition):
                total, requests, by_type = cold_load(browser, f"{server}/{edition}/{page}")
                if total > API_TARGET:
                    failed.append(f"{edition}/{page}: {total} bytes")
                if heaviest is None or total > heaviest[1]:
                    heaviest = (page, total, requests, by_type)
            for kind, page in rows[:2] + [("api max", None)] + rows[2:]:
                if page is None:
                    page, total, requests, by_type = heaviest
                else:
                    total, requests, by_type = cold_load(browser, f"{server}/{edition}/{page}")
                print(f"{edition:8} {kind:8} {page:52} {total / 1000:8.1f} {requests:8d}"
                      f"  {by_type.get('script', 0) / 1000:9.1f} {by_type.get('stylesheet', 0) / 1000:9.1f}"
                      f" {by_type.get('font', 0) / 1000:8.1f}")
        browser.close()
    print("api max: the heaviest of every page with an API entry")
    if failed:
        print("over the target:\n  " + "\n  ".join(failed))
        return 1
    print("target met: every API page of both editions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
