"""The glossary page, generated from locale/zh_CN/glossary.yaml, in both editions, and the
links from a term's first use on each page to it."""

from collections import Counter

import pytest
import yaml

from helpers import ROOT, SITE, entry_terms, pages, parse
from torchref.glossary import term_id

ENTRIES = yaml.safe_load((ROOT / "locale" / "zh_CN" / "glossary.yaml").read_text(encoding="utf-8"))
LANG = {"en": "en", "zh_CN": "zh"}


def glossary_links(soup):
    return [a for a in soup.select("a[href]") if "glossary.html#term-" in a["href"]]


def test_the_glossary_lists_every_term_in_both_languages(edition):
    terms = entry_terms(SITE / edition / "glossary.html")
    lang = LANG[edition]
    for entry in ENTRIES:
        english = terms.get(term_id(entry, "en"))
        # a term both languages write alike (TorchScript) is listed once
        chinese = english if entry["zh"][0] == entry["en"][0] else terms.get(term_id(entry, "zh"))
        assert english and english.get_text(strip=True).rstrip("#") == entry["en"][0], entry["en"][0]
        assert chinese and chinese.get_text(strip=True).rstrip("#") == entry["zh"][0], entry["en"][0]
        definition = english.find_next_sibling("dd")
        shown = definition.get_text().replace("\u2019", "'")  # smart quotes
        assert entry["definition"][lang] in shown, entry["en"][0]


def test_terms_link_to_the_api_entries_that_use_them(edition):
    soup = parse(SITE / edition / "glossary.html")
    stride = soup.find("dt", id="term-stride").find_next_sibling("dd")
    assert "tensors/views.html#torch.Tensor.stride" in [a["href"] for a in stride.select(".glossary-uses a")]


@pytest.mark.parametrize("page", ["tensors/views.html", "tensors/indexing.html", "runtime/random.html"])
def test_api_pages_link_the_first_use_of_a_term(edition, page):
    soup = parse(SITE / edition / page)
    links = glossary_links(soup)
    assert links, f"{page} links no term to the glossary"
    targets = Counter(a["href"].split("#")[1] for a in links)
    assert max(targets.values()) == 1, f"{page} links a term more than once: {targets.most_common(3)}"
    inside_entries = [a for a in links if a.find_parent("dl", class_="py")]
    assert inside_entries, f"{page}: no API entry links a term"


def test_term_links_stay_out_of_code_headings_signatures_and_outputs(edition):
    for page in pages(edition):
        if page.name in ("glossary.html", "genindex.html"):
            continue
        for link in glossary_links(parse(SITE / edition / page)):
            assert link.parent.name == "p", f"{page}: {link}"
            assert not link.find_parent(["h1", "h2", "h3", "h4", "pre", "code", "dt", "a"]), f"{page}: {link}"
            assert not link.find_parent(class_=["executed-output", "official-docs"]), f"{page}: {link}"
