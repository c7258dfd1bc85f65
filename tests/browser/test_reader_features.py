"""What readers of an API reference expect, in both editions: search that counts, pages on,
forgives a typo and points elsewhere when it finds nothing; a copy button; a language switch
that keeps the reader's place."""

import json
import re
from urllib.parse import parse_qs, quote, urlsplit

import pytest

import official_links
from helpers import EDITIONS, OTHER_EDITION, SITE
from test_browser import Tab
from torchref.search.index import Glossary, table_rows
from torchref.search.text import concept_key, index_files, is_chinese_pair, looked_up, query_terms


@pytest.fixture
def tab(browser):
    opened = Tab(browser)
    yield opened
    opened.close()


def open_search(tab, server, edition, query):
    requests = []
    tab.page.on("request", lambda request: requests.append(request.url))
    tab.page.goto(f"{server}/{edition}/search.html?q={quote(query)}")
    tab.page.wait_for_selector("#search-results[data-status=done]")
    return requests


def result_links(tab):
    return tab.page.eval_on_selector_all("#search-results ol a[href]", "links => links.map(a => a.getAttribute('href'))")


@pytest.mark.parametrize("edition", EDITIONS)
def test_search_says_how_many_and_shows_more(tab, server, edition):
    open_search(tab, server, edition, "tensor")
    total = int(tab.page.get_attribute("#search-results", "data-count"))
    assert total > 40
    assert str(total) in tab.page.inner_text("#search-results .search-summary")
    assert len(result_links(tab)) == 10
    tab.page.click("#search-results button.search-more")
    tab.page.wait_for_function("document.querySelectorAll('#search-results ol > li').length === 20")
    assert len(set(result_links(tab))) == 20
    # the keyboard reader lands on the first new result
    assert tab.page.evaluate("document.activeElement.closest('li') === document.querySelectorAll('#search-results ol > li')[10]")
    assert tab.errors == []


