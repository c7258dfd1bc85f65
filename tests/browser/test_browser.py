"""Both editions in a real browser: Debian's Chromium driven by Playwright."""

from urllib.parse import quote

import pytest

from helpers import EDITIONS, OTHER_EDITION, SITE


class Tab:
    """A page that records every JavaScript error and failed request."""

    def __init__(self, browser, **context_options):
        self.context = browser.new_context(**context_options)
        self.page = self.context.new_page()
        self.errors = []
        self.page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"))
        self.page.on("response", lambda r: r.status >= 400 and self.errors.append(f"{r.status}: {r.url}"))

    def close(self):
        self.context.close()


@pytest.fixture
def tab(browser):
    opened = Tab(browser)
    yield opened
    opened.close()


@pytest.mark.parametrize("edition", EDITIONS)
def test_language_switch_keeps_page_and_anchor(tab, server, edition):
    anchor = "torch.Tensor.view"
    tab.page.goto(f"{server}/{edition}/tensors/views.html#{anchor}")
    tab.page.locator("a.torchref-language-switch").first.click()
    tab.page.wait_for_load_state("load")
    other = OTHER_EDITION[edition]
    assert tab.page.url == f"{server}/{other}/tensors/views.html#{anchor}"
    assert tab.page.locator(f'[id="{anchor}"]').count() == 1
    assert tab.page.locator("html").get_attribute("lang") == {"en": "en", "zh_CN": "zh-CN"}[other]
    assert tab.errors == []


@pytest.mark.parametrize("locale, edition", [("zh-CN", "zh_CN"), ("en-US", "en"), ("fr-FR", "en")])
def test_landing_page_follows_the_browser_language(browser, server, locale, edition):
    visitor = Tab(browser, locale=locale)
    visitor.page.goto(f"{server}/index.html")
    visitor.page.wait_for_url(f"{server}/{edition}/index.html")
    assert visitor.errors == []
    visitor.close()


SEARCHES = [  # (query, entries of which one must be in the top 3), every kind of query
    ("torch.cat", ["tensors/indexing.html#torch.cat"]),
    ("Tensor.view", ["tensors/views.html#torch.Tensor.view"]),
    ("concatenates", ["tensors/indexing.html#torch.cat"]),
    ("type promotion", ["tensors/attributes.html#type-promotion"]),
    ("步长", ["tensors/views.html#torch.Tensor.stride", "tensors/views.html#strides-explained"]),
    ("张量拼接", ["tensors/indexing.html#torch.cat"]),
    ("cat 拼接", ["tensors/indexing.html#torch.cat"]),
    # a pasted error, with the reader's own sizes: the entry whose example printed it
    ("RuntimeError: mat1 and mat2 shapes cannot be multiplied (64x784 and 512x10)", ["nn/linear-conv.html#torch.nn.Linear"]),
    # through the glossary: 连续 is "contiguous", the word these entries use in both editions
    ("非连续张量", ["tensors/views.html#torch.Tensor.is_contiguous", "tensors/views.html#torch.Tensor.contiguous"]),
]


def search(tab, server, edition, query):
    tab.page.goto(f"{server}/{edition}/search.html?q={quote(query)}")
    tab.page.wait_for_selector("#search-results[data-status=done]")
    return tab.page.eval_on_selector_all("#search-results a[href]", "links => links.map(a => a.getAttribute('href'))")


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("query, expected", SEARCHES, ids=[q for q, _ in SEARCHES])
def test_search_finds_entries_in_both_languages(tab, server, edition, query, expected):
    hits = search(tab, server, edition, query)
    assert set(expected) & set(hits[:3]), hits[:5]
    assert tab.page.locator("#search-results li mark").count() > 0  # matches are highlighted
    assert tab.errors == []


