"""The built pages as readers of an API reference expect them, and a wholly Chinese Chinese edition."""

import json
import re
import zipfile

import pytest

from helpers import SITE, pages, parse
from torchref.comments import strip_comments

HAN = re.compile(r"[\u4e00-\u9fff]")


def test_every_page_links_the_general_index(edition):
    for page in pages(edition):
        box = parse(SITE / edition / page).find(class_="torchref-genindex-link")
        links = [a["href"] for a in box.find_all("a", href=True)] if box else []
        assert links and (links[0].endswith("genindex.html") or page.name == "genindex.html"), f"{edition}/{page}"


def test_index_lists_each_api_under_its_own_name_and_module(edition):
    index = parse(SITE / edition / "genindex.html")
    text = " ".join(index.select_one("article").get_text(" ").split())
    assert "built-in function" not in text
    entries = {" ".join(li.get_text(" ").split()) for li in index.select("table.indextable li")}
    expected = {"en": "cat() (in module torch)", "zh_CN": "cat()（在 torch 模块中）"}[edition]
    assert expected in entries
    c_section = index.find(id="C")
    assert c_section is not None and expected in " ".join(c_section.find_next("table").get_text(" ").split())


def example_pages(edition):
    return [p for p in pages(edition) if p.parts[0] == "examples" and p.name.startswith("plot_")]


def test_example_pages_label_outputs_as_entries_do(edition):
    for page in example_pages(edition):
        html = parse(SITE / edition / page)
        for output in html.select(".sphx-glr-script-out"):
            wrapper = output.find_parent(class_="executed-output")
            assert wrapper is not None, page
            label = wrapper.select_one(".executed-output-label").get_text()
            assert wrapper["data-torch"] in label and "CPU" in label, page
        facts = html.select_one(".example-run-information").get_text(" ")
        assert "glibc" not in facts and not re.search(r"\d+\.\d+\.\d+-\S+-x86_64", facts), facts


def test_cuda_examples_tell_the_reader_what_they_need(edition):
    gallery = parse(SITE / edition / "examples" / "index.html")
    cards = {card.select_one("a")["href"]: card for card in gallery.select(".sphx-glr-thumbcontainer")}
    cuda_card = next(card for href, card in cards.items() if href.endswith("plot_random_cuda.html"))
    assert "GPU" in cuda_card.select_one(".sphx-glr-thumbnail-title").get_text()
    notice = parse(SITE / edition / "examples" / "runtime" / "plot_random_cuda.html").select_one(".not-executed")
    text = notice.get_text()
    assert "GPU" in text and ".py" in text and "runner" not in text


def test_gallery_follows_the_reference_order(edition):
    headings = [h.get_text().strip() for h in parse(SITE / edition / "examples" / "index.html").select("section h2")]
    order = {"en": ["Tensors", "Training", "Devices"], "zh_CN": ["张量", "训练", "设备"]}[edition]
    at = [next(i for i, heading in enumerate(headings) if heading.startswith(area)) for area in order]
    assert at == sorted(at), headings


def test_cards_without_a_figure_get_their_own_thumbnail(edition):
    images = [img["src"] for img in parse(SITE / edition / "examples" / "index.html").select(".sphx-glr-thumbcontainer img")]
    contents = {(SITE / edition / "examples" / src).resolve().read_bytes() for src in images}
    assert len(images) > 20 and len(contents) == len(images)  # one image per script, none the default


# --- the Chinese edition --------------------------------------------------------------

ENGLISH_INTERFACE = ['placeholder="Search..."', 'title="Link to this heading"', 'title="Link to this definition"',
                     'title="Toggle primary sidebar"', 'title="Toggle secondary sidebar"', 'aria-label="Main"',
                     "built-in function", "(PEP 3102)", "© Copyright"]


def test_chinese_interface_has_no_english_strings():
    for page in pages("zh_CN"):
        source = (SITE / "zh_CN" / page).read_text(encoding="utf-8")
        assert [s for s in ENGLISH_INTERFACE if s in source] == [], f"zh_CN/{page}"