TYPOS = [("unsqeeze", "tensors/indexing.html#torch.unsqueeze", "unsqueeze"),
         ("contigous", "tensors/views.html#torch.Tensor.contiguous", "contiguous"),
         ("Tensor.contigous", "tensors/views.html#torch.Tensor.contiguous", "Tensor.contiguous"),
         ("concatenaet tensors", "tensors/indexing.html#torch.cat", "concatenate tensors"),
         # two typos in a long word, and the name written as the API writes it
         ("SumaryWritter", "training/visualization.html#torch.utils.tensorboard.writer.SummaryWriter", "SummaryWriter"),
         # a character of the same sound, as a pinyin input method picks it
         ("转至", "tensors/views.html#torch.transpose", "转置"),
         ("交叉商", "nn/loss.html#torch.nn.CrossEntropyLoss", "交叉熵")]


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("query, expected, corrected", TYPOS, ids=[q for q, _, _ in TYPOS])
def test_a_typo_still_finds_the_entry(tab, server, edition, query, expected, corrected):
    open_search(tab, server, edition, query)
    assert expected in result_links(tab)[:3]
    assert tab.page.get_attribute("#search-results", "data-corrected") == corrected
    assert query in tab.page.inner_text("#search-results .search-corrected")
    assert tab.errors == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_term_the_glossary_calls_wrong_searches_the_right_one(tab, server, edition):
    open_search(tab, server, edition, "批标准化")
    assert tab.page.get_attribute("#search-results", "data-corrected") == "批归一化"
    note = tab.page.inner_text("#search-results .search-corrected")
    assert "批标准化" in note and "批归一化" in note
    assert "nn/normalization.html#torch.nn.BatchNorm2d" in result_links(tab)[:5]
    assert tab.errors == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_query_without_typo_loads_neither_vocabulary_nor_pinyin(tab, server, edition):
    for query in ("torch.cat", "张量拼接"):
        requests = open_search(tab, server, edition, query)
        assert not [url for url in requests if "/vocabulary/" in url or url.endswith("pinyin.json")]
        assert not tab.page.get_attribute("#search-results", "data-corrected")


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("query", ["broadcasting rules", "最大值的索引", "torch.cat"])
def test_a_cold_query_fetches_the_table_its_concepts_its_terms_files_and_few_pages(tab, server, edition, query):
    requests = open_search(tab, server, edition, query)
    fetched = [url.split("/_search/", 1)[1] for url in requests if "/_search/" in url]
    meta = json.loads((SITE / edition / "_search" / "meta.json").read_text(encoding="utf-8"))
    # a glossary term of the query is read from its concept's file, the other terms from their shards
    # or, a Chinese pair, from the pair file of one of its characters (the pairs of a stop character,
    # 值的, and over-common terms, torch, from none)
    concepts = [entry for entry in Glossary.unpack(meta["glossary"])
                if any(re.search(rf"(^|[^a-z0-9_]){re.escape(item.lower())}(e?s)?($|[^a-z0-9_])", query.lower())
                       for item in entry[0] if len(item) > 1) or any(term in query for term in entry[1])]
    in_concepts = {term for entry in concepts for item in entry[0] + entry[1] for term in query_terms(item)}
    alone = [term for term in looked_up(query_terms(query)) if term not in in_concepts and term not in meta["common"]]
    # the search code carries the index's table (meta.json, not fetched)
    expected = {"search.js"} | {f"c/{concept_key(entry[0][0])}.json" for entry in concepts} | {
        file for term in alone if not is_chinese_pair(term) for file in index_files(term, meta["shards"])}
    assert len(fetched) == len(set(fetched))
    index_files_read = {f for f in fetched if not f.startswith("p/")}
    assert expected <= index_files_read
    # overlapping pairs share the file of the character they share (最大, 大值: 大's), unless that
    # character is busy (its pairs are spread out to keep files small): never more files than pairs
    pairs = [term for term in alone if is_chinese_pair(term)]
    pair_files = index_files_read - expected
    assert all(set(index_files(pair, meta["shards"], meta["busy"])) & pair_files for pair in pairs)
    shared = [a for a, b in zip(pairs, pairs[1:]) if a[1] == b[0] and a[1] not in meta["busy"]]
    assert len(pair_files) <= len(pairs) - len(shared) or not pairs and not pair_files
    # the results not shown from the concepts' files come from the files of their pages
    shown_pages = {href.split("#")[0].removesuffix(".html") for href in result_links(tab)}
    assert {f for f in fetched if f.startswith("p/")} <= {f"p/{page}.json" for page in shown_pages} | {
        f"p/{row[4].removesuffix('.html')}.json" for row in table_rows(meta) if len(row) > 4}


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_long_chinese_question_reads_the_pairs_inside_its_words_first(tab, server, edition):
    # 23 characters, more pairs than the 5 files a query reads: in the question's order, its first
    # pairs (两个, 个张, 量沿 ...), most across words, took the files; 堆叠 (stack) was never read and
    # torch.min came first
    requests = open_search(tab, server, edition, "想把两个张量沿着新的维度堆叠起来应该用哪个函数")
    assert f"{server}/{edition}/_search/c/stack.json" in requests
    assert result_links(tab)[0] == "tensors/indexing.html#torch.stack"
    assert tab.errors == []


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("query, first", [
    # torch.equal has every word of it but "approximately" (and "equal" in its title): counted alike,
    # the missing word cost it a sixth; the rarest word now weighs the most
    ("check if two tensors are approximately equal", "ops/comparison.html#torch.allclose"),
    # 零 sits between two stop characters: none of its pairs is looked up, so it was left out
    ("创建全是零的张量", "tensors/creation.html#torch.zeros"),
])
def test_a_query_is_about_its_rarest_words(tab, server, edition, query, first):
    open_search(tab, server, edition, query)
    assert result_links(tab)[0] == first
    assert tab.errors == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_concepts_other_items_are_read_from_its_own_file(tab, server, edition):
    # 交叉熵's items (cross entropy) have the term of another concept (entropy): its postings are in
    # the cross-entropy file too, so that is the one file fetched
    requests = open_search(tab, server, edition, "交叉熵")
    fetched = [url.split("/_search/", 1)[1] for url in requests if "/_search/" in url]
    assert [f for f in fetched if not f.startswith("p/")] == ["search.js", "c/cross-entropy.json"]
    assert tab.errors == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_pasted_error_reads_few_files_and_finds_its_page(tab, server, edition):
    error = ("RuntimeError: view size is not compatible with input tensor's size and stride (at least one "
             "dimension spans across two contiguous subspaces). Use .reshape(...) instead.")
    requests = open_search(tab, server, edition, error)
    fetched = [url.split("/_search/", 1)[1] for url in requests if "/_search/" in url]
    # eighteen terms, but only the files of the five rarest (torchref-search.js's MAX_FILES)
    assert len([f for f in fetched if f.startswith(("shard-", "pairs-", "c/"))]) <= 5
    # its first results are the units that printed it or explain it: their rows come with the files read
    tail = {f"p/{link.split('#')[0].removesuffix('.html')}.json" for link in result_links(tab)[5:]}
    assert {f for f in fetched if f.startswith("p/")} <= tail
    assert not [f for f in fetched if f.startswith("vocabulary/")]  # the words left out are no typos
    assert {link.split("#")[0] for link in result_links(tab)[:3]} == {"tensors/views.html"}
    assert tab.errors == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_pasted_error_with_the_readers_sizes_finds_an_entry_that_printed_it(tab, server, edition):
    # the views page's examples print "shape '[5, -1]' is invalid for input of size 24"; MaxUnpool2d's
    # "Found an invalid max index ... of size 4x4" shares two of its words and once ranked first
    open_search(tab, server, edition, "shape '[32, -1]' is invalid for input of size 100")
    assert result_links(tab)[0].startswith("tensors/views.html#")
    assert tab.errors == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_result_suggests_terms_and_the_official_search(tab, server, edition):
    open_search(tab, server, edition, "sqeez")  # two typos in a short word: not corrected, but suggested
    assert result_links(tab) == []
    suggestions = tab.page.eval_on_selector_all(".search-suggestions a", "links => links.map(a => a.textContent)")
    assert "squeeze" in suggestions
    tab.page.click(".search-suggestions a >> text=squeeze")
    tab.page.wait_for_selector("#search-results[data-status=done]")
    assert "tensors/indexing.html#torch.squeeze" in result_links(tab)[:3]
    open_search(tab, server, edition, "xyzzyq")
    official = tab.page.get_attribute(".search-official a", "href")
    assert official == "https://docs.pytorch.org/docs/stable/search.html?q=xyzzyq"
    assert tab.errors == []