def test_exact_api_name_ranks_first(tab, server):
    assert search(tab, server, "zh_CN", "torch.Tensor")[0] == "tensors/tensor-class.html#torch.Tensor"
    assert search(tab, server, "zh_CN", "torch.tensor")[0] == "tensors/tensor-class.html#torch.tensor"


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("query, expected", [
    ("转置", "tensors/views.html#torch.transpose"),  # before T, mT and t, which the glossary also calls 转置
    ("拼接", "tensors/indexing.html#torch.cat"),  # before its alias torch.concat
])
def test_a_chinese_term_ranks_the_entry_of_its_english_name_first(tab, server, edition, query, expected):
    assert search(tab, server, edition, query)[0] == expected


@pytest.mark.parametrize("query, expected", [
    ("model.eval()", "nn/module.html#torch.nn.Module.eval"),  # the reader's object: the method
    ("optimizer.step(closure)", "training/optim.html#torch.optim.Optimizer.step"),  # a tail of its name
    ("logits.mean(dim=1)", "ops/reduction.html#torch.Tensor.mean"),  # a method form on its function's entry
    ("x.add_(1)", "ops/pointwise.html#torch.Tensor.add_"),
])
def test_a_call_as_the_reader_writes_it_ranks_its_method_first(tab, server, query, expected):
    assert search(tab, server, "en", query)[0] == expected


VIEWS = "tensors/views.html#"


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("question, statement, sections, entries", [
    ("why does reshape copy", "reshape copy", {"view-vs-reshape"}, {"torch.reshape", "torch.Tensor.reshape"}),
    ("转置以后 view 为什么报错", "转置以后 view 报错", {"transpose-and-contiguous", "view-compatibility"},
     {"torch.Tensor.view", "torch.transpose"}),
])
def test_a_question_ranks_the_section_that_explains_before_the_entry(tab, server, edition, question, statement,
                                                                     sections, entries):
    assert search(tab, server, edition, question)[0] in {VIEWS + anchor for anchor in sections}
    # without the question, an entry it names comes first
    assert search(tab, server, edition, statement)[0] in {VIEWS + anchor for anchor in entries}


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("question, section", [
    # glued into "whenshouldIcallscheduler.step", it once named Optimizer.step as if typed alone
    ("when should I call scheduler.step", "training/lr-scheduler.html#lrsched-loop-order"),
    # a name among the words of a query that asks points at its entry half as hard
    ("clone detach 区别", "tensors/tensor-class.html#tensor-class-clone-detach"),
])
def test_a_name_in_a_question_ranks_the_section_that_answers_it_first(tab, server, edition, question, section):
    assert search(tab, server, edition, question)[0] == section


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("query", ["remove duplicates", "去重"])
def test_a_learners_own_words_find_the_entry_that_never_uses_them(tab, server, edition, query):
    # from docs/search-keywords/ops.yaml: neither the entry's text nor its title says them
    assert search(tab, server, edition, query)[0] == "ops/reduction.html#torch.unique"
    entry = (SITE / edition / "ops" / "reduction.html").read_text(encoding="utf-8")
    assert query not in entry
    assert tab.errors == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_query_is_only_text(tab, server, edition):
    query = "<img src=x onerror=alert(1)>"
    dialogs = []
    tab.page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    search(tab, server, edition, query)
    assert tab.page.locator("#search-results img").count() == 0
    assert query in tab.page.locator("#search-results .search-summary").inner_text()
    assert dialogs == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_header_search_box_leads_to_the_results(tab, server, edition):
    tab.page.goto(f"{server}/{edition}/tensors/views.html")
    tab.page.keyboard.press("Control+k")
    field = tab.page.locator("form.bd-search input[name=q]:visible").first
    field.fill("stride")
    field.press("Enter")
    tab.page.wait_for_selector("#search-results[data-status=done]")
    assert tab.page.url.startswith(f"{server}/{edition}/search.html?q=stride")
    assert tab.errors == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_executed_output_is_readable_in_both_themes(tab, server, theme):
    tab.page.goto(f"{server}/en/tensors/views.html")
    tab.page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
    output = tab.page.locator(".executed-output").first
    assert output.is_visible()
    color = output.evaluate("e => getComputedStyle(e.querySelector('pre')).color")
    background = output.evaluate("e => getComputedStyle(e).backgroundColor")
    assert color != background
