"""The contracts of DESIGN.md, checked on the built site of both editions."""

import pytest

from helpers import OTHER_EDITION, SITE, delivered_objects, entry_terms, inventory, pages, parse

OBJECTS = delivered_objects()


def test_editions_have_the_same_pages():
    assert pages("en") == pages("zh_CN")
    assert len(pages("en")) > 5


def test_landing_page_offers_both_editions():
    landing = parse(SITE / "index.html")
    hrefs = {a["href"] for a in landing.select("a[href]")}
    assert {"en/index.html", "zh_CN/index.html"} <= hrefs
    assert "navigator.languages" in landing.script.string


@pytest.mark.parametrize("section, section_pages, name", OBJECTS, ids=[o[2] for o in OBJECTS])
def test_every_object_has_a_complete_entry(edition, section, section_pages, name):
    entries = inventory(edition)
    assert name in entries, f"{name} is not in {edition}/objects.inv"
    page = entries[name][1].split("#")[0].removesuffix(".html")
    assert page in section_pages, f"{name} is documented on {page}, not on {section}'s {section_pages}"
    dt = entry_terms(SITE / edition / f"{page}.html").get(name)
    assert dt is not None, f'no <dt id="{name}"> on {edition}/{page}.html'
    dd = dt.find_next_sibling("dd")
    outputs = dd.find_all(class_="executed-output")  # find_all, not select: 1,870 entries, soupsieve 10x slower
    assert outputs, f"{name}: no executed output inside its entry"
    for output in outputs:
        assert output["data-runner"] in ("cpu", "cuda")
        # a kept GPU record may come from another torch: then its label names the one the site documents
        label = output.find(class_="executed-output-label").get_text()
        assert output["data-torch"].startswith("2.13.0") or "2.13.0" in label
        assert output["data-source"].startswith("gallery/")
        assert output["data-torch"] in output.get_text()  # the stamp is visible, not only an attribute
        assert output.find_parent(class_="executed-cell").find("div", class_="highlight-python"), "output without its code"
    official = next((a for box in dd.find_all(class_="official-docs") for a in box.find_all("a", class_="external")), None)
    assert official and official["href"].startswith("https://docs.pytorch.org/docs/")
    downloads = {a["href"].rsplit(".", 1)[-1] for source in dd.find_all(class_="executed-example-source")
                 for a in source.find_all("a", class_="download")}
    assert {"py", "ipynb"} <= downloads


def test_every_page_links_both_editions(edition):
    for page in pages(edition):
        html = parse(SITE / edition / page)
        alternates = {link["hreflang"]: link["href"] for link in html.head.select('link[rel="alternate"][hreflang]')}
        assert set(alternates) == {"en", "zh-CN"}, page
        switch = html.find("a", class_="torchref-language-switch")
        assert switch is not None, f"{edition}/{page} has no language switch"
        target = (SITE / edition / page).parent / switch["href"]
        assert target.resolve() == (SITE / OTHER_EDITION[edition] / page).resolve()


def test_html_lang_matches_the_edition(edition):
    expected = {"en": "en", "zh_CN": "zh-CN"}[edition]
    for page in pages(edition):
        assert parse(SITE / edition / page).html["lang"] == expected, page