# Torch names that no section of ../shared/topics.yaml documents (asserted): as typed, the name found,
# its official page ("" where the official search stands in), a word every result's page has.
NOT_HERE = [("nn.GaussianNLLLoss", "torch.nn.GaussianNLLLoss", "generated/torch.nn.GaussianNLLLoss.html", None),
            ("GaussianNLLLoss", "torch.nn.GaussianNLLLoss", "generated/torch.nn.GaussianNLLLoss.html", None),
            ("x.storage()", "torch.Tensor.storage", "generated/torch.Tensor.storage.html", "storage()"),
            ("special.erfcx", "torch.special.erfcx", "", None)]
OFFICIAL = "https://docs.pytorch.org/docs/stable/"


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("query, name, page, word", NOT_HERE, ids=[q for q, *_ in NOT_HERE])
def test_a_torch_name_without_an_entry_is_said_so_with_its_official_page(tab, server, edition, query, name, page, word):
    assert name not in official_links.scope()
    open_search(tab, server, edition, query)
    assert tab.page.get_attribute("#search-results", "data-missing") == name
    # the notice comes first, in the edition's language, with the official page
    first = tab.page.eval_on_selector("#search-results", "c => c.firstElementChild.className")
    assert first == "search-missing"
    notice = tab.page.inner_text(".search-missing")
    assert name in notice and (("本参考没有" in notice) == (edition == "zh_CN"))
    assert tab.page.get_attribute(".search-missing a", "href") == (
        OFFICIAL + page if page else f"{OFFICIAL}search.html?q={quote(name)}")
    # then only the units that name it, not all that share "nn" or "x" with it
    found = result_links(tab)
    assert int(tab.page.get_attribute("#search-results", "data-count")) < 10
    if word:
        assert found
        for link in found:
            assert word in (SITE / edition / link.split("#")[0]).read_text(encoding="utf-8")
    assert not tab.page.query_selector(".search-corrected")  # a real name is no typo
    assert tab.errors == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_documented_name_is_found_as_always(tab, server, edition):
    for query, entry in (("torch.cat", "tensors/indexing.html#torch.cat"), ("x.view()", "tensors/views.html#torch.Tensor.view")):
        open_search(tab, server, edition, query)
        assert result_links(tab)[0] == entry
        assert not tab.page.query_selector(".search-missing")
        assert tab.page.get_attribute("#search-results", "data-missing") == ""


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("width", [1366, 768, 375])
def test_the_search_fields_icon_never_covers_its_text(browser, server, edition, width):
    page = browser.new_page(viewport={"width": width, "height": 800})
    try:
        page.goto(f"{server}/{edition}/search.html?q={quote('嵌入层 embedding')}")
        page.wait_for_selector("#search-results[data-status=done]")
        boxes = page.eval_on_selector_all("form.bd-search", """forms => forms.filter(f => f.offsetParent).map(f => {
          const input = f.querySelector("input"), icon = f.querySelector(".fa-magnifying-glass");
          const field = input.getBoundingClientRect(), style = getComputedStyle(input);
          // where the text starts and ends: inside the field's padding
          const text = [field.left + parseFloat(style.paddingLeft), field.right - parseFloat(style.paddingRight)];
          const mark = icon.getBoundingClientRect();
          return { text, icon: [mark.left, mark.right], top: [field.top, field.bottom, mark.top, mark.bottom] };
        })""")
        assert boxes  # the search page's own field
        for box in boxes:
            (text_left, text_right), (icon_left, icon_right) = box["text"], box["icon"]
            assert icon_right <= text_left or icon_left >= text_right, box
    finally:
        page.close()


