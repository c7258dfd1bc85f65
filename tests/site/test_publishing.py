"""What a host or an offline reader gets: not-found pages, sitemap, canonical URLs, archives."""

import re
import zipfile

import pytest

from helpers import EDITIONS, ROOT, SITE, pages, parse

SITE_URL = "http://127.0.0.1:8000/"  # make site's default address


def test_each_edition_and_the_site_have_a_not_found_page():
    root = parse(SITE / "404.html")
    assert {"/en/index.html", "/zh_CN/index.html"} <= {a["href"] for a in root.select("a[href]")}
    for edition, heading in (("en", "Page not found"), ("zh_CN", "页面不存在")):
        page = parse(SITE / edition / "404.html")
        assert page.select_one("article h1").get_text() == heading
        assert page.select_one("main form")["action"] == f"/{edition}/search.html"
        # the theme's page, served at any depth: its relative URLs resolve from the edition's root
        assert page.base["href"] == f"/{edition}/"
        assert page.select_one('meta[name="viewport"]') and page.select_one('link[href*="_static/styles/"]')


def test_sitemap_lists_every_page_with_its_translation():
    sitemap = (SITE / "sitemap.xml").read_text(encoding="utf-8")
    for edition in EDITIONS:
        for page in ("index.html", "tensors/views.html"):
            assert f"<loc>{SITE_URL}{edition}/{page}</loc>" in sitemap
    listed = set(re.findall(r"<loc>([^<]+)</loc>", sitemap))
    for edition in EDITIONS:
        for page in pages(edition):
            if page.name not in ("search.html", "genindex.html") and page.as_posix() != "examples/index.html":
                assert f"{SITE_URL}{edition}/{page.as_posix()}" in listed
    assert 'hreflang="zh-CN" href="http://127.0.0.1:8000/zh_CN/tensors/views.html"' in sitemap
    assert "Sitemap: http://127.0.0.1:8000/sitemap.xml" in (SITE / "robots.txt").read_text()


def test_pages_name_their_canonical_url_and_build_time(edition):
    for page in pages(edition):
        html = parse(SITE / edition / page)
        canonical = html.select_one('link[rel="canonical"]')
        assert canonical and canonical["href"] == f"{SITE_URL}{edition}/{page.as_posix()}", page
        footer = html.select_one(".bd-footer-content").get_text()
        assert ("Last updated on" if edition == "en" else "最后更新于") in footer, page


def test_each_edition_downloads_as_one_archive(edition):
    link = parse(SITE / edition / "index.html").select_one(".torchref-offline a[href]")
    archive = SITE / edition / link["href"]
    with zipfile.ZipFile(archive) as zipped:
        names = set(zipped.namelist())
    top = f"pytorch-api-reference-{edition}/"
    assert {top + "README.txt", top + "index.html", top + "tensors/views.html", top + "_search/meta.json"} <= names
    assert not any("/_offline/" in name for name in names)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_sites_own_scripts_are_published_minified(edition):
    static = ROOT / "torchref" / "static"
    for source, published in ((static / "torchref.js", SITE / edition / "_static" / "torchref.js"),
                              (static / "torchref-search.js", SITE / edition / "_search" / "search.js")):
        code = published.read_text(encoding="utf-8").split("\nTorchrefSearch.preload(")[0]
        assert len(code) < 0.8 * len(source.read_text(encoding="utf-8")), published
        assert "// " not in code and "\n  " not in code, published  # no comments, no indentation
    # the search page's script carries the index's table: a cold query starts with one download
    script = (SITE / edition / "_search" / "search.js").read_text(encoding="utf-8")
    meta = (SITE / edition / "_search" / "meta.json").read_text(encoding="utf-8")
    assert script.endswith(f"\nTorchrefSearch.preload({meta});\n")