def test_chinese_gallery_cards_are_chinese():
    cards = parse(SITE / "zh_CN" / "examples" / "index.html").select(".sphx-glr-thumbcontainer")
    assert len(cards) > 20
    for card in cards:
        assert HAN.search(card.select_one(".sphx-glr-thumbnail-title").get_text()), card
        assert HAN.search(card["data-tooltip"]), card["data-tooltip"]


def test_offline_readme_is_in_the_edition_language():
    archive = next((SITE / "zh_CN" / "_offline").glob("*.zip"))
    with zipfile.ZipFile(archive) as zipped:
        readme = next(name for name in zipped.namelist() if name.endswith("README.txt"))
        assert HAN.search(zipped.read(readme).decode("utf-8"))


def code_cells(edition, page):
    html = parse(SITE / edition / page)
    return [pre.get_text() for block in html.find_all("div", class_=["highlight-python", "highlight-Python"])
            for pre in block.find_all("pre")]


def area_pages(edition):
    """The pages of the areas (tensors/, ops/, nn/, runtime/, examples/...), not the site's top pages."""
    return [page for page in pages(edition) if len(page.parts) > 1]


@pytest.mark.parametrize("page", area_pages("en"), ids=str)
def test_comments_are_translated_and_code_and_outputs_are_identical(page):
    english, chinese = code_cells("en", page), code_cells("zh_CN", page)
    assert [strip_comments(c) for c in english] == [strip_comments(c) for c in chinese]
    outputs = [[pre.get_text() for pre in parse(SITE / e / page).select(".sphx-glr-script-out pre, .executed-output pre")]
               for e in ("en", "zh_CN")]
    assert outputs[0] == outputs[1]


def test_figures_keep_their_place_and_load_when_scrolled_to(edition):
    figures = [(page, img) for page in area_pages(edition)
               for img in parse(SITE / edition / page).find_all("img", class_="executed-figure")]
    assert figures
    for page, img in figures:
        assert img["loading"] == "lazy" and int(img["width"]) > 0 and int(img["height"]) > 0, page
        assert ((SITE / edition / page).parent / img["src"]).is_file(), (page, img["src"])


def test_chinese_pages_and_downloads_show_chinese_comments():
    page = "examples/tensors/plot_views_and_strides.html"
    assert any(re.search(r"#.*[\u4e00-\u9fff]", code) for code in code_cells("zh_CN", page))
    downloads = {edition: {p.relative_to(SITE / edition / "_downloads"): p
                           for p in (SITE / edition / "_downloads").rglob("plot_views_and_strides.*")}
                 for edition in ("en", "zh_CN")}
    assert set(downloads["en"]) == set(downloads["zh_CN"])
    for name, english in downloads["en"].items():
        chinese = downloads["zh_CN"][name]
        if name.suffix == ".py":
            en_code, zh_code = english.read_text(encoding="utf-8"), chinese.read_text(encoding="utf-8")
        elif name.suffix == ".ipynb":
            en_code, zh_code = ("\n".join("".join(c["source"]) for c in json.loads(p.read_text(encoding="utf-8"))["cells"]
                                          if c["cell_type"] == "code") for p in (english, chinese))
        else:
            continue
        assert strip_comments(en_code) == strip_comments(zh_code), name
        assert re.search(r"#.*[\u4e00-\u9fff]", zh_code), name


def test_the_chinese_zip_of_all_examples_holds_the_translated_scripts():
    [script] = (SITE / "zh_CN" / "_downloads").rglob("plot_views_and_strides.py")
    [archive] = (SITE / "zh_CN" / "_downloads").rglob("examples_python.zip")
    with zipfile.ZipFile(archive) as zipped:
        [member] = [name for name in zipped.namelist() if name.endswith("/plot_views_and_strides.py")]
        assert zipped.read(member) == script.read_bytes()
    assert re.search(r"#.*[\u4e00-\u9fff]", script.read_text(encoding="utf-8"))