@pytest.mark.parametrize("edition", EDITIONS)
def test_snippets_show_cuts_and_mark_only_matches(tab, server, edition):
    open_search(tab, server, edition, "stride")
    snippets = tab.page.eval_on_selector_all(".search-result-snippet", "ps => ps.map(p => p.textContent)")
    assert any(s.endswith("…") for s in snippets)  # a cut summary says so
    marks = {m.lower() for m in tab.page.eval_on_selector_all("#search-results mark", "ms => ms.map(m => m.textContent)")}
    assert marks and all(re.fullmatch(r"strid(e|es|ed|ing)|步长", mark) for mark in marks), marks
    open_search(tab, server, edition, "torch.cat")
    marks = {m.lower() for m in tab.page.eval_on_selector_all("#search-results mark", "ms => ms.map(m => m.textContent)")}
    assert "torch" not in marks and "torch.cat" in marks  # not every "torch" of the page


@pytest.mark.parametrize("edition", EDITIONS)
def test_copy_button_copies_code_without_output(browser, server, edition):
    tab = Tab(browser, permissions=["clipboard-read", "clipboard-write"])
    tab.page.goto(f"{server}/{edition}/tensors/views.html")
    cell = tab.page.locator(".executed-cell").first
    assert cell.locator(".executed-output button.copybtn").count() == 0  # outputs are not code
    cell.locator("pre").first.hover()
    cell.locator("button.copybtn").first.click()
    copied = tab.page.evaluate("navigator.clipboard.readText()")
    code = cell.locator("div.highlight-python pre").first.inner_text()
    output = cell.locator(".executed-output pre").first.inner_text()
    assert copied.strip() == code.strip()
    assert output.strip() not in copied
    assert tab.errors == []
    tab.close()


@pytest.mark.parametrize("edition", EDITIONS)
def test_language_switch_keeps_the_place_without_an_anchor(tab, server, edition):
    tab.page.goto(f"{server}/{edition}/tensors/views.html")
    tab.page.evaluate("document.getElementById('torch.Tensor.view').scrollIntoView({block: 'start', behavior: 'instant'})")
    # clicked where it is (sticky at the top): Playwright's own click would scroll the page first
    with tab.page.expect_navigation():
        tab.page.locator("a.torchref-language-switch").first.evaluate("link => link.click()")
    assert tab.page.url == f"{server}/{OTHER_EDITION[edition]}/tensors/views.html#torch.Tensor.view"


@pytest.mark.parametrize("edition", EDITIONS)
def test_language_switch_keeps_the_search_query(tab, server, edition):
    open_search(tab, server, edition, "步长 stride")
    tab.page.locator("a.torchref-language-switch").first.click()
    tab.page.wait_for_selector("#search-results[data-status=done]")
    url = urlsplit(tab.page.url)
    assert url.path == f"/{OTHER_EDITION[edition]}/search.html"
    assert parse_qs(url.query)["q"] == ["步长 stride"]
    assert result_links(tab)
