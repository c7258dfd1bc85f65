"""The Chinese edition is delivered fully translated, with code and outputs untouched."""

import re
from functools import lru_cache

from bs4 import CData, NavigableString, Tag

from helpers import SITE, pages, parse

# What the theme and sphinx-gallery put on every page, in English, if untranslated.
ENGLISH_INTERFACE = ["Skip to main content", "Back to top", "Search Ctrl+K", "Go to the end",
                     "Download Python source code", "Download Jupyter notebook", "Contents"]


HIDDEN_TAGS = {"script", "style", "pre", "code", "dt"}
HIDDEN_CLASSES = {"highlight", "executed-output", "sig"}


def visible_strings(element):
    """The strings ``element.get_text()`` would join, less those in code, outputs and signatures."""
    for child in element.children:
        if type(child) in (NavigableString, CData):
            yield child
        elif isinstance(child, Tag) and child.name not in HIDDEN_TAGS \
                and HIDDEN_CLASSES.isdisjoint(child.get("class", ())):
            yield from visible_strings(child)


@lru_cache(maxsize=None)  # two tests read every Chinese page's text
def visible_text(path):
    return " ".join(" ".join(visible_strings(parse(path))).split())


def test_no_page_falls_back_to_english():
    for page in pages("zh_CN"):
        html = parse(SITE / "zh_CN" / page)
        assert not html.find(class_="untranslated"), f"zh_CN/{page} has untranslated passages"
        assert not html.find(class_="translation-behind"), f"zh_CN/{page} shows the translation-behind notice"


def test_interface_strings_are_translated():
    for page in pages("zh_CN"):
        text = visible_text(SITE / "zh_CN" / page)
        leftovers = [s for s in ENGLISH_INTERFACE if s in text]
        assert leftovers == [], f"zh_CN/{page}"


def test_outputs_are_identical_across_editions():
    for page in pages("en"):
        outputs = {
            edition: [pre.get_text() for output in parse(SITE / edition / page).find_all(class_="executed-output")
                      for pre in output.find_all("pre")]
            for edition in ("en", "zh_CN")
        }
        assert outputs["en"] == outputs["zh_CN"], page


def test_chinese_pages_are_mostly_chinese():
    for page in pages("zh_CN"):
        if page.name in ("genindex.html", "py-modindex.html", "search.html"):
            continue
        text = visible_text(SITE / "zh_CN" / page)
        han = len(re.findall(r"[\u4e00-\u9fff]", text))
        assert han > 20, f"zh_CN/{page} has almost no Chinese text"
