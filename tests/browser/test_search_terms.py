"""The browser's query terms are the index's terms: torchref-search.js mirrors search/text.py."""

import json

import pytest

from helpers import ROOT
from torchref.search.index import document_table, table_rows
from torchref.search.units import Unit
from torchref.search.words import inner_pairs, passes, word_filter
from torchref.search.text import (chinese_terms, concept_key, english_terms, index_files, is_chinese_pair, looked_up,
                                  query_terms, rarity, shard_of, stem)

WORDS = ("concatenate concatenates concatenated concatenating concatenation promotion promoted strides "
         "contiguous copies copied padding reshaping indices classes processes broadcasting initialised "
         "initializes behaviour raises unsqueeze gathered").split()
TEXTS = ["torch.cat F.one_hot x.view(-1) is_contiguous __init__ Tensor.new_zeros index_reduce_", "张量拼接 最大值的索引",
         "view共享内存 2x3", "IndexError: index 7 is out of bounds for dimension 1 with size 5",
         "why does my loss not go down", "为什么梯度是None 如何冻结参数", "创建全是零的张量",
         "UserWarning: Detected call of lr_scheduler.step() before optimizer.step()"]


@pytest.fixture(scope="module")
def js(browser):
    page = browser.new_page()
    page.add_script_tag(path=str(ROOT / "torchref" / "static" / "torchref-search.js"))
    yield page.evaluate
    page.close()


def test_stems_agree(js):
    assert js(f"{json.dumps(WORDS)}.map(TorchrefSearch.stem)") == [stem(w) for w in WORDS]


def test_terms_and_shards_agree(js):
    for text in TEXTS:
        english = js(f"TorchrefSearch.englishTerms({json.dumps(text)})")
        chinese = js(f"TorchrefSearch.chineseTerms({json.dumps(text)}, false)")
        assert english == english_terms(text)
        assert chinese == chinese_terms(text)
        shards = js(f"{json.dumps(english + chinese)}.map(t => TorchrefSearch.shardOf(t, 97))")
        assert shards == [shard_of(t, 97) for t in english + chinese]


def test_a_chinese_pair_is_read_from_a_file_that_has_it(js):
    # a pair is in the files of its characters but stop and busy ones, or else in its shard (text.py's
    # index_files): the browser reads it from one of them
    for busy in ("", "量大"):
        for text in TEXTS:
            pairs = [term for term in looked_up(query_terms(text)) if is_chinese_pair(term)]
            chosen = js(f"[...TorchrefSearch.pairFiles({json.dumps(pairs)}, 97, {json.dumps(busy)})]")
            assert sorted(pair for pair, _ in chosen) == sorted(set(pairs))
            assert all(file in index_files(pair, 97, busy) for pair, file in chosen)
    # overlapping pairs come from the files of the characters they share: 积's, then 大's
    chosen = js('[...TorchrefSearch.pairFiles(["卷积", "积核", "核大", "大小"], 97, "")]')
    assert len({file for _, file in chosen}) <= 2


def test_query_terms_agree(js):
    # the terms the browser looks up for a query (index.py counts a title's terms the same way)
    for text in TEXTS:
        assert js("t => TorchrefSearch.queryTerms(t)", text) == query_terms(text)
        assert js("t => TorchrefSearch.lookedUp(TorchrefSearch.queryTerms(t))", text) == looked_up(query_terms(text))
        terms = query_terms(text)
        assert js(f"{json.dumps(terms)}.map(TorchrefSearch.rarity)") == [rarity(term) for term in terms]


def test_concept_files_are_named_alike(js):
    items = ["label smoothing", "C++ (ABI)", "no-grad mode", "dtype"]
    assert js("items => items.map(TorchrefSearch.conceptKey)", items) == [concept_key(item) for item in items]


def test_the_table_is_read_alike(js):
    units = [Unit(url=url, kind=kind, name="", title="", text="") for url, kind in [
        ("examples/plot_conv.html", "example"), ("nn/conv.html#torch.nn.Conv1d", "api"),
        ("nn/conv.html#torch.nn.Conv2d", "api"), ("nn/conv.html#conv-output-size", "section"),
        ("nn/loss.html#torch.nn.L1Loss", "api")]]
    meta = json.loads(json.dumps(document_table(units, [1, [2, 3], [10, 36], 35, 2], {"examples/plot_conv.html": "nn/conv.html"})))
    assert meta["pages"].split(" ")[-1] == "3loss.html"  # after the "nn/" it shares with nn/conv.html
    assert js("meta => TorchrefSearch.tableRows(meta)", meta) == [[*row, None][:5] for row in table_rows(meta)]


def test_each_short_form_of_a_name_counts_once(js):
    # a two-part name's short form is also its last part: counted twice, "clone" among other words
    # pushed torch.clone up by both strengths (2 and 1), torch.Tensor.clone by one
    for name in ["torch.cat", "torch.nn.functional.one_hot", "torch.Tensor.view", "torch.optim.Optimizer.step"]:
        aliases = [alias for alias, _ in js("name => TorchrefSearch.aliases(name)", name)]
        assert len(aliases) == len(set(aliases)), aliases
    assert js("TorchrefSearch.aliases('torch.cat')") == [["torch.cat", 3], ["cat", 2]]


def test_the_word_filter_is_read_alike(js):
    question = "想把两个张量沿着新的维度堆叠起来应该用哪个函数"
    kept = word_filter(inner_pairs([question]))
    pairs = chinese_terms(question) + ["机种", "cat", "种"]
    assert js("([kept, pairs]) => pairs.map(TorchrefSearch.wordPairFilter(kept))", [kept, pairs]) == [
        len(pair) == 2 and passes(kept, pair) for pair in pairs]
